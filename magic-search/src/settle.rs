//! Settles whether a square has a magic with a given number of index bits,
//! by a search that rules out every magic or finds one.
//!
//! Let `l` be the lowest square of the mask and `w = 64 - l`. Only the low
//! `w` bits of a magic `m` reach the index, and for an occupancy `occ`
//! with `c = occ >> l`, the index is the top `bits` bits of the `w`-bit
//! number `c * m mod 2^w`. Read as a fraction `t = m / 2^w` of a turn, that
//! is `floor(2^bits * frac(c * t))`: as `t` moves, each occupancy's index
//! steps up by one every `1 / (2^bits * c)` of a turn. So the search
//! narrows `t` from its highest bit down, as an interval: an occupancy's
//! index is known once the interval holds none of its steps; the first
//! two occupancies with different attack sets on one slot rule the whole
//! interval out, as does an occupancy with one step in the interval whose
//! two slots both hold another attack set (occupancies with more steps
//! are not looked at yet); and an interval where every index is known and
//! none clash holds magics (its lowest `m` among them). Occupancies with a small `c`
//! (those of squares near the piece's lowest one) are known after a few
//! bits; the bits below about `log2(c) + bits + 8` matter only next to
//! a step, so the search rarely goes that deep, unlike one that fixes the
//! magic's bits from the lowest up.

use crate::{Occupancies, Piece};
use std::ops::Range;
use std::sync::atomic::{AtomicBool, Ordering};

/// What [`MagicQuestion::part`] found in one part of the magics of a square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settled {
    /// The lowest magic (its low `w` bits; the others do not matter) of the
    /// part searched, or `None` when the part holds none.
    pub magic: Option<u64>,
    /// Intervals looked at.
    pub nodes: u64,
}

/// A part's search called off (by [`MagicQuestion::part_until`]'s flag)
/// before it settled anything.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stopped {
    /// Intervals looked at before it stopped.
    pub nodes: u64,
}

/// Whether `piece` on a square has a magic with so many index bits: the
/// square's occupancies as the search sees them, made once and searched
/// part by part (by threads, or by the shards of a job array).
///
/// ```
/// use magic_search::{MagicQuestion, Piece, Scratch, Occupancies, Hash};
/// // Bishop b1 at 4 bits has magics; the lowest is in the first part that
/// // holds any.
/// let b1 = MagicQuestion::new(Piece::Bishop, 1, 4);
/// let found = (0..b1.parts()).find_map(|part| b1.part(part).magic);
/// let magic = found.unwrap();
/// assert!(Scratch::default().fits(&Occupancies::new(Piece::Bishop, 1), Hash::Multiply, magic, 4));
/// ```
pub struct MagicQuestion {
    /// `occ >> l` and the number of its attack set, for every occupancy
    /// but the empty one (index 0 whatever the magic).
    keys: Vec<(u64, u8)>,
    /// The attack set number of the empty occupancy.
    empty: u8,
    width: u32,
    bits: u32,
}

impl MagicQuestion {
    /// The question for `piece` on `sq` at `bits` index bits.
    pub fn new(piece: Piece, sq: usize, bits: u32) -> Self {
        let o = Occupancies::new(piece, sq);
        let low = o.mask.trailing_zeros();
        let mut keys = Vec::new();
        let mut empty = 0;
        for (&occ, &id) in o.occupancies.iter().zip(&o.ids) {
            let id = u8::try_from(id).expect("at most 144 attack sets");
            if occ == 0 {
                empty = id;
            } else {
                keys.push((occ >> low, id));
            }
        }
        MagicQuestion::with_keys(keys, empty, 64 - low, bits)
    }

    fn with_keys(mut keys: Vec<(u64, u8)>, empty: u8, width: u32, bits: u32) -> Self {
        // The walk's arithmetic is on 64 bits: a mask never holds a1, so
        // its lowest square is at least 1.
        assert!(width < 64, "a mask that holds a1");
        // Small keys are known first: check them first.
        keys.sort_by_key(|&(c, _)| c);
        MagicQuestion {
            keys,
            empty,
            width,
            bits,
        }
    }
}

/// The search's state: which attack set holds each slot, and the changes
/// to undo when an interval is left.
struct Walk<'a> {
    p: &'a MagicQuestion,
    slots: Vec<u8>,
    undo: Vec<usize>,
    /// The keys not yet known, listed for each interval on the way down:
    /// an interval's list lies past its parent's.
    open: Vec<u32>,
    nodes: u64,
    stop: &'a AtomicBool,
}

/// A slot no attack set holds yet.
const FREE: u8 = u8::MAX;

/// How often (in intervals, a power of two) the walk looks at its stop
/// flag: a few hundred times a second, for a load that costs nothing.
const STOP_CHECK: u64 = 1 << 14;

impl Walk<'_> {
    /// The lowest magic in `[start, start + 2^k)` given that the keys
    /// listed in `open[listed]` and every key from `tail` on are not yet
    /// known (the others are in `slots`), or `Err` when the stop flag is
    /// raised: the walk is then abandoned, its slots as they were left.
    ///
    /// A key is looked at only once its index steps at most once in the
    /// interval (`c * (2^k - 1) < 2^(w - bits)`), and the keys are sorted:
    /// the keys from `tail` on are those not looked at yet, ended by the
    /// first that steps more often, as every larger key does too. A key
    /// that steps more often is not known, and is rarely short of a slot
    /// (all of its slots held by other attack sets); not looking at it is
    /// sound, as only the keys looked at rule an interval out, and makes
    /// an interval of a rook several times cheaper for a few more of them.
    fn search(
        &mut self,
        start: u64,
        k: u32,
        listed: Range<usize>,
        tail: usize,
    ) -> Result<Option<u64>, Stopped> {
        if self.nodes % STOP_CHECK == 0 && self.stop.load(Ordering::Relaxed) {
            return Err(Stopped { nodes: self.nodes });
        }
        self.nodes += 1;
        let p = self.p;
        let drop = p.width - p.bits;
        let mask = (1u64 << p.bits) - 1;
        let below_width = (1u64 << p.width) - 1;
        let one_step = 1u64 << drop;
        let mark = self.undo.len();
        let base = self.open.len();
        let span = (1u64 << k) - 1;
        // A key is looked at while its run `c * span` is shorter than one
        // step, so the run fits in 64 bits, and so does the run's start,
        // `c * start mod 2^w`, plus its length (`w` is at most 63).
        let steps_once = |c: u64| c.checked_mul(span).is_some_and(|run| run < one_step);
        let mut clash = false;
        let mut next = tail;
        // The listed keys, then the keys from `tail` on until one steps more
        // than once: in the order of the keys either way.
        let mut j = listed.start;
        loop {
            let i = if j < listed.end {
                j += 1;
                self.open[j - 1] as usize
            } else if next < p.keys.len() && steps_once(p.keys[next].0) {
                next += 1;
                next - 1
            } else {
                break;
            };
            let (c, id) = p.keys[i];
            let lo = c.wrapping_mul(start) & below_width;
            let hi = lo + c * span;
            let (first, last) = (lo >> drop, hi >> drop);
            if first != last {
                // Not known yet (one of two slots), but both may already
                // hold other attack sets.
                if (first..=last).all(|s| {
                    let held = self.slots[(s & mask) as usize];
                    held != FREE && held != id
                }) {
                    clash = true;
                    break;
                }
                self.open.push(i as u32);
                continue;
            }
            let slot = first as usize;
            match self.slots[slot] {
                FREE => {
                    self.slots[slot] = id;
                    self.undo.push(slot);
                }
                held if held == id => {}
                _ => {
                    clash = true;
                    break;
                }
            }
        }
        let still = base..self.open.len();
        let found = match (clash, still.is_empty() && next == p.keys.len()) {
            (true, _) => None,
            (false, true) => Some(start),
            (false, false) => {
                let half = k - 1;
                match self.search(start, half, still.clone(), next)? {
                    Some(magic) => Some(magic),
                    None => self.search(start + (1 << half), half, still, next)?,
                }
            }
        };
        self.open.truncate(base);
        for slot in self.undo.drain(mark..) {
            self.slots[slot] = FREE;
        }
        Ok(found)
    }
}

/// How many top bits of the magic split the work into parts: shards and
/// threads take parts.
const SETTLE_SPLIT: u32 = 12;

impl MagicQuestion {
    /// How many low bits of a magic reach the index: `64 - lsb(mask)`.
    pub fn width(&self) -> u32 {
        self.width
    }

    /// How many parts the magics are searched in, by their top 12 bits that
    /// matter: 4,096 (fewer when fewer than 12 bits matter).
    pub fn parts(&self) -> u64 {
        1 << SETTLE_SPLIT.min(self.width)
    }

    /// Searches part `part` (of [`parts`](Self::parts)): its lowest magic,
    /// or none.
    ///
    /// # Panics
    ///
    /// If `part` is not below [`parts`](Self::parts).
    pub fn part(&self, part: u64) -> Settled {
        let never = AtomicBool::new(false);
        self.part_until(part, &never)
            .expect("a flag nobody raises does not stop the search")
    }

    /// Searches part `part` as [`part`](Self::part) does, until `stop` is
    /// raised (from another thread: a time limit, a signal): then `Err`,
    /// and the part is neither ruled out nor known to hold a magic.
    ///
    /// ```
    /// use magic_search::{MagicQuestion, Piece};
    /// use std::sync::atomic::AtomicBool;
    /// let c1 = MagicQuestion::new(Piece::Bishop, 2, 4);
    /// let raised = AtomicBool::new(true);
    /// assert!(c1.part_until(0, &raised).is_err());
    /// let lowered = AtomicBool::new(false);
    /// assert_eq!(c1.part_until(0, &lowered).unwrap().magic, None);
    /// ```
    ///
    /// # Panics
    ///
    /// If `part` is not below [`parts`](Self::parts).
    pub fn part_until(&self, part: u64, stop: &AtomicBool) -> Result<Settled, Stopped> {
        let p = self;
        assert!(part < p.parts(), "part {part} is past the last");
        let k = p.width - SETTLE_SPLIT.min(p.width);
        let mut slots = vec![FREE; 1 << p.bits];
        slots[0] = p.empty;
        let mut walk = Walk {
            p,
            slots,
            undo: Vec::new(),
            open: Vec::new(),
            nodes: 0,
            stop,
        };
        let magic = walk.search(part << k, k, 0..0, 0)?;
        Ok(Settled {
            magic,
            nodes: walk.nodes,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::SplitMix64;

    /// The lowest magic of a problem, every magic tried: the index taken
    /// from the product of the occupancy itself, as a table reads it.
    fn lowest_by_trying(mask: u64, ids: &[(u64, u8)], bits: u32) -> Option<u64> {
        let width = 64 - mask.trailing_zeros();
        (0..1u64 << width).find(|&m| {
            let mut slots = vec![FREE; 1 << bits];
            ids.iter().all(|&(occ, id)| {
                let slot = &mut slots[(occ.wrapping_mul(m) >> (64 - bits)) as usize];
                let fits = *slot == FREE || *slot == id;
                *slot = id;
                fits
            })
        })
    }

    /// On made-up squares whose masks lie in the top bits (so that every
    /// magic can be tried) and whose occupancies fall into random classes,
    /// the search finds the lowest magic there is, or none when there is
    /// none.
    #[test]
    fn the_search_finds_the_lowest_magic_every_magic_tried_finds() {
        let mut rng = SplitMix64::new(5);
        let (mut found, mut none) = (0, 0);
        for round in 0..400 {
            let width = 10 + (rng.next_u64() % 7) as u32;
            let low = 64 - width;
            // Three to five mask bits, the lowest at `low`.
            let mut mask = 1u64 << low;
            let count = 3 + rng.next_u64() % 3;
            while u64::from(mask.count_ones()) < count {
                mask |= 1 << (low + 1 + (rng.next_u64() % u64::from(width - 1)) as u32);
            }
            let bits = 2 + (rng.next_u64() % 3) as u32;
            let classes = 2 + rng.next_u64() % (1 << bits);
            let mut ids = Vec::new();
            let mut occ = 0u64;
            loop {
                ids.push((occ, (rng.next_u64() % classes) as u8));
                occ = occ.wrapping_sub(mask) & mask;
                if occ == 0 {
                    break;
                }
            }
            let expected = lowest_by_trying(mask, &ids, bits);
            let keys = ids[1..].iter().map(|&(o, id)| (o >> low, id)).collect();
            let question = MagicQuestion::with_keys(keys, ids[0].1, width, bits);
            let lowest = (0..question.parts()).find_map(|part| question.part(part).magic);
            assert_eq!(
                lowest, expected,
                "round {round}: mask {mask:#x}, {bits} bits"
            );
            match expected {
                Some(_) => found += 1,
                None => none += 1,
            }
        }
        // Both answers were checked.
        assert!(found > 100 && none > 100, "{found} found, {none} none");
    }
}
