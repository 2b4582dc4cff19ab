//! The `chess` crate's slider attacks behind the `Sliders` trait: only the
//! lookup benchmark measures them, and their build script takes a while,
//! so they are here behind the `peers` feature rather than in
//! `magic-peers` with the others.

use magic_runtime::Sliders;

/// The `chess` crate's slider moves (magics from a build script).
pub struct ChessSliders;

impl Sliders for ChessSliders {
    #[inline(always)]
    fn rook(&self, sq: usize, occ: u64) -> u64 {
        // SAFETY: benchmark squares are below 64.
        let sq = unsafe { chess::Square::new(sq as u8) };
        chess::get_rook_moves(sq, chess::BitBoard(occ)).0
    }
    #[inline(always)]
    fn bishop(&self, sq: usize, occ: u64) -> u64 {
        // SAFETY: as above.
        let sq = unsafe { chess::Square::new(sq as u8) };
        chess::get_bishop_moves(sq, chess::BitBoard(occ)).0
    }
}
