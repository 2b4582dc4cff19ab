//! The check the benchmarks' own lookups pass before they are measured.

use magic_runtime::{attacks_by_ray_walk, next_subset, relevant_mask, Piece, Sliders};

/// Panics unless `s` gives the ray walk's attacks (rook, bishop and
/// queen) for every square and every relevant occupancy, and for each of
/// those with every square outside the mask set as well (which a lookup
/// must ignore).
pub(crate) fn check_against_ray_walk(s: &impl Sliders) {
    for sq in 0..64 {
        for piece in [Piece::Rook, Piece::Bishop] {
            let mask = relevant_mask(piece, sq);
            let mut occ = 0;
            loop {
                for board in [occ, occ | !mask] {
                    let rook = attacks_by_ray_walk(Piece::Rook, sq, board);
                    let bishop = attacks_by_ray_walk(Piece::Bishop, sq, board);
                    let (got, want) = match piece {
                        Piece::Rook => (s.rook(sq, board), rook),
                        Piece::Bishop => (s.bishop(sq, board), bishop),
                    };
                    assert_eq!(got, want, "{piece:?} on {sq}, occupancy {board:#x}");
                    assert_eq!(s.queen(sq, board), rook | bishop, "queen on {sq}");
                }
                occ = next_subset(occ, mask);
                if occ == 0 {
                    break;
                }
            }
        }
    }
}
