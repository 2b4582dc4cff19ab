//! Other magics for a square under the same hash and bits, for
//! [`pack_choosing`](crate::pack_choosing) to choose among: each lays its
//! sub-table's used slots out in another pattern, and some use fewer slots
//! (more occupancies with one attack set share a slot).

use crate::cooling::keeps_worse;
use crate::{square_stream, Hash, Occupancies, Piece, Scratch, SubTable};

/// Up to `count` magics of `piece` on `sq`, each with its sub-table: the
/// fewest used slots first, among `4 * count` magics drawn from the
/// square's seeded stream, or fewer when `max_tries` candidates give fewer
/// than that. Deterministic for a given seed.
///
/// ```
/// use magic_search::{candidate_sub_tables, Hash, Piece};
/// let found = candidate_sub_tables(Hash::Multiply, Piece::Bishop, 27, 9, 4, 1_000_000, 1);
/// assert_eq!(found.len(), 4);
/// let used = |t: &magic_search::SubTable| t.entries.iter().filter(|&&a| a != 0).count();
/// assert!(found.windows(2).all(|w| used(&w[0].1) <= used(&w[1].1)));
/// ```
pub fn candidate_sub_tables(
    hash: Hash,
    piece: Piece,
    sq: usize,
    bits: u32,
    count: usize,
    max_tries: u64,
    seed: u64,
) -> Vec<(u64, SubTable)> {
    let o = Occupancies::new(piece, sq);
    let mut scratch = Scratch::default();
    let mut rng = square_stream(seed, piece, sq);
    let mut found: Vec<(usize, u64, SubTable)> = Vec::new();
    let mut tries = 0;
    while found.len() < 4 * count && tries < max_tries {
        tries += 1;
        let magic = rng.sparse();
        if !scratch.fits(&o, hash, magic, bits) || found.iter().any(|f| f.1 == magic) {
            continue;
        }
        let table = SubTable::with_hash(piece, sq, hash, magic, bits);
        let used = table.entries.iter().filter(|&&a| a != 0).count();
        found.push((used, magic, table));
    }
    found.sort_by_key(|f| (f.0, f.1));
    found.into_iter().take(count).map(|f| (f.1, f.2)).collect()
}

/// `magic` changed a few bits at a time, by simulated annealing, towards
/// a magic of the same square, hash and bits whose sub-table uses fewer
/// slots: the one with the fewest met in `steps` steps (`magic` itself if
/// none uses fewer, or if `magic` does not fit). A step flips one to three
/// of the bits that can change an index, and is kept if the result still
/// fits and uses no more slots, or else with a chance that halves for every
/// `temperature` slots more and falls as the steps run out.
///
/// Magics whose occupancies with one attack set often share a slot leave
/// room for other squares' sub-tables: the published fixed-shift magics of
/// rooks with 10 relevant bits use 544 to 768 of their 4,096 slots, where
/// random magics use 900 to 1,024. Over the 64 rooks, the fewest slots
/// among 7 random fixed-shift magics (`candidate_sub_tables`, seed 1) add
/// up to 102,373; climbed 200,000 steps each, to 71,855 (the published
/// magics: 68,839). Rook e8 went from 2,048 to 896, d1 to 1,146.
/// Deterministic: integer arithmetic and the seeded stream alone decide.
///
/// ```
/// use magic_search::{candidate_sub_tables, fewer_slots, Hash, Piece, SubTable};
/// let used = |m| SubTable::with_hash(Piece::Rook, 43, Hash::Multiply, m, 12)
///     .entries.iter().filter(|&&a| a != 0).count();
/// let (start, _) = candidate_sub_tables(Hash::Multiply, Piece::Rook, 43, 12, 1, 1_000_000, 1)[0];
/// let climbed = fewer_slots(Hash::Multiply, Piece::Rook, 43, 12, start, 20_000, 1);
/// assert!(used(climbed) <= used(start));
/// ```
pub fn fewer_slots(
    hash: Hash,
    piece: Piece,
    sq: usize,
    bits: u32,
    magic: u64,
    steps: u64,
    seed: u64,
) -> u64 {
    let o = Occupancies::new(piece, sq);
    let mut slots = Scratch::default();
    let Some(mut used) = slots.used_slots(&o, hash, magic, bits) else {
        return magic;
    };
    // Under the multiply hash the bits below the mask's lowest one move
    // every product past the index's bits; under the others all may count.
    let matter = match hash {
        Hash::Multiply => u64::from(64 - o.mask.trailing_zeros()),
        _ => 64,
    };
    let mut rng = square_stream(seed ^ magic, piece, sq);
    let (mut current, mut best, mut fewest) = (magic, magic, used);
    for step in 0..steps {
        let mut next = current;
        for _ in 0..1 + rng.next_u64() % 3 {
            next ^= 1 << (rng.next_u64() % matter);
        }
        let Some(next_used) = slots.used_slots(&o, hash, next, bits) else {
            continue;
        };
        // In 256ths of a slot, falling to 0 at the last step.
        let temperature = START_TEMPERATURE * (steps - step) / steps;
        if next_used <= used || keeps_worse(&mut rng, next_used - used, temperature) {
            (current, used) = (next, next_used);
            if used < fewest {
                (best, fewest) = (current, used);
            }
        }
    }
    best
}

/// The temperature [`fewer_slots`] starts at, in 256ths of a slot: a step
/// that uses 1.4 slots more is kept half the time, so that the walk can
/// cross from one plateau of equal counts to another. At 200,000 steps it
/// gains little over keeping only steps that use no more slots: over rooks
/// a3, d1, h4 and e8 (six starts each, seed 1) the fewest were 1,279,
/// 1,146, 1,876 and 896 slots, against 1,279, 1,144, 1,886 and 896.
const START_TEMPERATURE: u64 = 355;

#[cfg(test)]
mod tests {
    use super::{candidate_sub_tables, fewer_slots};
    use crate::{Hash, Occupancies, Piece, Scratch};

    #[test]
    fn a_climbed_magic_fits_and_uses_fewer_slots() {
        // Rook d6: random magics use 900 to 1,024 slots, the published one 576.
        let (piece, sq, bits) = (Piece::Rook, 43, 12);
        let o = Occupancies::new(piece, sq);
        let mut slots = Scratch::default();
        // From 1,024 slots: to 1,012 and to 576.
        for (hash, seed, steps) in [(Hash::Multiply, 5, 50_000), (Hash::Black, 3, 20_000)] {
            let (start, _) = candidate_sub_tables(hash, piece, sq, bits, 1, 1_000_000, seed)[0];
            let climbed = fewer_slots(hash, piece, sq, bits, start, steps, seed);
            assert!(Scratch::default().fits(&o, hash, climbed, bits), "{hash:?}");
            let [before, after] =
                [start, climbed].map(|m| slots.used_slots(&o, hash, m, bits).unwrap());
            assert!(after < before, "{hash:?}: {before} slots, then {after}");
            assert_eq!(
                climbed,
                fewer_slots(hash, piece, sq, bits, start, steps, seed)
            );
        }
    }

    #[test]
    fn a_magic_that_does_not_fit_is_given_back() {
        assert_eq!(
            fewer_slots(Hash::Multiply, Piece::Rook, 0, 12, 0, 1_000, 1),
            0
        );
    }
}
