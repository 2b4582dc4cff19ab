//! Lookups under cache pressure, as in an engine whose hash table and
//! evaluation crowd the caches: between two lookups, eight reads at seeded
//! random places of a 16 MiB working set (eight times this machine's L2,
//! half its L3) pull other lines through L1 and L2. Smaller tables keep
//! more of their lines cached and may lead here.
//!
//! The `pressure only` row does the same reads without a lookup: what a
//! scheme adds over it is what its lookups cost under pressure.

use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use magic_benches::{position_lookups, BENCH_SEED};
use magic_runtime::{magic_tables, Sliders};
use magic_search::SplitMix64;

#[path = "../magic-perft/tests/peers/mod.rs"]
mod peers;
use peers::{CozySliders as Cozy, ShakmatySliders as Shakmaty};

magic_tables! {
    static FANCY { scheme = fancy }
    static BEST_FANCY { scheme = fancy, set = best }
    static PLAIN { scheme = plain }
    static SHIFT_IN_MAGIC { scheme = shift_in_magic }
    static SHARED { scheme = shared }
    static BEST_SHARED { scheme = shared, set = best }
    static FIXED_SHIFT { scheme = fixed_shift }
    static BLACK { scheme = black }
    static BYTE_LOOKUP { scheme = byte_lookup }
    static BEST_BYTE_LOOKUP { scheme = byte_lookup, set = best }
    static PEXT_PDEP { scheme = pext_pdep }
    static HYPERBOLA { scheme = hyperbola }
}

/// Words in the working set: 16 MiB.
const WORKING_SET_WORDS: usize = 2 << 20;
/// Reads of the working set between two lookups.
const READS_PER_LOOKUP: usize = 8;

/// No lookup at all: the cost of the pressure alone.
struct PressureOnly;
impl Sliders for PressureOnly {
    fn rook(&self, _sq: usize, occ: u64) -> u64 {
        occ
    }
    fn bishop(&self, _sq: usize, occ: u64) -> u64 {
        occ
    }
}

#[derive(Clone, Copy)]
enum Lookup {
    Rook,
    Bishop,
    Queen,
}

/// One pass over `pairs`: the working set's reads, then the lookup, each
/// folded into the result so that neither can be left out.
#[inline(always)]
fn pass<S: Sliders>(s: &S, l: Lookup, pairs: &[(usize, u64)], set: &[u64]) -> u64 {
    let mask = set.len() - 1;
    let mut at = 0x9e37_79b9_7f4a_7c15u64;
    pairs.iter().fold(0u64, |acc, &(sq, occ)| {
        let mut seen = 0;
        for _ in 0..READS_PER_LOOKUP {
            // A step of a 64-bit LCG: places the hardware cannot predict.
            at = at.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            seen ^= set[(at >> 20) as usize & mask];
        }
        let (sq, occ) = (black_box(sq), black_box(occ));
        let attacks = match l {
            Lookup::Rook => s.rook(sq, occ),
            Lookup::Bishop => s.bishop(sq, occ),
            Lookup::Queen => s.queen(sq, occ),
        };
        acc ^ seen ^ attacks
    })
}

fn bench<S: Sliders>(
    c: &mut Criterion,
    inputs: &[(&str, Lookup, Vec<(usize, u64)>)],
    set: &[u64],
    name: &str,
    s: &S,
) {
    for (input, lookup, pairs) in inputs {
        let mut group = c.benchmark_group(format!("pressure/{input}"));
        group.throughput(Throughput::Elements(pairs.len() as u64));
        group.bench_with_input(BenchmarkId::from_parameter(name), pairs, |b, pairs| {
            b.iter(|| pass(s, *lookup, pairs, set))
        });
        group.finish();
    }
}

fn pressure(c: &mut Criterion) {
    let mut rng = SplitMix64::new(BENCH_SEED);
    let set: Vec<u64> = (0..WORKING_SET_WORDS).map(|_| rng.next_u64()).collect();
    let real = position_lookups();
    let queens: Vec<(usize, u64)> = real.rook.iter().chain(&real.bishop).copied().collect();
    let inputs = [
        ("rook/positions", Lookup::Rook, real.rook.clone()),
        ("bishop/positions", Lookup::Bishop, real.bishop.clone()),
        ("queen/positions", Lookup::Queen, queens),
    ];
    bench(c, &inputs, &set, "pressure only", &PressureOnly);
    bench(c, &inputs, &set, "fancy", &FANCY);
    bench(c, &inputs, &set, "fancy, best set", &BEST_FANCY);
    bench(c, &inputs, &set, "plain", &PLAIN);
    bench(c, &inputs, &set, "shift_in_magic", &SHIFT_IN_MAGIC);
    bench(c, &inputs, &set, "shared", &SHARED);
    bench(c, &inputs, &set, "shared, best set", &BEST_SHARED);
    bench(c, &inputs, &set, "fixed_shift", &FIXED_SHIFT);
    bench(c, &inputs, &set, "black", &BLACK);
    bench(c, &inputs, &set, "byte_lookup", &BYTE_LOOKUP);
    bench(c, &inputs, &set, "byte_lookup, best set", &BEST_BYTE_LOOKUP);
    bench(c, &inputs, &set, "pext_pdep", &PEXT_PDEP);
    bench(c, &inputs, &set, "hyperbola", &HYPERBOLA);
    bench(c, &inputs, &set, "peer:shakmaty", &Shakmaty);
    bench(c, &inputs, &set, "peer:cozy-chess", &Cozy);
}

criterion_group!(benches, pressure);
criterion_main!(benches);
