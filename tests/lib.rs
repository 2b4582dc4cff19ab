//! Shared checks for the workspace tests.
#![deny(missing_docs)]

use magic_runtime::{attacks_by_ray_walk, next_subset, relevant_mask, Piece, Sliders};
use magic_search::SplitMix64;

/// Random full-board occupancies checked per table, on top of the
/// exhaustive pass over relevant subsets.
pub const RANDOM_BOARDS: usize = 100_000;

/// Checks `tables` against the ray walk: every piece, every square, every
/// subset of the relevant mask (once alone, once with random bits outside
/// the mask), then [`RANDOM_BOARDS`] random full boards for all three
/// lookups. Returns the number of lookups checked.
pub fn check_against_ray_walk<S: Sliders>(name: &str, tables: &S) -> usize {
    let mut rng = SplitMix64::new(0x7e57);
    let mut checked = 0;
    for piece in Piece::ALL {
        for sq in 0..64 {
            let mask = relevant_mask(piece, sq);
            let mut occ = 0;
            loop {
                let noisy = occ | (rng.next_u64() & !mask);
                for o in [occ, noisy] {
                    let got = match piece {
                        Piece::Rook => tables.rook(sq, o),
                        Piece::Bishop => tables.bishop(sq, o),
                    };
                    let want = attacks_by_ray_walk(piece, sq, o);
                    assert_eq!(
                        got,
                        want,
                        "{name}: {} on square {sq}, occupancy {o:#018x}",
                        piece.name()
                    );
                    checked += 1;
                }
                occ = next_subset(occ, mask);
                if occ == 0 {
                    break;
                }
            }
        }
    }
    for _ in 0..RANDOM_BOARDS {
        // Sparse and dense boards both: a third of the squares, or two thirds.
        let occ = match rng.next_u64() & 1 {
            0 => rng.next_u64() & rng.next_u64(),
            _ => rng.next_u64() | rng.next_u64(),
        };
        let sq = (rng.next_u64() % 64) as usize;
        let rook = attacks_by_ray_walk(Piece::Rook, sq, occ);
        let bishop = attacks_by_ray_walk(Piece::Bishop, sq, occ);
        assert_eq!(
            tables.rook(sq, occ),
            rook,
            "{name}: rook on {sq}, board {occ:#018x}"
        );
        assert_eq!(
            tables.bishop(sq, occ),
            bishop,
            "{name}: bishop on {sq}, board {occ:#018x}"
        );
        assert_eq!(
            tables.queen(sq, occ),
            rook | bishop,
            "{name}: queen on {sq}, board {occ:#018x}"
        );
        checked += 3;
    }
    checked
}

/// The number of relevant occupancies over all squares: 102,400 rook +
/// 5,248 bishop at default bits.
pub fn relevant_occupancies() -> usize {
    Piece::ALL
        .into_iter()
        .flat_map(|p| (0..64).map(move |sq| 1usize << relevant_mask(p, sq).count_ones()))
        .sum()
}

/// The README's Rust examples, run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeExamples;
