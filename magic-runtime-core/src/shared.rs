//! Hansen's shared tables: a post-mask lets two rook squares, or four bishop
//! squares, use the same sub-table.

use crate::build::builders;
use crate::entries::{entries_of, square_entries};
use crate::template::{sub_table_slot, table_type};
use crate::{empty_board_attacks, Piece};
use magic_core::{fill_post_masked, Layout, Scheme};

square_entries! {
    struct Entry in Entries {
        premask: u64,
        magic: u64,
        postmask: u64,
        offset: u32,
    }
}

table_type! {
    /// Hansen's shared attack tables:
    /// `table[offset[sq] + (((occ & premask[sq]) * magic[sq]) >> (magic[sq] >> 58))] & postmask[sq]`.
    ///
    /// A slot holds the union of the attack sets of all squares that use it,
    /// and the post-mask (the square's attacks on an empty board) cuts out its
    /// own. Rooks on diagonally adjacent squares (a1 and b2) meet only on
    /// squares both always attack, as do bishops two files apart on one rank
    /// (c1 and e1) and bishops of opposite colours, so their sub-tables can
    /// overlap entirely. The magics carry their shift in the upper six bits.
    ///
    /// ```
    /// # use magic_runtime_core as magic_runtime;
    /// use magic_runtime::{sets, Diagram, SharedTables, SHARED_LEN};
    /// static SLIDERS: SharedTables<SHARED_LEN> = SharedTables::new(
    ///     &sets::SHARED_ROOK, &sets::SHARED_ROOK_OFFSETS,
    ///     &sets::SHARED_BISHOP, &sets::SHARED_BISHOP_OFFSETS,
    /// );
    /// let a1 = 0;
    /// let occ = 1 << 3 | 1 << 24; // blockers on d1 and a4
    /// print!("{}", Diagram::new(SLIDERS.rook(a1, occ)).piece(a1, 'R'));
    /// assert_eq!(SLIDERS.rook(a1, occ), 0x0000_0000_0101_010e);
    /// ```
    pub struct SharedTables<N> {
        squares: Entries,
        table: [u64; N],
    }
    lookup: const,
    fn lookup(self, _piece, _sq, e, occ) {
        let index = ((occ & e.premask).wrapping_mul(e.magic) >> (e.magic >> 58)) as usize;
        // SAFETY: `new` checked that every slot of every square is below `N`.
        unsafe { sub_table_slot(&self.table, e.offset as usize, index) & e.postmask }
    }
    entries: table: u64,
    table_bytes: N * 8,
    example: "SharedTables::<SHARED_LEN>::new(&sets::SHARED_ROOK, &sets::SHARED_ROOK_OFFSETS, &sets::SHARED_BISHOP, &sets::SHARED_BISHOP_OFFSETS)",
}

builders! {
    /// Builds and checks the tables from magics (shift in the upper six
    /// bits) and per-square offsets into the shared array. `N` must be the
    /// end of the last sub-table. In a `static`, two squares whose slots
    /// disagree fail the build with a message naming both squares and their
    /// occupancies.
    impl SharedTables<N> for Scheme::Shared, offsets;
    table: [u64; N] = [0; N];
    fill: |layout, length, table| {
        let _ = length;
        fill_post_masked(&layout, &mut table, &mut [0; N], "SharedTables")
    };
}

impl<const N: usize> SharedTables<N> {
    const fn assemble(layout: Layout, table: [u64; N]) -> Self {
        SharedTables {
            squares: entries_of!(Entries, layout, |p, sq, h| Entry {
                premask: h.mask,
                magic: h.magic,
                postmask: empty_board_attacks(Piece::ALL[p], sq),
                offset: h.offset as u32,
            }),
            layout,
            table,
        }
    }
}
