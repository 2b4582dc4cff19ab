//! Seeded inputs for the benchmarks.
#![deny(missing_docs)]

use magic_search::SplitMix64;

/// The seed of every benchmark input.
pub const BENCH_SEED: u64 = 0xbe9c_4000;

/// `n` (square, occupancy) pairs: random squares and boards with about a
/// third of the squares occupied, as in a middle game, always including the
/// square itself.
///
/// ```
/// let pairs = magic_benches::random_lookups(8);
/// assert_eq!(pairs.len(), 8);
/// assert!(pairs.iter().all(|&(sq, occ)| sq < 64 && occ >> sq & 1 == 1));
/// ```
pub fn random_lookups(n: usize) -> Vec<(usize, u64)> {
    let mut rng = SplitMix64::new(BENCH_SEED);
    (0..n)
        .map(|_| {
            let sq = (rng.next_u64() % 64) as usize;
            let occ = (rng.next_u64() & rng.next_u64())
                | (rng.next_u64() & rng.next_u64() & rng.next_u64());
            (sq, occ | 1 << sq)
        })
        .collect()
}
