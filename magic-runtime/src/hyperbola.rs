//! Hyperbola Quintessence: sliding attacks computed from the occupancy with
//! a subtraction and a bit reversal per line, no table at all.

use crate::sliders::impl_sliders;

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

/// Attacks along one line through `sq`: `(o - 2s) ^ rev(rev(o) - 2 rev(s))`,
/// with `rev` any bit order that reverses the line (a byte swap reverses
/// files and diagonals, a full bit reversal ranks).
#[inline(always)]
const fn line_attacks(occ: u64, sq: usize, line: u64, by_bytes: bool) -> u64 {
    let s = 1u64 << sq;
    let mask = line & !s;
    let o = occ & mask;
    let forward = o.wrapping_sub(s.wrapping_mul(2));
    let reverse = if by_bytes {
        o.swap_bytes()
            .wrapping_sub(s.swap_bytes().wrapping_mul(2))
            .swap_bytes()
    } else {
        o.reverse_bits()
            .wrapping_sub(s.reverse_bits().wrapping_mul(2))
            .reverse_bits()
    };
    (forward ^ reverse) & mask
}

/// Hyperbola Quintessence: attacks computed on the fly, for targets where
/// hundreds of KiB of tables are too much (wasm, microcontrollers).
///
/// No memory at all: the lines through a square are derived from constants,
/// and each line costs a subtraction, a byte swap (files and diagonals) or
/// bit reversal (ranks), and a few logic operations. Byte swaps are one
/// instruction nearly everywhere; bit reversal is one on ARM (`rbit`) and a
/// short sequence on x86.
///
/// ```
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
    /// assert_eq!(magic_runtime::Hyperbola.rook(0, 1 << 3), 0x0101_0101_0101_010e);
    /// ```
    #[inline(always)]
    pub const fn rook(&self, sq: usize, occ: u64) -> u64 {
        let file = FILE_A << (sq % 8);
        let rank = 0xffu64 << (sq / 8 * 8);
        line_attacks(occ, sq, file, true) | line_attacks(occ, sq, rank, false)
    }

    /// Bishop attacks from `sq` given the occupancy `occ`.
    ///
    /// ```
    /// assert_eq!(magic_runtime::Hyperbola.bishop(63, 0), 0x0040_2010_0804_0201);
    /// ```
    #[inline(always)]
    pub const fn bishop(&self, sq: usize, occ: u64) -> u64 {
        let (file, rank) = ((sq % 8) as i32, (sq / 8) as i32);
        let diagonal = shift_ranks(DIAGONAL, rank - file);
        let anti_diagonal = shift_ranks(ANTI_DIAGONAL, rank + file - 7);
        line_attacks(occ, sq, diagonal, true) | line_attacks(occ, sq, anti_diagonal, true)
    }
}

impl_sliders!(Hyperbola, "Hyperbola");
