//! Other magics for a square under the same hash and bits, for
//! [`pack_choosing`](crate::pack_choosing) to choose among: each lays its
//! sub-table's used slots out in another pattern, and some use fewer slots
//! (more occupancies with one attack set share a slot).

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
