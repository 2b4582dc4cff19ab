//! The peer crates' slider attacks behind the `Sliders` trait, and their
//! own perft: what the lookup, cache-pressure and perft benchmarks measure
//! ours against, and what the oracle test checks our counts with.
#![deny(missing_docs)]

use magic_runtime::Sliders;

// The peer crates themselves, for their boards and positions: one version
// of each for every user.
pub use cozy_chess;
pub use shakmaty;

/// cozy-chess's slider attacks: black magics, or PEXT where the build
/// turns on cozy-chess's `pext` feature (as the benchmarks' `peers-pext`
/// does).
pub struct CozySliders;

impl Sliders for CozySliders {
    #[inline(always)]
    fn rook(&self, sq: usize, occ: u64) -> u64 {
        cozy_chess::get_rook_moves(cozy_chess::Square::index(sq), cozy_chess::BitBoard(occ)).0
    }
    #[inline(always)]
    fn bishop(&self, sq: usize, occ: u64) -> u64 {
        cozy_chess::get_bishop_moves(cozy_chess::Square::index(sq), cozy_chess::BitBoard(occ)).0
    }
}

/// shakmaty's slider attacks (fixed-shift magics, const-evaluated).
pub struct ShakmatySliders;

impl Sliders for ShakmatySliders {
    #[inline(always)]
    fn rook(&self, sq: usize, occ: u64) -> u64 {
        u64::from(shakmaty::attacks::rook_attacks(
            shakmaty::Square::new(sq as u32),
            shakmaty::Bitboard(occ),
        ))
    }
    #[inline(always)]
    fn bishop(&self, sq: usize, occ: u64) -> u64 {
        u64::from(shakmaty::attacks::bishop_attacks(
            shakmaty::Square::new(sq as u32),
            shakmaty::Bitboard(occ),
        ))
    }
}

/// cozy-chess's own perft, counting the last ply in bulk as ours does.
pub fn cozy_perft(board: &cozy_chess::Board, depth: u32) -> u64 {
    let mut nodes = 0;
    if depth == 1 {
        board.generate_moves(|moves| {
            nodes += moves.len() as u64;
            false
        });
        return nodes;
    }
    board.generate_moves(|moves| {
        for m in moves {
            let mut next = board.clone();
            next.play_unchecked(m);
            nodes += cozy_perft(&next, depth - 1);
        }
        false
    });
    nodes
}

/// shakmaty's position from a FEN.
///
/// # Panics
///
/// If shakmaty cannot read the FEN or play the position: the callers give
/// it positions from the suite and from legal games.
pub fn shakmaty_position(fen: &str) -> shakmaty::Chess {
    use shakmaty::{fen::Fen, CastlingMode};
    fen.parse::<Fen>()
        .unwrap()
        .into_position(CastlingMode::Standard)
        .unwrap()
}

/// shakmaty's own perft from a FEN; panics as [`shakmaty_position`] does.
pub fn shakmaty_perft(fen: &str, depth: u32) -> u64 {
    shakmaty::perft(&shakmaty_position(fen), depth)
}

#[cfg(test)]
mod tests {
    use super::*;
    use magic_runtime::{attacks_by_ray_walk, Piece};
    use magic_search::SplitMix64;

    /// Each peer is asked about the squares and boards it is measured on,
    /// numbered as ours are: its answers must be the ray walk's.
    #[test]
    fn peer_attacks_are_the_ray_walks() {
        let mut rng = SplitMix64::new(11);
        let peers: [(&str, &dyn Sliders); 2] =
            [("cozy-chess", &CozySliders), ("shakmaty", &ShakmatySliders)];
        for sq in 0..64 {
            for _ in 0..64 {
                let occ = rng.next_u64() & rng.next_u64();
                for (name, peer) in peers {
                    assert_eq!(
                        peer.rook(sq, occ),
                        attacks_by_ray_walk(Piece::Rook, sq, occ),
                        "{name} rook {sq} {occ:#x}"
                    );
                    assert_eq!(
                        peer.bishop(sq, occ),
                        attacks_by_ray_walk(Piece::Bishop, sq, occ),
                        "{name} bishop {sq} {occ:#x}"
                    );
                }
            }
        }
    }
}
