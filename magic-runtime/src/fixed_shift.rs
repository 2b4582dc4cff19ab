//! Fixed-shift fancy magics ("white" magics, Onno Garms and Volker Annuss)
//! and black magics (Volker Annuss): one shift for every square, sub-tables
//! overlapping in one shared array at per-square offsets.

use crate::fill::{fill, Layout};
use crate::layout::{at_offsets, entries_of};
use crate::template::table_type;
use crate::visit::Length;
use crate::{Hash, FIXED_BISHOP_BITS, FIXED_ROOK_BITS};

/// One square of an overlapping fixed-shift table.
#[derive(Clone, Copy, Debug)]
struct Entry {
    /// The relevant mask (fixed shift) or its complement (black magics).
    mask: u64,
    magic: u64,
    offset: usize,
}

/// The shift of each piece: `[rook, bishop]`.
const SHIFTS: [u32; 2] = [64 - FIXED_ROOK_BITS, 64 - FIXED_BISHOP_BITS];

/// The layout and entries of a fixed-shift or black table.
const fn layout_and_entries(
    hash: Hash,
    magics: [&[u64; 64]; 2],
    offsets: [&[u32; 64]; 2],
) -> (Layout, [[Entry; 64]; 2]) {
    let layout = at_offsets(hash, magics, offsets, [FIXED_ROOK_BITS, FIXED_BISHOP_BITS]);
    let black = matches!(hash, Hash::Black);
    let squares = entries_of!(layout, |_p, _sq, h| Entry {
        mask: if black { !h.mask } else { h.mask },
        magic: h.magic,
        offset: h.offset,
    });
    (layout, squares)
}

table_type! {
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
    pub struct FixedShiftTables<N> {
        squares: [[Entry; 64]; 2],
        table: [u64; N],
    }
    lookup: const,
    fn lookup(self, piece, _sq, e, occ) {
        let i = e.offset + ((occ & e.mask).wrapping_mul(e.magic) >> SHIFTS[piece]) as usize;
        // SAFETY: `new` checked that every relevant occupancy's slot is below `N`.
        unsafe { *self.table.as_ptr().add(i) }
    }
    entries: table: u64,
    table_bytes: N * 8,
    example: "FixedShiftTables::<{ sets::FIXED_SHIFT_LEN }>::new(&sets::FIXED_SHIFT_ROOK, &sets::FIXED_SHIFT_ROOK_OFFSETS, &sets::FIXED_SHIFT_BISHOP, &sets::FIXED_SHIFT_BISHOP_OFFSETS)",
}

impl<const N: usize> FixedShiftTables<N> {
    /// Builds and checks the tables from 64 rook and 64 bishop magics (12 and
    /// 9 index bits) and the offset of each square's sub-table. `N` must be
    /// one past the last entry any occupancy uses. In a `static`, two
    /// occupancies that need different attacks in one entry fail the build
    /// with a message naming both squares and occupancies.
    pub const fn new(
        rook_magics: &[u64; 64],
        rook_offsets: &[u32; 64],
        bishop_magics: &[u64; 64],
        bishop_offsets: &[u32; 64],
    ) -> Self {
        let (layout, squares) = layout_and_entries(
            Hash::Multiply,
            [rook_magics, bishop_magics],
            [rook_offsets, bishop_offsets],
        );
        FixedShiftTables {
            table: fill(&layout, "FixedShiftTables", Length::LastUsed),
            squares,
            layout,
        }
    }
}

table_type! {
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
    pub struct BlackMagicTables<N> {
        squares: [[Entry; 64]; 2],
        table: [u64; N],
    }
    lookup: const,
    fn lookup(self, piece, _sq, e, occ) {
        let i = e.offset + ((occ | e.mask).wrapping_mul(e.magic) >> SHIFTS[piece]) as usize;
        // SAFETY: `new` checked that every relevant occupancy's slot is below `N`.
        unsafe { *self.table.as_ptr().add(i) }
    }
    entries: table: u64,
    table_bytes: N * 8,
    example: "BlackMagicTables::<{ sets::BLACK_LEN }>::new(&sets::BLACK_ROOK, &sets::BLACK_ROOK_OFFSETS, &sets::BLACK_BISHOP, &sets::BLACK_BISHOP_OFFSETS)",
}

impl<const N: usize> BlackMagicTables<N> {
    /// Builds and checks the tables from 64 rook and 64 bishop black magics
    /// (12 and 9 index bits) and the offset of each square's sub-table. `N`
    /// must be one past the last entry any occupancy uses. In a `static`, two
    /// occupancies that need different attacks in one entry fail the build.
    pub const fn new(
        rook_magics: &[u64; 64],
        rook_offsets: &[u32; 64],
        bishop_magics: &[u64; 64],
        bishop_offsets: &[u32; 64],
    ) -> Self {
        let (layout, squares) = layout_and_entries(
            Hash::Black,
            [rook_magics, bishop_magics],
            [rook_offsets, bishop_offsets],
        );
        BlackMagicTables {
            table: fill(&layout, "BlackMagicTables", Length::LastUsed),
            squares,
            layout,
        }
    }
}
