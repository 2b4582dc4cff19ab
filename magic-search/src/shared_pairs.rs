//! Hansen's rook pairs laid as units. Each rook of ranks 1, 3, 5 and 7
//! shares its slots with its diagonal neighbour on the rank above (a1 with
//! b2, b1 with a2, ...): their lines meet only on squares both always
//! attack, so the post-masks keep their attacks apart in any slot. A pair
//! with dense magics costs its larger sub-table. With sparse ones (the
//! published fixed-shift magics: 12 bits, of which a rook of ranks 2 to 8
//! uses 544 to 2,048 slots, in runs with long gaps between them) the two
//! may take fewer slots together, and other pairs fill the gaps. So each
//! pair is laid with whichever magics of its two squares the order search
//! of [`pack_annealing`] finds shortest, and the bishops are then hidden
//! among the rooks, each at its lowest fit.

use crate::free_slots::used_slots;
use crate::pack::pack_around;
use crate::settle::carry_shift;
use crate::{pack_annealing, relevant_mask, MagicSet, Piece, SlotRule, SubTable};

/// Changes the order search makes: on the best set with the published
/// fixed-shift magics, 2,000 reach 53,547 entries, 5,000 53,543, and
/// 20,000 53,542, as do 100,000 (0.2, 0.4, 1.1 and 4.7 s for all of
/// `emit-sets`, optimised, on an Intel Xeon), and seeds 0 to 7 but 5
/// (53,544).
const PAIR_EFFORT: u64 = 20_000;

/// The seed of the order search.
const PAIR_SEED: u64 = 1;

/// A rook of ranks 1, 3, 5 and 7 and its diagonal neighbour on the rank
/// above: a1 with b2, b1 with a2, c1 with d2 ...
///
/// ```text
/// 2 . X . .     the rook on a1 pairs with b2,
/// 1 R . . .     the one on b1 with a2
///   a b c d
/// ```
pub(crate) fn hansen_pairs() -> impl Iterator<Item = [usize; 2]> {
    (0..64)
        .filter(|sq| (sq / 8) % 2 == 0)
        .map(|sq| [sq, (sq + 8) ^ 1])
}

/// A magic a rook may be laid with: its shift carried, its bits, and its
/// sub-table.
struct Choice {
    magic: u64,
    bits: u8,
    table: SubTable,
}

impl Choice {
    /// Rook `sq`'s sub-table for `magic` at `bits`, or `None` when the
    /// magic cannot carry its shift.
    fn new(sq: usize, magic: u64, bits: u8) -> Option<Self> {
        let width = 64 - relevant_mask(Piece::Rook, sq).trailing_zeros();
        let magic = carry_shift(magic, u32::from(bits), width)?;
        let table = SubTable::new(Piece::Rook, sq, magic, u32::from(bits));
        Some(Choice { magic, bits, table })
    }
}

/// Two sub-tables laid as one: each one's offset within it, and the union
/// of their slots.
struct Overlay {
    offsets: [usize; 2],
    table: SubTable,
}

/// The used slots of `entries` as a bitset, with `pad` free bits before
/// them and at least `pad` + 64 after.
fn padded_bits(entries: &[u64], pad: usize) -> Vec<u64> {
    let mut words = vec![0u64; (pad + entries.len() + pad).div_ceil(64) + 2];
    for (i, _) in used_slots(entries) {
        words[(pad + i) / 64] |= 1 << ((pad + i) % 64);
    }
    words
}

/// The 64 bits of `words` from bit `at` on.
fn bits_at(words: &[u64], at: usize) -> u64 {
    let (w, s) = (at / 64, at % 64);
    match s {
        0 => words[w],
        _ => words[w] >> s | words[w + 1] << (64 - s),
    }
}

/// `b` laid against `a` where together they use the fewest slots (on a
/// tie, where they span the fewest, then where `b` lies furthest left):
/// for two sparse sub-tables, where most of their used slots fall on one
/// another.
fn overlay(a: &SubTable, b: &SubTable) -> Overlay {
    let (la, lb) = (a.entries.len(), b.entries.len());
    let a_bits = padded_bits(&a.entries, lb);
    let b_bits = padded_bits(&b.entries, 0);
    let b_words = lb.div_ceil(64);
    let used = |words: &[u64]| words.iter().map(|w| w.count_ones() as usize).sum::<usize>();
    let (ua, ub) = (used(&a_bits), used(&b_bits));
    // `b` starts `at` slots into `a`'s padded bits: `at - lb` into `a`.
    let mut best = (usize::MAX, usize::MAX, 0);
    for at in 0..la + lb {
        let shared: usize = (0..b_words)
            .map(|k| (bits_at(&a_bits, at + 64 * k) & b_bits[k]).count_ones() as usize)
            .sum();
        let span = (lb + la).max(at + lb) - at.min(lb);
        let key = (ua + ub - shared, span, at);
        if key < best {
            best = key;
        }
    }
    let at = best.2;
    let offsets = match at >= lb {
        true => [0, at - lb],
        false => [lb - at, 0],
    };
    let mut entries = vec![0; (offsets[0] + la).max(offsets[1] + lb)];
    for (t, offset) in [a, b].into_iter().zip(offsets) {
        for (i, &e) in t.entries.iter().enumerate() {
            entries[offset + i] |= e;
        }
    }
    Overlay {
        offsets,
        table: SubTable {
            piece: Piece::Rook,
            square: a.square,
            entries,
        },
    }
}

/// One way to lay a pair: which choice of each square, and where each
/// lies within the pair.
struct Way {
    choice: [usize; 2],
    offsets: [usize; 2],
}

/// A pair's two squares, each one's choices, and the ways to lay them.
struct Pair {
    squares: [usize; 2],
    sides: [Vec<Choice>; 2],
    ways: Vec<Way>,
}

/// `set` (shared, shifts carried) with each Hansen pair of rooks laid with
/// its own magics or, where the pair comes out shorter so, with the
/// 12-bit `sparse` magics of one or both of its squares that can carry
/// their shift; the bishops hidden among them. Deterministic.
pub(crate) fn with_sparse_pairs(mut set: MagicSet, sparse: &[u64; 64]) -> MagicSet {
    // Per pair: each square's choices, the ways to lay them, and the
    // tables those ways lay, for the order search.
    let mut pairs: Vec<Pair> = Vec::new();
    let mut tables: Vec<Vec<SubTable>> = Vec::new();
    for squares in hansen_pairs() {
        let sides = squares.map(|sq| {
            let own = Choice::new(sq, set.magics[0][sq], set.bits[0][sq])
                .expect("a shared set's magics carry their shifts");
            std::iter::once(own)
                .chain(Choice::new(sq, sparse[sq], 12))
                .collect::<Vec<_>>()
        });
        let (mut ways, mut laid) = (Vec::new(), Vec::new());
        for (i, x) in sides[0].iter().enumerate() {
            for (j, y) in sides[1].iter().enumerate() {
                let both = overlay(&x.table, &y.table);
                ways.push(Way {
                    choice: [i, j],
                    offsets: both.offsets,
                });
                laid.push(both.table);
            }
        }
        pairs.push(Pair {
            squares,
            sides,
            ways,
        });
        tables.push(laid);
    }
    let packed = pack_annealing(&tables, None, PAIR_EFFORT, PAIR_SEED, 0, 1, |_| {});
    let mut rooks = Vec::new();
    for (k, pair) in pairs.into_iter().enumerate() {
        let (squares, sides) = (pair.squares, pair.sides);
        let way = &pair.ways[packed.choice[k]];
        for (i, (sq, mut side)) in squares.into_iter().zip(sides).enumerate() {
            let chosen = side.swap_remove(way.choice[i]);
            let offset = packed.offsets[k] as usize + way.offsets[i];
            set.magics[0][sq] = chosen.magic;
            set.bits[0][sq] = chosen.bits;
            set.offsets[0][sq] = offset as u32;
            rooks.push((chosen.table, offset));
        }
    }
    let bishops: Vec<SubTable> = (0..64)
        .map(|sq| {
            SubTable::new(
                Piece::Bishop,
                sq,
                set.magics[1][sq],
                u32::from(set.bits[1][sq]),
            )
        })
        .collect();
    let (offsets, len) = pack_around(&rooks, &bishops, SlotRule::PostMasked);
    set.offsets[1] = core::array::from_fn(|sq| offsets[sq]);
    set.len = len;
    set
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::SplitMix64;

    /// A sub-table of `len` slots, each used with chance `1 / sparse`.
    fn random_table(rng: &mut SplitMix64, len: usize, sparse: u64) -> SubTable {
        let entries = (0..len)
            .map(|_| u64::from(rng.next_u64() % sparse == 0) * (1 + rng.next_u64() % 7))
            .collect();
        SubTable {
            piece: Piece::Rook,
            square: 0,
            entries,
        }
    }

    /// The fewest used slots of `a` and `b` laid together, over every
    /// offset of one against the other, slot by slot.
    fn fewest_together(a: &SubTable, b: &SubTable) -> usize {
        let mut fewest = usize::MAX;
        for (oa, ob) in (0..b.entries.len())
            .map(|o| (o, 0))
            .chain((1..a.entries.len()).map(|o| (0, o)))
        {
            let mut used = std::collections::BTreeSet::new();
            for (o, t) in [(oa, a), (ob, b)] {
                used.extend(
                    (0..t.entries.len())
                        .filter(|&i| t.entries[i] != 0)
                        .map(|i| i + o),
                );
            }
            fewest = fewest.min(used.len());
        }
        fewest
    }

    #[test]
    fn an_overlay_uses_the_fewest_slots_and_holds_both() {
        let mut rng = SplitMix64::new(5);
        for round in 0..60 {
            let a = random_table(&mut rng, 1 + round * 7 % 150, 1 + round as u64 % 5);
            let b = random_table(&mut rng, 1 + round * 13 % 130, 1 + round as u64 % 3);
            let both = overlay(&a, &b);
            let used = both.table.entries.iter().filter(|&&e| e != 0).count();
            assert_eq!(used, fewest_together(&a, &b), "round {round}");
            for (t, o) in [&a, &b].into_iter().zip(both.offsets) {
                for (i, &e) in t.entries.iter().enumerate() {
                    assert_eq!(both.table.entries[o + i] & e, e, "round {round}");
                }
            }
            assert!(both.offsets.contains(&0));
        }
    }

    #[test]
    fn hansen_pairs_are_diagonal_neighbours_and_cover_every_square_once() {
        let mut seen = [false; 64];
        for [x, y] in hansen_pairs() {
            let (fx, fy) = (x % 8, y % 8);
            assert_eq!(y / 8, x / 8 + 1);
            assert_eq!(fx.abs_diff(fy), 1);
            for sq in [x, y] {
                assert!(!seen[sq]);
                seen[sq] = true;
            }
        }
        assert!(seen.iter().all(|&s| s));
    }
}
