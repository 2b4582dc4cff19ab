//! Hyperbola Quintessence: sliding attacks computed from the occupancy with
//! a subtraction and byte swaps per line, no table at all.

const FILE_A: u64 = 0x0101_0101_0101_0101;
const DIAGONAL: u64 = 0x8040_2010_0804_0201;
const ANTI_DIAGONAL: u64 = 0x0102_0408_1020_4080;

/// `line` shifted by `ranks` ranks (down for negative values).
#[inline(always)]
const fn shift_ranks(line: u64, ranks: i32) -> u64 {
    if ranks >= 0 {
        line << (8 * ranks)
    } else {
        line >> (8 * -ranks)
    }
}

/// Attacks along a file or diagonal through `sq`:
/// `(o - 2s) ^ swap(swap(o) - 2 swap(s))`, where the byte swap reverses the
/// line because it has one square per rank.
#[inline(always)]
const fn line_attacks(occ: u64, sq: usize, line: u64) -> u64 {
    let s = 1u64 << sq;
    let mask = line & !s;
    let o = occ & mask;
    let forward = o.wrapping_sub(s.wrapping_mul(2));
    let reverse = o
        .swap_bytes()
        .wrapping_sub(s.swap_bytes().wrapping_mul(2))
        .swap_bytes();
    (forward ^ reverse) & mask
}

/// Attacks along the rank of `sq`, which a byte swap does not reverse: up
/// to the nearest blocker above (lowest set bit) and below (highest set
/// bit, found with a leading-zero count).
#[inline(always)]
const fn rank_attacks(occ: u64, sq: usize) -> u64 {
    let rank = 0xffu64 << (sq / 8 * 8);
    let above = rank & !(2u64 << sq).wrapping_sub(1);
    let below = rank & ((1u64 << sq) - 1);
    // Above: everything up to and including the lowest blocker; with none,
    // the cut below is all ones.
    let blockers = above & occ;
    let east = above
        & (blockers & blockers.wrapping_neg())
            .wrapping_shl(1)
            .wrapping_sub(1);
    // Below: everything down to the highest blocker; with none, the highest
    // bit of `blockers | 1` is bit 0 and nothing is cut.
    let blockers = below & occ | 1;
    let west = below & !((1u64 << (63 - blockers.leading_zeros())) - 1);
    east | west
}

/// Hyperbola Quintessence: attacks computed on the fly, for targets where
/// hundreds of KiB of tables are too much (wasm, microcontrollers).
///
/// No memory at all: the lines through a square are derived from constants.
/// Files and diagonals cost a subtraction, byte swaps (one instruction
/// nearly everywhere) and a few logic operations each; the rank, which a
/// byte swap does not reverse, takes a lowest-bit isolation and a
/// leading-zero count instead.
///
/// ```
/// # use magic_runtime_core as magic_runtime;
/// use magic_runtime::{Diagram, Hyperbola};
/// let c3 = 18;
/// let occ = 1 << 27 | 1 << 21; // d4 and f3
/// print!("{}", Diagram::new(Hyperbola.queen(c3, occ)).piece(c3, 'Q'));
/// assert_eq!(Hyperbola.queen(c3, occ), magic_runtime::attacks_by_ray_walk(magic_runtime::Piece::Rook, c3, occ)
///     | magic_runtime::attacks_by_ray_walk(magic_runtime::Piece::Bishop, c3, occ));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Hyperbola;

impl Hyperbola {
    /// Rook attacks from `sq` (a1 = 0 ... h8 = 63) given the occupancy `occ`.
    ///
    /// ```
    /// # use magic_runtime_core as magic_runtime;
    /// assert_eq!(magic_runtime::Hyperbola.rook(0, 1 << 3), 0x0101_0101_0101_010e);
    /// ```
    #[inline(always)]
    pub const fn rook(&self, sq: usize, occ: u64) -> u64 {
        line_attacks(occ, sq, FILE_A << (sq % 8)) | rank_attacks(occ, sq)
    }

    /// Bishop attacks from `sq` given the occupancy `occ`.
    ///
    /// ```
    /// # use magic_runtime_core as magic_runtime;
    /// assert_eq!(magic_runtime::Hyperbola.bishop(63, 0), 0x0040_2010_0804_0201);
    /// ```
    #[inline(always)]
    pub const fn bishop(&self, sq: usize, occ: u64) -> u64 {
        let (file, rank) = ((sq % 8) as i32, (sq / 8) as i32);
        let diagonal = shift_ranks(DIAGONAL, rank - file);
        let anti_diagonal = shift_ranks(ANTI_DIAGONAL, rank + file - 7);
        line_attacks(occ, sq, diagonal) | line_attacks(occ, sq, anti_diagonal)
    }
}

impl Hyperbola {
    /// Queen attacks from `sq` given the occupancy `occ`: rook and bishop
    /// attacks together.
    ///
    /// ```
    /// # use magic_runtime_core as magic_runtime;
    /// assert_eq!(magic_runtime::Hyperbola.queen(27, !0), 0x1c_141c_0000);
    /// ```
    #[inline(always)]
    pub const fn queen(&self, sq: usize, occ: u64) -> u64 {
        self.rook(sq, occ) | self.bishop(sq, occ)
    }
}

impl crate::Sliders for Hyperbola {
    #[inline(always)]
    fn rook(&self, sq: usize, occ: u64) -> u64 {
        Hyperbola::rook(self, sq, occ)
    }
    #[inline(always)]
    fn bishop(&self, sq: usize, occ: u64) -> u64 {
        Hyperbola::bishop(self, sq, occ)
    }
    #[inline(always)]
    fn queen(&self, sq: usize, occ: u64) -> u64 {
        Hyperbola::queen(self, sq, occ)
    }
}
