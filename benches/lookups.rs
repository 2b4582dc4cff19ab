//! Lookup throughput of every scheme, side by side with the ray walk, on
//! seeded random boards.

use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use magic_benches::random_lookups;
use magic_runtime::{attacks_by_ray_walk, magic_tables, Piece, Sliders};

magic_tables! {
    static FANCY { scheme = fancy }
    static PLAIN { scheme = plain }
    static SHIFT_IN_MAGIC { scheme = shift_in_magic }
    static SHARED { scheme = shared }
    static FIXED_SHIFT { scheme = fixed_shift }
    static BLACK { scheme = black }
    static OFFSET_IN_MAGIC { scheme = offset_in_magic }
    static BYTE_LOOKUP { scheme = byte_lookup }
    static MAGIC32 { scheme = magic32 }
    static PEXT { scheme = pext }
    static PEXT_PDEP { scheme = pext_pdep }
    static HYPERBOLA { scheme = hyperbola }
}

struct RayWalk;

impl Sliders for RayWalk {
    fn rook(&self, sq: usize, occ: u64) -> u64 {
        attacks_by_ray_walk(Piece::Rook, sq, occ)
    }
    fn bishop(&self, sq: usize, occ: u64) -> u64 {
        attacks_by_ray_walk(Piece::Bishop, sq, occ)
    }
}

fn bench_scheme<S: Sliders>(c: &mut Criterion, name: &str, tables: &S, inputs: &[(usize, u64)]) {
    let mut group = c.benchmark_group("lookups");
    group.throughput(Throughput::Elements(inputs.len() as u64));
    group.bench_with_input(BenchmarkId::new("rook", name), inputs, |b, inputs| {
        b.iter(|| {
            inputs.iter().fold(0u64, |acc, &(sq, occ)| {
                acc ^ tables.rook(black_box(sq), black_box(occ))
            })
        })
    });
    group.bench_with_input(BenchmarkId::new("bishop", name), inputs, |b, inputs| {
        b.iter(|| {
            inputs.iter().fold(0u64, |acc, &(sq, occ)| {
                acc ^ tables.bishop(black_box(sq), black_box(occ))
            })
        })
    });
    group.bench_with_input(BenchmarkId::new("queen", name), inputs, |b, inputs| {
        b.iter(|| {
            inputs.iter().fold(0u64, |acc, &(sq, occ)| {
                acc ^ tables.queen(black_box(sq), black_box(occ))
            })
        })
    });
    group.finish();
}

fn lookups(c: &mut Criterion) {
    let inputs = random_lookups(4096);
    bench_scheme(c, "fancy", &FANCY, &inputs);
    bench_scheme(c, "plain", &PLAIN, &inputs);
    bench_scheme(c, "shift_in_magic", &SHIFT_IN_MAGIC, &inputs);
    bench_scheme(c, "shared", &SHARED, &inputs);
    bench_scheme(c, "fixed_shift", &FIXED_SHIFT, &inputs);
    bench_scheme(c, "black", &BLACK, &inputs);
    bench_scheme(c, "offset_in_magic", &OFFSET_IN_MAGIC, &inputs);
    bench_scheme(c, "byte_lookup", &BYTE_LOOKUP, &inputs);
    bench_scheme(c, "magic32", &MAGIC32, &inputs);
    bench_scheme(c, "pext", &PEXT, &inputs);
    bench_scheme(c, "pext_pdep", &PEXT_PDEP, &inputs);
    bench_scheme(c, "hyperbola", &HYPERBOLA, &inputs);
    bench_scheme(c, "ray_walk", &RayWalk, &inputs);
}

criterion_group!(benches, lookups);
criterion_main!(benches);
