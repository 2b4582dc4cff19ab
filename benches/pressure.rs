//! Lookups under cache pressure, as in an engine whose hash table and
//! evaluation crowd the caches: before each lookup, eight reads at seeded
//! random places of an 8 MiB working set (eight times this machine's L2,
//! a quarter of its L3) pull other lines through L1 and L2. The lookup
//! waits for them (its occupancy takes a bit of what they read, on its own
//! square, which no lookup looks at), so that the two cannot overlap.
//! Smaller tables keep more of their lines cached and may lead here.
//!
//! The `pressure only` row does the same reads without a lookup: what a
//! scheme adds over it is what its lookups cost under pressure.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use magic_benches::{pass, position_lookups, working_set, Lookup, PressureOnly};
use magic_runtime::Sliders;

use magic_benches::pressure_tables::*;
use magic_peers::{CozySliders as Cozy, ShakmatySliders as Shakmaty};

/// A benchmark input: its name, the lookup, and the (square, occupancy)
/// pairs.
type Input<'a> = (&'a str, Lookup, Vec<(usize, u64)>);

fn bench<S: Sliders>(c: &mut Criterion, inputs: &[Input], set: &[u64], name: &str, s: &S) {
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
    let set = working_set();
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
    bench(c, &inputs, &set, "shared, best set", &BEST_SHARED);
    bench(c, &inputs, &set, "fixed_shift", &FIXED_SHIFT);
    bench(c, &inputs, &set, "black", &BLACK);
    bench(c, &inputs, &set, "byte_lookup, best set", &BEST_BYTE_LOOKUP);
    bench(c, &inputs, &set, "hyperbola", &HYPERBOLA);
    // PEXT in a build for BMI2 only: without it, a portable loop.
    if cfg!(target_feature = "bmi2") {
        bench(c, &inputs, &set, "pext", &PEXT);
        bench(c, &inputs, &set, "pext_pdep", &PEXT_PDEP);
        bench(c, &inputs, &set, "pext_lines", &PEXT_LINES);
    }
    bench(c, &inputs, &set, "peer:shakmaty", &Shakmaty);
    bench(c, &inputs, &set, "peer:cozy-chess", &Cozy);
}

criterion_group!(benches, pressure);
criterion_main!(benches);
