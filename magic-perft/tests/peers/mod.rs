//! The peer crates behind the `Sliders` trait and cozy-chess's perft: shared
//! by the oracle test and the perft benchmark.
#![allow(dead_code)] // each user takes what it needs

use magic_runtime::Sliders;

/// cozy-chess's slider attacks (black magics, or PEXT with its `pext` feature).
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

/// shakmaty's own perft from a FEN.
pub fn shakmaty_perft(fen: &str, depth: u32) -> u64 {
    use shakmaty::{fen::Fen, CastlingMode, Chess};
    let pos: Chess = fen
        .parse::<Fen>()
        .unwrap()
        .into_position(CastlingMode::Standard)
        .unwrap();
    shakmaty::perft(&pos, depth)
}
