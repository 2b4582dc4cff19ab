//! Offsets in the magic (Eugene Kotlov): in the fixed-shift domain, the low
//! 16 bits of each stored factor locate the square's sub-table.

use crate::build::builders;
use crate::entries::{entries_of, square_entries};
use crate::template::{sub_table_slot, table_type};
use crate::{FIXED_BISHOP_BITS, FIXED_ROOK_BITS, OFFSET_UNIT};
use magic_core::{fill, Layout, Scheme};

square_entries! {
    struct Entry in Entries {
        mask: u64,
        factor: u64,
    }
}

/// The shift of each piece: `[rook, bishop]`.
const SHIFTS: [u32; 2] = [64 - FIXED_ROOK_BITS, 64 - FIXED_BISHOP_BITS];

table_type! {
    /// Fixed-shift magic bitboards whose factors carry their own offset:
    /// `table[(factor & 0xffff) * 8 + (((occ & mask) * factor) >> 52)]`
    /// (`>> 55` for bishops). The whole factor, offset bits included, is the
    /// magic: the search fixes its low 16 bits and finds the rest. Per square
    /// only a mask and a factor are loaded.
    ///
    /// ```
    /// # use magic_runtime_core as magic_runtime;
    /// use magic_runtime::{sets::*, Diagram, OffsetInMagicTables};
    /// static SLIDERS: OffsetInMagicTables<OFFSET_IN_MAGIC_LEN> =
    ///     OffsetInMagicTables::new(&OFFSET_IN_MAGIC_ROOK, &OFFSET_IN_MAGIC_BISHOP);
    /// let b7 = 49;
    /// print!("{}", Diagram::new(SLIDERS.queen(b7, 0)).piece(b7, 'Q'));
    /// assert_eq!(SLIDERS.queen(b7, 0).count_ones(), 23);
    /// ```
    pub struct OffsetInMagicTables<N> {
        squares: Entries,
        table: [u64; N],
    }
    lookup: const,
    fn lookup(self, piece, _sq, e, occ) {
        let offset = (e.factor & 0xffff) as usize * OFFSET_UNIT;
        let index = ((occ & e.mask).wrapping_mul(e.factor) >> SHIFTS[piece]) as usize;
        // SAFETY: `new` checked that every relevant occupancy's slot is below `N`.
        unsafe { sub_table_slot(&self.table, offset, index) }
    }
    entries: table: u64,
    table_bytes: N * 8,
    example: "OffsetInMagicTables::<{ sets::OFFSET_IN_MAGIC_LEN }>::new(&sets::OFFSET_IN_MAGIC_ROOK, &sets::OFFSET_IN_MAGIC_BISHOP)",
}

builders! {
    /// Builds and checks the tables from 64 rook and 64 bishop factors (12
    /// and 9 index bits, offset / 8 in the low 16 bits). `N` must be one past
    /// the last entry any occupancy uses. In a `static`, two occupancies that
    /// need different attacks in one entry fail the build.
    impl OffsetInMagicTables<N> for Scheme::OffsetInMagic, magics;
    table: [u64; N] = [0; N];
    fill: |layout, length, table| fill(&layout, &mut table, "OffsetInMagicTables", length);
}

impl<const N: usize> OffsetInMagicTables<N> {
    const fn assemble(layout: Layout, table: [u64; N]) -> Self {
        OffsetInMagicTables {
            squares: entries_of!(Entries, layout, |_p, _sq, h| Entry {
                mask: h.mask,
                factor: h.magic,
            }),
            layout,
            table,
        }
    }
}
