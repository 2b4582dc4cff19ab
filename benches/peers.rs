//! The peer crates' slider attacks behind the `Sliders` trait, for the
//! lookup and cache-pressure measurements.

use magic_runtime::Sliders;

/// cozy-chess's slider attacks (black magics, or PEXT with its `pext`
/// feature, which the `peers-pext` feature turns on).
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
