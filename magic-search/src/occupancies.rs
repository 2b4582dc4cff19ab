//! Every relevant occupancy of a square with its attack set, and the order
//! a candidate magic is checked in so that most fail early.

use crate::rays::Rays;
use crate::rng::SplitMix64;
use crate::{next_subset, relevant_mask, Piece};
use magic_core::pext;
use std::sync::OnceLock;

/// Every relevant occupancy of one square with its attack set, in
/// Carry-Rippler order.
///
/// ```
/// use magic_search::{Occupancies, Piece};
/// let o = Occupancies::new(Piece::Rook, 0);
/// assert_eq!(o.occupancies.len(), 4096);
/// assert_eq!(o.attacks[0].count_ones(), 14);
/// ```
#[derive(Clone, Debug)]
pub struct Occupancies {
    /// The relevant-occupancy mask.
    pub mask: u64,
    /// All subsets of `mask`.
    pub occupancies: Vec<u64>,
    /// The attack set of each occupancy, by ray walk.
    pub attacks: Vec<u64>,
    /// The number of each occupancy's attack set among the square's
    /// distinct ones (`attack_set_numbers`), in the same order.
    pub(crate) ids: Vec<u64>,
    /// Each occupancy with the number of its attack set among the square's
    /// distinct ones, in the order of [`check_order`], for
    /// [`Scratch::is_magic`](crate::Scratch::is_magic) and the search.
    pub(crate) checks: Vec<(u64, u64)>,
}

impl Occupancies {
    /// Enumerates the occupancies of `piece` on `sq`.
    ///
    /// ```
    /// let o = magic_search::Occupancies::new(magic_search::Piece::Bishop, 27);
    /// assert_eq!(o.attacks.len(), 512);
    /// ```
    pub fn new(piece: Piece, sq: usize) -> Self {
        let mask = relevant_mask(piece, sq);
        let rays = Rays::new(piece, sq);
        let (occupancies, attacks) = subsets_with_attacks(mask, |occ| rays.attacks(occ));
        Self::of(mask, occupancies, attacks)
    }

    /// The occupancies whose blockers all lie on `squares`, with their
    /// attack sets: what [`only`](Self::only) keeps of them, in the same
    /// order, without going through the others.
    ///
    /// ```
    /// use magic_search::{Occupancies, Piece};
    /// let all = Occupancies::new(Piece::Rook, 0);
    /// let (rank, kept) = (all.within(0xff), all.only(|occ| occ & !0xff == 0));
    /// assert_eq!((rank.occupancies, rank.attacks), (kept.occupancies, kept.attacks));
    /// ```
    pub fn within(&self, squares: u64) -> Self {
        // Subsets of the mask come in increasing order: an occupancy's
        // place among them is its relevant bits packed.
        let (occupancies, attacks) = subsets_with_attacks(self.mask & squares, |occ| {
            self.attacks[pext(occ, self.mask) as usize]
        });
        Self::of(self.mask, occupancies, attacks)
    }

    /// The occupancies `keep` accepts, with their attack sets.
    ///
    /// ```
    /// let o = magic_search::Occupancies::new(magic_search::Piece::Rook, 0);
    /// let rank = o.only(|occ| occ & !0xff == 0);
    /// assert_eq!(rank.occupancies.len(), 64);
    /// ```
    pub fn only(&self, keep: impl Fn(u64) -> bool) -> Self {
        let (occupancies, attacks) = (self.occupancies.iter().zip(&self.attacks))
            .filter(|&(&occ, _)| keep(occ))
            .unzip();
        Self::of(self.mask, occupancies, attacks)
    }

    fn of(mask: u64, occupancies: Vec<u64>, attacks: Vec<u64>) -> Self {
        let ids = attack_set_numbers(&attacks);
        let checks = match occupancies.len() == 1 << mask.count_ones() {
            true => {
                // Plain loops: this runs for every square in the
                // unoptimised macro.
                let order = full_check_order(occupancies.len());
                let (occs, numbers) = (occupancies.as_slice(), ids.as_slice());
                let mut checks = vec![(0, 0); order.len()];
                let slots = checks.as_mut_slice();
                let mut i = 0;
                while i < order.len() {
                    let k = order[i] as usize;
                    slots[i] = (occs[k], numbers[k]);
                    i += 1;
                }
                checks
            }
            false => check_order(&occupancies, &ids),
        };
        Occupancies {
            mask,
            occupancies,
            attacks,
            ids,
            checks,
        }
    }
}

/// Every subset of `set` in increasing order (Carry-Rippler), and the
/// attack set `attacks` gives each. Written in place, without `push`: this
/// runs for every square in the unoptimised macro.
fn subsets_with_attacks(set: u64, attacks: impl Fn(u64) -> u64) -> (Vec<u64>, Vec<u64>) {
    let n = 1usize << set.count_ones();
    let (mut subsets, mut sets) = (vec![0; n], vec![0; n]);
    let (subs, atts) = (subsets.as_mut_slice(), sets.as_mut_slice());
    let mut subset = 0;
    let mut k = 0;
    while k < n {
        subs[k] = subset;
        atts[k] = attacks(subset);
        subset = next_subset(subset, set);
        k += 1;
    }
    (subsets, sets)
}

/// Each occupancy with the number of its attack set, in the order a wrong
/// magic is found out soonest: the empty board, then one blocker, two
/// blockers, and the rest, each group shuffled by
/// [`SplitMix64::check_order`]. Few blockers put few terms in the product,
/// so their indices collide most often; the rest come mixed because
/// neighbours in Carry-Rippler order differ in few bits and rarely
/// collide. Over seeds 1 to 60 a fancy set's searches check 45% fewer
/// occupancies than with all of them shuffled (7.1 M against 13.0 M, with
/// [`clash_free`](mod@crate::search)'s learning).
fn check_order(occupancies: &[u64], ids: &[u64]) -> Vec<(u64, u64)> {
    // Plain loops over slices: this runs for every square in the
    // unoptimised macro, where each index into a `Vec` is a call.
    let n = occupancies.len();
    let mut mixed_vec = vec![(0, 0); n];
    let mixed = mixed_vec.as_mut_slice();
    let mut k = 0;
    while k < n {
        mixed[k] = (occupancies[k], ids[k]);
        k += 1;
    }
    SplitMix64::check_order().shuffle(mixed);
    // A stable counting sort on the blockers (0, 1, 2, more).
    let mut groups_vec = vec![0u8; n];
    let groups = groups_vec.as_mut_slice();
    let mut starts = [0usize; 4];
    let mut k = 0;
    while k < n {
        let group = blocker_group(mixed[k].0);
        groups[k] = group as u8;
        if group < 3 {
            starts[group + 1] += 1;
        }
        k += 1;
    }
    starts[2] += starts[1];
    starts[3] += starts[2];
    let mut checks_vec = vec![(0, 0); n];
    let checks = checks_vec.as_mut_slice();
    let mut k = 0;
    while k < n {
        let group = groups[k] as usize;
        checks[starts[group]] = mixed[k];
        starts[group] += 1;
        k += 1;
    }
    checks_vec
}

/// The order [`check_order`] gives all `n` subsets of a mask of `log2(n)`
/// squares enumerated from the empty one (as [`Occupancies::new`] does),
/// as their indices. It depends on `n` alone: the `k`-th subset has as
/// many blockers as `k` has bits set. So it is worked out once per `n`
/// rather than once per square: it was a tenth of the instructions of a
/// seeded black set's search, unoptimised.
fn full_check_order(n: usize) -> &'static [u32] {
    static ORDERS: [OnceLock<Vec<u32>>; 13] = [const { OnceLock::new() }; 13];
    ORDERS[n.trailing_zeros() as usize].get_or_init(|| {
        let k: Vec<u64> = (0..n as u64).collect();
        let order = check_order(&k, &k);
        order.into_iter().map(|(k, _)| k as u32).collect()
    })
}

/// The number of blockers in `occ`, 3 for three or more.
#[inline(always)] // also unoptimised, where the macro orders the checks
fn blocker_group(occ: u64) -> usize {
    if occ == 0 {
        return 0;
    }
    let fewer = occ & (occ - 1);
    if fewer == 0 {
        1
    } else if fewer & (fewer - 1) == 0 {
        2
    } else {
        3
    }
}

/// Numbers the attack sets in order of first appearance: equal sets get
/// equal numbers, below 2^12 (a square has at most 4,096 occupancies).
///
/// A small open-addressed table finds each set's number in a few steps:
/// this runs for every square inside the macro, unoptimised, where sorting
/// the sets and searching them cost about a tenth of a seeded search.
fn attack_set_numbers(attacks: &[u64]) -> Vec<u64> {
    // Twice the most distinct sets a square has (144), rounded up to a
    // power of two; attack sets are never 0, which marks a free place.
    const PLACES: usize = 512;
    let mut sets = [0u64; PLACES];
    let mut numbers = [0u64; PLACES];
    let mut next = 0;
    let mut ids_vec = vec![0; attacks.len()];
    let ids = ids_vec.as_mut_slice();
    let mut k = 0;
    while k < attacks.len() {
        let a = attacks[k];
        let mut at = (a.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 55) as usize;
        while sets[at] != 0 && sets[at] != a {
            at = (at + 1) % PLACES;
        }
        if sets[at] == 0 {
            sets[at] = a;
            numbers[at] = next;
            next += 1;
        }
        ids[k] = numbers[at];
        k += 1;
    }
    ids_vec
}

#[cfg(test)]
mod tests {
    use super::{check_order, Occupancies};
    use crate::Piece;

    #[test]
    fn every_square_checks_in_the_order_worked_out_for_it_alone() {
        for piece in Piece::ALL {
            for sq in 0..64 {
                let o = Occupancies::new(piece, sq);
                assert!(
                    o.checks == check_order(&o.occupancies, &o.ids),
                    "{piece:?} {sq}"
                );
            }
        }
    }
}
