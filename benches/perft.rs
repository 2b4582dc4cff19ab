//! Perft speed in nodes per second, side by side in one run: the generator
//! with every scheme of the workspace; the same generator with the slider
//! attacks of cozy-chess and shakmaty plugged in; and those crates' own
//! perft. Positions: the first four of `magic-perft/data/perftsuite.epd`, at depths of
//! a few million nodes each.

use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use magic_peers::{
    cozy_chess, cozy_perft, shakmaty, shakmaty_position, CozySliders, ShakmatySliders,
};
use magic_perft::{perft, with_scheme, Position, SCHEMES};

/// The first four positions of the suite, each deep enough to run for
/// several milliseconds (the two endings one ply past the suite's deepest
/// count; every count is checked against cozy-chess and shakmaty below).
const POSITIONS: [(&str, &str, u32); 4] = [
    (
        "startpos",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        5,
    ),
    (
        "kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        4,
    ),
    ("king-rook", "4k3/8/8/8/8/8/8/4K2R w K - 0 1", 7),
    ("queen-rook", "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1", 7),
];

fn bench(c: &mut Criterion) {
    for (name, fen, depth) in POSITIONS {
        let pos = Position::from_fen(fen).unwrap();
        let nodes = perft(&pos, depth, &magic_perft::schemes::BLACK);
        let mut group = c.benchmark_group(format!("perft/{name}"));
        group
            .sample_size(10)
            .throughput(Throughput::Elements(nodes));
        for scheme in SCHEMES {
            group.bench_function(BenchmarkId::new("magic-perft", scheme), |b| {
                b.iter(|| with_scheme!(scheme, |t| perft(black_box(&pos), depth, t)).unwrap())
            });
        }
        group.bench_function(BenchmarkId::new("magic-perft", "cozy-chess sliders"), |b| {
            b.iter(|| perft(black_box(&pos), depth, &CozySliders))
        });
        group.bench_function(BenchmarkId::new("magic-perft", "shakmaty sliders"), |b| {
            b.iter(|| perft(black_box(&pos), depth, &ShakmatySliders))
        });
        let cozy = cozy_chess::Board::from_fen(fen, false).unwrap();
        assert_eq!(cozy_perft(&cozy, depth), nodes);
        group.bench_function(BenchmarkId::new("peer", "cozy-chess perft"), |b| {
            b.iter(|| cozy_perft(black_box(&cozy), depth))
        });
        let shak = shakmaty_position(fen);
        assert_eq!(shakmaty::perft(&shak, depth), nodes);
        group.bench_function(BenchmarkId::new("peer", "shakmaty perft"), |b| {
            b.iter(|| shakmaty::perft(black_box(&shak), depth))
        });
        group.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
