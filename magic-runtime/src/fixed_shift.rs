//! Fixed-shift fancy magics ("white" magics, Onno Garms and Volker Annuss)
//! and black magics (Volker Annuss): one shift for every square, sub-tables
//! overlapping in one shared array at per-square offsets.

use crate::fill::{fill, HashKind, Length};
use crate::layout::at_offsets;
use crate::sliders::impl_sliders;
use crate::Piece;

/// Index bits of every rook sub-table in the fixed-shift schemes.
///
/// ```
/// assert_eq!(magic_runtime::FIXED_ROOK_BITS, 12);
/// ```
pub const FIXED_ROOK_BITS: u32 = 12;
/// Index bits of every bishop sub-table in the fixed-shift schemes.
///
/// ```
/// assert_eq!(magic_runtime::FIXED_BISHOP_BITS, 9);
/// ```
pub const FIXED_BISHOP_BITS: u32 = 9;

#[derive(Clone, Copy, Debug)]
struct Entry {
    /// The relevant mask (fixed shift) or its complement (black magics).
    mask: u64,
    magic: u64,
    offset: usize,
}

const fn entries(layout: &crate::fill::Layout, black: bool) -> [[Entry; 64]; 2] {
    let mut squares = [[Entry {
        mask: 0,
        magic: 0,
        offset: 0,
    }; 64]; 2];
    let mut p = 0;
    while p < 2 {
        let mut sq = 0;
        while sq < 64 {
            let h = layout[p][sq];
            let mask = if black { !h.mask } else { h.mask };
            squares[p][sq] = Entry {
                mask,
                magic: h.magic,
                offset: h.offset,
            };
            sq += 1;
        }
        p += 1;
    }
    squares
}

/// Fixed-shift fancy magic bitboards:
/// `table[offset[sq] + (((occ & mask[sq]) * magic[sq]) >> 52)]` for rooks,
/// `>> 55` for bishops, all sub-tables overlapping in one array of `N`
/// entries. A constant shift frees a register; the magics are searched so
/// that sub-tables leave gaps where others fit.
///
/// [`sets::FIXED_SHIFT_ROOK`](crate::sets::FIXED_SHIFT_ROOK) and its
/// companions are Volker Annuss's published set (CCC, 2017), 88,772 entries.
///
/// ```
/// use magic_runtime::{sets::*, Diagram, FixedShiftTables};
/// static SLIDERS: FixedShiftTables<FIXED_SHIFT_LEN> = FixedShiftTables::new(
///     &FIXED_SHIFT_ROOK, &FIXED_SHIFT_ROOK_OFFSETS, &FIXED_SHIFT_BISHOP, &FIXED_SHIFT_BISHOP_OFFSETS,
/// );
/// let f3 = 21;
/// print!("{}", Diagram::new(SLIDERS.bishop(f3, 1 << 39)).piece(f3, 'B'));
/// assert_eq!(SLIDERS.bishop(f3, 1 << 39).count_ones(), 11); // h5 blocks
/// ```
#[derive(Clone, Debug)]
pub struct FixedShiftTables<const N: usize> {
    squares: [[Entry; 64]; 2],
    table: [u64; N],
}

impl<const N: usize> FixedShiftTables<N> {
    /// Builds and checks the tables from 64 rook and 64 bishop magics (12 and
    /// 9 index bits) and the offset of each square's sub-table. `N` must be
    /// one past the last entry any occupancy uses. In a `static`, two
    /// occupancies that need different attacks in one entry fail the build
    /// with a message naming both squares and occupancies.
    ///
    /// ```
    /// use magic_runtime::{sets::*, FixedShiftTables};
    /// let t = FixedShiftTables::<FIXED_SHIFT_LEN>::new(
    ///     &FIXED_SHIFT_ROOK, &FIXED_SHIFT_ROOK_OFFSETS, &FIXED_SHIFT_BISHOP, &FIXED_SHIFT_BISHOP_OFFSETS,
    /// );
    /// assert_eq!(t.rook(0, 0).count_ones(), 14);
    /// ```
    pub const fn new(
        rook_magics: &[u64; 64],
        rook_offsets: &[u32; 64],
        bishop_magics: &[u64; 64],
        bishop_offsets: &[u32; 64],
    ) -> Self {
        let layout = at_offsets(
            HashKind::Magic,
            [rook_magics, bishop_magics],
            [rook_offsets, bishop_offsets],
            [FIXED_ROOK_BITS, FIXED_BISHOP_BITS],
        );
        FixedShiftTables {
            table: fill(&layout, "FixedShiftTables", Length::LastUsed),
            squares: entries(&layout, false),
        }
    }

    /// Rook attacks from `sq` (a1 = 0 ... h8 = 63) given the occupancy `occ`.
    ///
    /// ```
    /// # use magic_runtime::{sets::*, FixedShiftTables};
    /// # let t = FixedShiftTables::<FIXED_SHIFT_LEN>::new(&FIXED_SHIFT_ROOK, &FIXED_SHIFT_ROOK_OFFSETS, &FIXED_SHIFT_BISHOP, &FIXED_SHIFT_BISHOP_OFFSETS);
    /// assert_eq!(t.rook(27, !0), 1 << 19 | 1 << 26 | 1 << 28 | 1 << 35);
    /// ```
    #[inline(always)]
    pub const fn rook(&self, sq: usize, occ: u64) -> u64 {
        let e = self.squares[0][sq];
        let i =
            e.offset + ((occ & e.mask).wrapping_mul(e.magic) >> (64 - FIXED_ROOK_BITS)) as usize;
        // SAFETY: `new` checked that every relevant occupancy's slot is below `N`.
        unsafe { *self.table.as_ptr().add(i) }
    }

    /// Bishop attacks from `sq` given the occupancy `occ`.
    ///
    /// ```
    /// # use magic_runtime::{sets::*, FixedShiftTables};
    /// # let t = FixedShiftTables::<FIXED_SHIFT_LEN>::new(&FIXED_SHIFT_ROOK, &FIXED_SHIFT_ROOK_OFFSETS, &FIXED_SHIFT_BISHOP, &FIXED_SHIFT_BISHOP_OFFSETS);
    /// assert_eq!(t.bishop(27, !0), 1 << 18 | 1 << 20 | 1 << 34 | 1 << 36);
    /// ```
    #[inline(always)]
    pub const fn bishop(&self, sq: usize, occ: u64) -> u64 {
        let e = self.squares[1][sq];
        let i =
            e.offset + ((occ & e.mask).wrapping_mul(e.magic) >> (64 - FIXED_BISHOP_BITS)) as usize;
        // SAFETY: `new` checked that every relevant occupancy's slot is below `N`.
        unsafe { *self.table.as_ptr().add(i) }
    }

    /// The magic factor of `piece` on `sq`.
    ///
    /// ```
    /// # use magic_runtime::{sets::*, FixedShiftTables, Piece};
    /// # let t = FixedShiftTables::<FIXED_SHIFT_LEN>::new(&FIXED_SHIFT_ROOK, &FIXED_SHIFT_ROOK_OFFSETS, &FIXED_SHIFT_BISHOP, &FIXED_SHIFT_BISHOP_OFFSETS);
    /// assert_eq!(t.magic(Piece::Rook, 9), FIXED_SHIFT_ROOK[9]);
    /// ```
    #[inline(always)]
    pub const fn magic(&self, piece: Piece, sq: usize) -> u64 {
        self.squares[piece as usize][sq].magic
    }

    /// Bytes taken by the attack array: `8 * N`.
    ///
    /// ```
    /// # use magic_runtime::{sets::*, FixedShiftTables};
    /// # let t = FixedShiftTables::<FIXED_SHIFT_LEN>::new(&FIXED_SHIFT_ROOK, &FIXED_SHIFT_ROOK_OFFSETS, &FIXED_SHIFT_BISHOP, &FIXED_SHIFT_BISHOP_OFFSETS);
    /// assert_eq!(t.table_bytes(), 88_772 * 8);
    /// ```
    #[inline(always)]
    pub const fn table_bytes(&self) -> usize {
        N * 8
    }
}

impl_sliders!(
    FixedShiftTables<N>,
    "FixedShiftTables::<{ sets::FIXED_SHIFT_LEN }>::new(&sets::FIXED_SHIFT_ROOK, &sets::FIXED_SHIFT_ROOK_OFFSETS, &sets::FIXED_SHIFT_BISHOP, &sets::FIXED_SHIFT_BISHOP_OFFSETS)"
);

/// Black magic bitboards (Volker Annuss):
/// `table[offset[sq] + (((occ | !mask[sq]) * magic[sq]) >> 52)]`, `>> 55`
/// for bishops. Setting the irrelevant bits instead of clearing them adds a
/// large constant to the key, which lets denser sub-tables be found; they
/// overlap in one array of `N` entries.
///
/// [`sets::BLACK_ROOK`](crate::sets::BLACK_ROOK) and its companions are the
/// set published by Volker Annuss and Niklas Fiekas (CCC, 2017), 87,988
/// entries.
///
/// ```
/// use magic_runtime::{sets::*, BlackMagicTables, Diagram};
/// static SLIDERS: BlackMagicTables<BLACK_LEN> =
///     BlackMagicTables::new(&BLACK_ROOK, &BLACK_ROOK_OFFSETS, &BLACK_BISHOP, &BLACK_BISHOP_OFFSETS);
/// let h1 = 7;
/// print!("{}", Diagram::new(SLIDERS.rook(h1, 1 << 4)).piece(h1, 'R'));
/// assert_eq!(SLIDERS.rook(h1, 1 << 4), 0x8080_8080_8080_8070);
/// ```
#[derive(Clone, Debug)]
pub struct BlackMagicTables<const N: usize> {
    squares: [[Entry; 64]; 2],
    table: [u64; N],
}

impl<const N: usize> BlackMagicTables<N> {
    /// Builds and checks the tables from 64 rook and 64 bishop black magics
    /// (12 and 9 index bits) and the offset of each square's sub-table. `N`
    /// must be one past the last entry any occupancy uses. In a `static`, two
    /// occupancies that need different attacks in one entry fail the build.
    ///
    /// ```
    /// use magic_runtime::{sets::*, BlackMagicTables};
    /// let t = BlackMagicTables::<BLACK_LEN>::new(&BLACK_ROOK, &BLACK_ROOK_OFFSETS, &BLACK_BISHOP, &BLACK_BISHOP_OFFSETS);
    /// assert_eq!(t.bishop(0, 0).count_ones(), 7);
    /// ```
    pub const fn new(
        rook_magics: &[u64; 64],
        rook_offsets: &[u32; 64],
        bishop_magics: &[u64; 64],
        bishop_offsets: &[u32; 64],
    ) -> Self {
        let layout = at_offsets(
            HashKind::BlackMagic,
            [rook_magics, bishop_magics],
            [rook_offsets, bishop_offsets],
            [FIXED_ROOK_BITS, FIXED_BISHOP_BITS],
        );
        BlackMagicTables {
            table: fill(&layout, "BlackMagicTables", Length::LastUsed),
            squares: entries(&layout, true),
        }
    }

    /// Rook attacks from `sq` (a1 = 0 ... h8 = 63) given the occupancy `occ`.
    ///
    /// ```
    /// # use magic_runtime::{sets::*, BlackMagicTables};
    /// # let t = BlackMagicTables::<BLACK_LEN>::new(&BLACK_ROOK, &BLACK_ROOK_OFFSETS, &BLACK_BISHOP, &BLACK_BISHOP_OFFSETS);
    /// assert_eq!(t.rook(0, !0), 1 << 1 | 1 << 8);
    /// ```
    #[inline(always)]
    pub const fn rook(&self, sq: usize, occ: u64) -> u64 {
        let e = self.squares[0][sq];
        let i =
            e.offset + ((occ | e.mask).wrapping_mul(e.magic) >> (64 - FIXED_ROOK_BITS)) as usize;
        // SAFETY: `new` checked that every relevant occupancy's slot is below `N`.
        unsafe { *self.table.as_ptr().add(i) }
    }

    /// Bishop attacks from `sq` given the occupancy `occ`.
    ///
    /// ```
    /// # use magic_runtime::{sets::*, BlackMagicTables};
    /// # let t = BlackMagicTables::<BLACK_LEN>::new(&BLACK_ROOK, &BLACK_ROOK_OFFSETS, &BLACK_BISHOP, &BLACK_BISHOP_OFFSETS);
    /// assert_eq!(t.bishop(63, !0), 1 << 54);
    /// ```
    #[inline(always)]
    pub const fn bishop(&self, sq: usize, occ: u64) -> u64 {
        let e = self.squares[1][sq];
        let i =
            e.offset + ((occ | e.mask).wrapping_mul(e.magic) >> (64 - FIXED_BISHOP_BITS)) as usize;
        // SAFETY: `new` checked that every relevant occupancy's slot is below `N`.
        unsafe { *self.table.as_ptr().add(i) }
    }

    /// The magic factor of `piece` on `sq`.
    ///
    /// ```
    /// # use magic_runtime::{sets::*, BlackMagicTables, Piece};
    /// # let t = BlackMagicTables::<BLACK_LEN>::new(&BLACK_ROOK, &BLACK_ROOK_OFFSETS, &BLACK_BISHOP, &BLACK_BISHOP_OFFSETS);
    /// assert_eq!(t.magic(Piece::Bishop, 0), BLACK_BISHOP[0]);
    /// ```
    #[inline(always)]
    pub const fn magic(&self, piece: Piece, sq: usize) -> u64 {
        self.squares[piece as usize][sq].magic
    }

    /// Bytes taken by the attack array: `8 * N`.
    ///
    /// ```
    /// # use magic_runtime::{sets::*, BlackMagicTables};
    /// # let t = BlackMagicTables::<BLACK_LEN>::new(&BLACK_ROOK, &BLACK_ROOK_OFFSETS, &BLACK_BISHOP, &BLACK_BISHOP_OFFSETS);
    /// assert_eq!(t.table_bytes(), 87_988 * 8);
    /// ```
    #[inline(always)]
    pub const fn table_bytes(&self) -> usize {
        N * 8
    }
}

impl_sliders!(
    BlackMagicTables<N>,
    "BlackMagicTables::<{ sets::BLACK_LEN }>::new(&sets::BLACK_ROOK, &sets::BLACK_ROOK_OFFSETS, &sets::BLACK_BISHOP, &sets::BLACK_BISHOP_OFFSETS)"
);
