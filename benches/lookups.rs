//! Lookup speed of every scheme and of the peers, in two shapes:
//! throughput (independent lookups over a stream of (square, occupancy)
//! pairs, from real positions and from random boards) and latency (a chain
//! where each occupancy depends on the previous result).

use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use magic_benches::{position_lookups, random_lookups, ChessSliders};
use magic_runtime::{attacks_by_ray_walk, magic_tables, Piece, Sliders};

use magic_peers::{CozySliders as Cozy, ShakmatySliders as Shakmaty};

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
    static PEXT_LINES { scheme = pext_lines }
    static HYPERBOLA { scheme = hyperbola }
}

/// The reference ray walk: the floor.
struct RayWalk;
impl Sliders for RayWalk {
    fn rook(&self, sq: usize, occ: u64) -> u64 {
        attacks_by_ray_walk(Piece::Rook, sq, occ)
    }
    fn bishop(&self, sq: usize, occ: u64) -> u64 {
        attacks_by_ray_walk(Piece::Bishop, sq, occ)
    }
}

/// No lookup at all: the result is the occupancy. What is left is the
/// harness's own cost (the pair's loads, the `black_box` round trips
/// through memory, the loop), the floor every other figure stands on.
struct NoLookup;
impl Sliders for NoLookup {
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

#[inline(always)]
fn lookup<S: Sliders>(s: &S, l: Lookup, sq: usize, occ: u64) -> u64 {
    match l {
        Lookup::Rook => s.rook(sq, occ),
        Lookup::Bishop => s.bishop(sq, occ),
        Lookup::Queen => s.queen(sq, occ),
    }
}

struct Inputs {
    name: &'static str,
    lookup: Lookup,
    pairs: Vec<(usize, u64)>,
}

fn bench_all<S: Sliders>(c: &mut Criterion, inputs: &[Inputs], name: &str, s: &S) {
    for input in inputs {
        let mut group = c.benchmark_group(format!("throughput/{}", input.name));
        group.throughput(Throughput::Elements(input.pairs.len() as u64));
        group.bench_with_input(
            BenchmarkId::from_parameter(name),
            &input.pairs,
            |b, pairs| {
                let l = input.lookup;
                b.iter(|| {
                    pairs.iter().fold(0u64, |acc, &(sq, occ)| {
                        acc ^ lookup(s, l, black_box(sq), black_box(occ))
                    })
                })
            },
        );
        group.finish();
        let mut group = c.benchmark_group(format!("latency/{}", input.name));
        group.throughput(Throughput::Elements(input.pairs.len() as u64));
        group.bench_with_input(
            BenchmarkId::from_parameter(name),
            &input.pairs,
            |b, pairs| {
                let l = input.lookup;
                // Each occupancy takes one bit of the previous result, so the
                // lookups cannot overlap. The bit is a1's, which no attack
                // set depends on, so every lookup gives what its pair does;
                // through `black_box`, so that the compiler cannot see that
                // and drop the chain (it can, where a lookup's index is a
                // shift of the occupancy that a1 never reaches).
                let a1 = black_box(1u64);
                b.iter(|| {
                    pairs
                        .iter()
                        .fold(0u64, |acc, &(sq, occ)| lookup(s, l, sq, occ ^ (acc & a1)))
                })
            },
        );
        group.finish();
    }
}

fn lookups(c: &mut Criterion) {
    let real = position_lookups();
    let random = random_lookups(4096);
    let queens: Vec<(usize, u64)> = real.rook.iter().chain(&real.bishop).copied().collect();
    let inputs = [
        Inputs {
            name: "rook/positions",
            lookup: Lookup::Rook,
            pairs: real.rook.clone(),
        },
        Inputs {
            name: "bishop/positions",
            lookup: Lookup::Bishop,
            pairs: real.bishop.clone(),
        },
        Inputs {
            name: "queen/positions",
            lookup: Lookup::Queen,
            pairs: queens,
        },
        Inputs {
            name: "rook/random",
            lookup: Lookup::Rook,
            pairs: random.clone(),
        },
        Inputs {
            name: "bishop/random",
            lookup: Lookup::Bishop,
            pairs: random.clone(),
        },
        Inputs {
            name: "queen/random",
            lookup: Lookup::Queen,
            pairs: random,
        },
    ];
    bench_all(c, &inputs, "fancy", &FANCY);
    bench_all(c, &inputs, "plain", &PLAIN);
    bench_all(c, &inputs, "shift_in_magic", &SHIFT_IN_MAGIC);
    bench_all(c, &inputs, "shared", &SHARED);
    bench_all(c, &inputs, "fixed_shift", &FIXED_SHIFT);
    bench_all(c, &inputs, "black", &BLACK);
    bench_all(c, &inputs, "offset_in_magic", &OFFSET_IN_MAGIC);
    bench_all(c, &inputs, "byte_lookup", &BYTE_LOOKUP);
    bench_all(c, &inputs, "magic32", &MAGIC32);
    bench_all(c, &inputs, "pext", &PEXT);
    bench_all(c, &inputs, "pext_pdep", &PEXT_PDEP);
    bench_all(c, &inputs, "pext_lines", &PEXT_LINES);
    bench_all(c, &inputs, "hyperbola", &HYPERBOLA);
    // Every line by a multiplication or a shift, four small sub-tables.
    let kindergarten = magic_benches::kindergarten::Kindergarten::new();
    bench_all(c, &inputs, "kindergarten", &kindergarten);
    // Lines side by side in vector registers, in a build with AVX2 only.
    #[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
    {
        magic_benches::hyperbola_simd::check_against_ray_walk();
        let simd = magic_benches::hyperbola_simd::HyperbolaSimd;
        bench_all(c, &inputs, "hyperbola_simd", &simd);
    }
    bench_all(c, &inputs, "peer:shakmaty", &Shakmaty);
    bench_all(c, &inputs, "peer:cozy-chess", &Cozy);
    bench_all(c, &inputs, "peer:chess", &ChessSliders);
    bench_all(c, &inputs, "ray_walk", &RayWalk);
    bench_all(c, &inputs, "no_lookup", &NoLookup);
}

criterion_group!(benches, lookups);
criterion_main!(benches);
