//! Seeded inputs for the benchmarks: (square, occupancy) pairs from random
//! boards and from real positions.
#![deny(missing_docs)]

#[cfg(feature = "peers")]
mod chess_sliders;
#[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
pub mod hyperbola_simd;
pub mod kindergarten;
mod lines;
pub mod pressure_tables;
mod ray_check;
mod working_set;

#[cfg(feature = "peers")]
pub use chess_sliders::ChessSliders;
pub use working_set::{
    pass, working_set, Lookup, PressureOnly, READS_PER_LOOKUP, WORKING_SET_WORDS,
};

use magic_perft::{Color, Kind, MoveList, Position};
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

/// The lookups real positions ask for: for every position of the perft
/// suite and the positions of seeded random games from each (up to 16
/// plies), the square of every rook and queen (`rook`) or bishop and queen
/// (`bishop`) with the board's occupancy.
///
/// ```
/// let real = magic_benches::position_lookups();
/// // 127 positions and up to 16 plies after each, with rooks, bishops
/// // and queens on most of them.
/// assert!(real.rook.len() > 127 && real.bishop.len() > 127);
/// ```
pub fn position_lookups() -> PositionLookups {
    let text = magic_perft::PERFT_SUITE;
    let mut rng = SplitMix64::new(BENCH_SEED);
    let mut out = PositionLookups::default();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let fen = line.split(';').next().unwrap_or_default();
        let Ok(mut pos) = Position::from_fen(fen) else {
            continue;
        };
        for _ in 0..16 {
            out.add(&pos);
            let moves = MoveList::legal(&pos, &magic_runtime::Hyperbola);
            if moves.is_empty() {
                break;
            }
            pos = pos.play(moves.as_slice()[(rng.next_u64() % moves.len() as u64) as usize]);
        }
    }
    out
}

/// Lookups of real positions, per piece.
#[derive(Clone, Debug, Default)]
pub struct PositionLookups {
    /// Rook lookups: rooks and queens.
    pub rook: Vec<(usize, u64)>,
    /// Bishop lookups: bishops and queens.
    pub bishop: Vec<(usize, u64)>,
}

impl PositionLookups {
    fn add(&mut self, pos: &Position) {
        let occ = pos.occupied();
        for color in [Color::White, Color::Black] {
            let queens = pos.pieces(color, Kind::Queen);
            for (list, pieces) in [
                (&mut self.rook, pos.pieces(color, Kind::Rook) | queens),
                (&mut self.bishop, pos.pieces(color, Kind::Bishop) | queens),
            ] {
                let mut p = pieces;
                while p != 0 {
                    list.push((p.trailing_zeros() as usize, occ));
                    p &= p - 1;
                }
            }
        }
    }
}
