//! The working set of the cache-pressure measurements: what an engine's
//! hash table and evaluation do to the caches between two lookups.

use crate::BENCH_SEED;
use magic_runtime::Sliders;
use magic_search::SplitMix64;

/// Words in the working set: 8 MiB, eight times the L2 of the machine
/// the figures come from and a quarter of its L3.
pub const WORKING_SET_WORDS: usize = 1 << 20;

/// Reads of the working set before each lookup.
pub const READS_PER_LOOKUP: usize = 8;

/// Which lookup a pass makes.
#[derive(Clone, Copy, Debug)]
pub enum Lookup {
    /// `rook`.
    Rook,
    /// `bishop`.
    Bishop,
    /// `queen`.
    Queen,
}

/// No lookup at all: the cost of the pressure alone.
pub struct PressureOnly;

impl Sliders for PressureOnly {
    fn rook(&self, _sq: usize, occ: u64) -> u64 {
        occ
    }
    fn bishop(&self, _sq: usize, occ: u64) -> u64 {
        occ
    }
}

/// The working set, filled from the benchmarks' seed.
///
/// ```
/// let set = magic_benches::working_set();
/// assert_eq!(set.len(), magic_benches::WORKING_SET_WORDS);
/// ```
pub fn working_set() -> Vec<u64> {
    let mut rng = SplitMix64::new(BENCH_SEED);
    (0..WORKING_SET_WORDS).map(|_| rng.next_u64()).collect()
}

/// One pass over `pairs`: before each lookup, [`READS_PER_LOOKUP`] reads at
/// seeded random places of `set`. The lookup waits for them: its occupancy
/// takes a bit of what they read, on its own square, which no lookup looks
/// at. Both are folded into the result so that neither can be left out.
///
/// ```
/// use magic_benches::{pass, working_set, Lookup, PressureOnly};
/// let set = working_set();
/// let hyperbola = magic_runtime::Hyperbola;
/// let (a, b) = (pass(&hyperbola, Lookup::Rook, &[(0, 0)], &set), pass(&PressureOnly, Lookup::Rook, &[(0, 0)], &set));
/// assert_ne!(a, b);
/// ```
#[inline(always)]
pub fn pass<S: Sliders>(s: &S, l: Lookup, pairs: &[(usize, u64)], set: &[u64]) -> u64 {
    let mask = set.len() - 1;
    let mut at = 0x9e37_79b9_7f4a_7c15u64;
    pairs.iter().fold(0u64, |acc, &(sq, occ)| {
        let mut seen = 0;
        for _ in 0..READS_PER_LOOKUP {
            // A step of a 64-bit LCG: places the hardware cannot predict.
            at = at.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            seen ^= set[(at >> 20) as usize & mask];
        }
        let (sq, occ) = (
            std::hint::black_box(sq),
            std::hint::black_box(occ) | (seen & 1) << sq,
        );
        let attacks = match l {
            Lookup::Rook => s.rook(sq, occ),
            Lookup::Bishop => s.bishop(sq, occ),
            Lookup::Queen => s.queen(sq, occ),
        };
        acc ^ seen ^ attacks
    })
}
