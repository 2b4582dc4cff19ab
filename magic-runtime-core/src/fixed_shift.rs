//! Fixed-shift fancy magics ("white" magics, Onno Garms and Volker Annuss)
//! and black magics (Volker Annuss): one shift for every square, sub-tables
//! overlapping in one shared array at per-square offsets.

use crate::build::builders;
use crate::entries::{entries_of, square_entries};
use crate::template::{sub_table_slot, table_type};
use crate::{FIXED_BISHOP_BITS, FIXED_ROOK_BITS};
use magic_core::{fill, Layout, Scheme};

square_entries! {
    /// One square of an overlapping fixed-shift table.
    struct Entry in Entries {
        /// The relevant mask (fixed shift) or its complement (black magics).
        mask: u64,
        magic: u64,
        offset: u32,
    }
}

/// The shift of each piece: `[rook, bishop]`.
const SHIFTS: [u32; 2] = [64 - FIXED_ROOK_BITS, 64 - FIXED_BISHOP_BITS];

/// The entries of a fixed-shift or black table: black magics keep the
/// complement of the mask, which the lookup ORs in.
const fn entries(layout: &Layout, black: bool) -> Entries {
    entries_of!(Entries, layout, |_p, _sq, h| Entry {
        mask: if black { !h.mask } else { h.mask },
        magic: h.magic,
        offset: h.offset as u32,
    })
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
    /// # use magic_runtime_core as magic_runtime;
    /// use magic_runtime::{sets::*, Diagram, FixedShiftTables};
    /// static SLIDERS: FixedShiftTables<FIXED_SHIFT_LEN> = FixedShiftTables::new(
    ///     &FIXED_SHIFT_ROOK, &FIXED_SHIFT_ROOK_OFFSETS, &FIXED_SHIFT_BISHOP, &FIXED_SHIFT_BISHOP_OFFSETS,
    /// );
    /// let f3 = 21;
    /// print!("{}", Diagram::new(SLIDERS.bishop(f3, 1 << 39)).piece(f3, 'B'));
    /// assert_eq!(SLIDERS.bishop(f3, 1 << 39).count_ones(), 11); // h5 blocks
    /// ```
    pub struct FixedShiftTables<N> {
        squares: Entries,
        table: [u64; N],
    }
    lookup: const,
    fn lookup(self, piece, _sq, e, occ) {
        let index = ((occ & e.mask).wrapping_mul(e.magic) >> SHIFTS[piece]) as usize;
        // SAFETY: `new` checked that every relevant occupancy's slot is below `N`.
        unsafe { sub_table_slot(&self.table, e.offset as usize, index) }
    }
    entries: table: u64,
    table_bytes: N * 8,
    example: "FixedShiftTables::<{ sets::FIXED_SHIFT_LEN }>::new(&sets::FIXED_SHIFT_ROOK, &sets::FIXED_SHIFT_ROOK_OFFSETS, &sets::FIXED_SHIFT_BISHOP, &sets::FIXED_SHIFT_BISHOP_OFFSETS)",
}

builders! {
    /// Builds and checks the tables from 64 rook and 64 bishop magics (12 and
    /// 9 index bits) and the offset of each square's sub-table. `N` must be
    /// one past the last entry any occupancy uses. In a `static`, two
    /// occupancies that need different attacks in one entry fail the build
    /// with a message naming both squares and occupancies.
    impl FixedShiftTables<N> for Scheme::FixedShift, offsets;
    table: [u64; N] = [0; N];
    fill: |layout, length, table| fill(&layout, &mut table, "FixedShiftTables", length);
}

impl<const N: usize> FixedShiftTables<N> {
    const fn assemble(layout: Layout, table: [u64; N]) -> Self {
        FixedShiftTables {
            squares: entries(&layout, false),
            layout,
            table,
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
    /// # use magic_runtime_core as magic_runtime;
    /// use magic_runtime::{sets::*, BlackMagicTables, Diagram};
    /// static SLIDERS: BlackMagicTables<BLACK_LEN> =
    ///     BlackMagicTables::new(&BLACK_ROOK, &BLACK_ROOK_OFFSETS, &BLACK_BISHOP, &BLACK_BISHOP_OFFSETS);
    /// let h1 = 7;
    /// print!("{}", Diagram::new(SLIDERS.rook(h1, 1 << 4)).piece(h1, 'R'));
    /// assert_eq!(SLIDERS.rook(h1, 1 << 4), 0x8080_8080_8080_8070);
    /// ```
    pub struct BlackMagicTables<N> {
        squares: Entries,
        table: [u64; N],
    }
    lookup: const,
    fn lookup(self, piece, _sq, e, occ) {
        let index = ((occ | e.mask).wrapping_mul(e.magic) >> SHIFTS[piece]) as usize;
        // SAFETY: `new` checked that every relevant occupancy's slot is below `N`.
        unsafe { sub_table_slot(&self.table, e.offset as usize, index) }
    }
    entries: table: u64,
    table_bytes: N * 8,
    example: "BlackMagicTables::<{ sets::BLACK_LEN }>::new(&sets::BLACK_ROOK, &sets::BLACK_ROOK_OFFSETS, &sets::BLACK_BISHOP, &sets::BLACK_BISHOP_OFFSETS)",
}

builders! {
    /// Builds and checks the tables from 64 rook and 64 bishop black magics
    /// (12 and 9 index bits) and the offset of each square's sub-table. `N`
    /// must be one past the last entry any occupancy uses. In a `static`, two
    /// occupancies that need different attacks in one entry fail the build.
    impl BlackMagicTables<N> for Scheme::Black, offsets;
    table: [u64; N] = [0; N];
    fill: |layout, length, table| fill(&layout, &mut table, "BlackMagicTables", length);
}

impl<const N: usize> BlackMagicTables<N> {
    const fn assemble(layout: Layout, table: [u64; N]) -> Self {
        BlackMagicTables {
            squares: entries(&layout, true),
            layout,
            table,
        }
    }
}
