//! Offsets in the magic (Eugene Kotlov): in the fixed-shift domain, the low
//! 16 bits of each stored factor locate the square's sub-table.

use crate::fill::{fill, HashKind, Layout, Length, SquareHash};
use crate::fixed_shift::{FIXED_BISHOP_BITS, FIXED_ROOK_BITS};
use crate::geometry::relevant_mask;
use crate::sliders::impl_sliders;
use crate::Piece;

/// Sub-tables start on multiples of this many entries (one 64-byte cache
/// line), so that 16 bits of offset reach 524,288 entries.
///
/// ```
/// assert_eq!(magic_runtime::OFFSET_UNIT * 8, 64);
/// ```
pub const OFFSET_UNIT: usize = 8;

#[derive(Clone, Copy, Debug)]
struct Entry {
    mask: u64,
    factor: u64,
}

/// Fixed-shift magic bitboards whose factors carry their own offset:
/// `table[(factor & 0xffff) * 8 + (((occ & mask) * factor) >> 52)]`
/// (`>> 55` for bishops). The whole factor, offset bits included, is the
/// magic: the search fixes its low 16 bits and finds the rest. Per square
/// only a mask and a factor are loaded.
///
/// ```
/// use magic_runtime::{sets::*, Diagram, OffsetInMagicTables};
/// static SLIDERS: OffsetInMagicTables<OFFSET_IN_MAGIC_LEN> =
///     OffsetInMagicTables::new(&OFFSET_IN_MAGIC_ROOK, &OFFSET_IN_MAGIC_BISHOP);
/// let b7 = 49;
/// print!("{}", Diagram::new(SLIDERS.queen(b7, 0)).piece(b7, 'Q'));
/// assert_eq!(SLIDERS.queen(b7, 0).count_ones(), 23);
/// ```
#[derive(Clone, Debug)]
pub struct OffsetInMagicTables<const N: usize> {
    squares: [[Entry; 64]; 2],
    table: [u64; N],
}

impl<const N: usize> OffsetInMagicTables<N> {
    /// Builds and checks the tables from 64 rook and 64 bishop factors (12
    /// and 9 index bits, offset / 8 in the low 16 bits). `N` must be one past
    /// the last entry any occupancy uses. In a `static`, two occupancies that
    /// need different attacks in one entry fail the build.
    ///
    /// ```
    /// use magic_runtime::{sets::*, OffsetInMagicTables};
    /// let t = OffsetInMagicTables::<OFFSET_IN_MAGIC_LEN>::new(&OFFSET_IN_MAGIC_ROOK, &OFFSET_IN_MAGIC_BISHOP);
    /// assert_eq!(t.rook(63, 0).count_ones(), 14);
    /// ```
    pub const fn new(rook_factors: &[u64; 64], bishop_factors: &[u64; 64]) -> Self {
        let factors = [rook_factors, bishop_factors];
        let bits = [FIXED_ROOK_BITS, FIXED_BISHOP_BITS];
        let mut layout: Layout = [[SquareHash::EMPTY; 64]; 2];
        let mut squares = [[Entry { mask: 0, factor: 0 }; 64]; 2];
        let mut p = 0;
        while p < 2 {
            let mut sq = 0;
            while sq < 64 {
                let factor = factors[p][sq];
                let mask = relevant_mask(Piece::ALL[p], sq);
                layout[p][sq] = SquareHash {
                    kind: HashKind::Magic,
                    mask,
                    magic: factor,
                    bits: bits[p],
                    offset: (factor & 0xffff) as usize * OFFSET_UNIT,
                };
                squares[p][sq] = Entry { mask, factor };
                sq += 1;
            }
            p += 1;
        }
        OffsetInMagicTables {
            table: fill(&layout, "OffsetInMagicTables", Length::LastUsed),
            squares,
        }
    }

    #[inline(always)]
    const fn lookup(&self, piece: usize, sq: usize, occ: u64, shift: u32) -> u64 {
        let e = self.squares[piece][sq];
        let i = (e.factor & 0xffff) as usize * OFFSET_UNIT
            + ((occ & e.mask).wrapping_mul(e.factor) >> shift) as usize;
        // SAFETY: `new` checked that every relevant occupancy's slot is below `N`.
        unsafe { *self.table.as_ptr().add(i) }
    }

    /// Rook attacks from `sq` (a1 = 0 ... h8 = 63) given the occupancy `occ`.
    ///
    /// ```
    /// # use magic_runtime::{sets::*, OffsetInMagicTables};
    /// # let t = OffsetInMagicTables::<OFFSET_IN_MAGIC_LEN>::new(&OFFSET_IN_MAGIC_ROOK, &OFFSET_IN_MAGIC_BISHOP);
    /// assert_eq!(t.rook(0, 1 << 2 | 1 << 16), 1 << 1 | 1 << 2 | 1 << 8 | 1 << 16);
    /// ```
    #[inline(always)]
    pub const fn rook(&self, sq: usize, occ: u64) -> u64 {
        self.lookup(0, sq, occ, 64 - FIXED_ROOK_BITS)
    }

    /// Bishop attacks from `sq` given the occupancy `occ`.
    ///
    /// ```
    /// # use magic_runtime::{sets::*, OffsetInMagicTables};
    /// # let t = OffsetInMagicTables::<OFFSET_IN_MAGIC_LEN>::new(&OFFSET_IN_MAGIC_ROOK, &OFFSET_IN_MAGIC_BISHOP);
    /// assert_eq!(t.bishop(9, 0).count_ones(), 9);
    /// ```
    #[inline(always)]
    pub const fn bishop(&self, sq: usize, occ: u64) -> u64 {
        self.lookup(1, sq, occ, 64 - FIXED_BISHOP_BITS)
    }

    /// The stored factor of `piece` on `sq`, offset bits included.
    ///
    /// ```
    /// # use magic_runtime::{sets::*, OffsetInMagicTables, Piece};
    /// # let t = OffsetInMagicTables::<OFFSET_IN_MAGIC_LEN>::new(&OFFSET_IN_MAGIC_ROOK, &OFFSET_IN_MAGIC_BISHOP);
    /// assert_eq!(t.factor(Piece::Rook, 0), OFFSET_IN_MAGIC_ROOK[0]);
    /// ```
    #[inline(always)]
    pub const fn factor(&self, piece: Piece, sq: usize) -> u64 {
        self.squares[piece as usize][sq].factor
    }

    /// Bytes taken by the attack array: `8 * N`.
    ///
    /// ```
    /// # use magic_runtime::{sets::*, OffsetInMagicTables};
    /// # let t = OffsetInMagicTables::<OFFSET_IN_MAGIC_LEN>::new(&OFFSET_IN_MAGIC_ROOK, &OFFSET_IN_MAGIC_BISHOP);
    /// assert_eq!(t.table_bytes(), OFFSET_IN_MAGIC_LEN * 8);
    /// ```
    #[inline(always)]
    pub const fn table_bytes(&self) -> usize {
        N * 8
    }
}

impl_sliders!(
    OffsetInMagicTables<N>,
    "OffsetInMagicTables::<{ sets::OFFSET_IN_MAGIC_LEN }>::new(&sets::OFFSET_IN_MAGIC_ROOK, &sets::OFFSET_IN_MAGIC_BISHOP)"
);
