//! PEXT tables: the index is the relevant occupancy bits packed by the BMI2
//! `pext` instruction, with no magic at all.

use crate::build::{built, NONE_U32, NONE_U8};
use crate::entries::{entries_of, square_entries};
use crate::pext::{pdep_fast, pext_fast};
use crate::template::{sub_table_slot, table_type};
use crate::{empty_board_attacks, Piece, DEFAULT_FANCY_LEN};
use magic_core::{fill, fill_compressed, layout_of, Layout, Length, Scheme};

square_entries! {
    struct Entry in Entries {
        mask: u64,
        postmask: u64,
        offset: u32,
    }
}

/// Every square's sub-table at its default bits, one after the other, and
/// the entries both PEXT table types read.
const fn layout_and_entries() -> (Layout, Length, Entries) {
    let none = [0u64; 64];
    let (layout, length) = built(layout_of(
        Scheme::Pext,
        [&none; 2],
        [&NONE_U8; 2],
        [&NONE_U32; 2],
    ));
    let squares = entries_of!(Entries, layout, |p, sq, h| Entry {
        mask: h.mask,
        postmask: empty_board_attacks(Piece::ALL[p], sq),
        offset: h.offset as u32,
    });
    (layout, length, squares)
}

table_type! {
    /// PEXT bitboards: `table[offset[sq] + pext(occ, mask[sq])]`, fancy-sized
    /// (107,648 entries, 841 KiB).
    ///
    /// The lookup uses the BMI2 `pext` instruction when the crate that calls it
    /// is compiled for a target that has it (`-C target-feature=+bmi2`, or a
    /// `-C target-cpu` such as `x86-64-v3`), and a portable loop otherwise; the
    /// tables are the same either way. See [`uses_bmi2`](crate::uses_bmi2).
    /// Lookups are not `const fn`: the instruction cannot run at compile time.
    ///
    /// ```
    /// # use magic_runtime_core as magic_runtime;
    /// use magic_runtime::{Diagram, PextTables};
    /// static SLIDERS: PextTables = PextTables::new();
    /// let a8 = 56;
    /// print!("{}", Diagram::new(SLIDERS.rook(a8, 1 << 59)).piece(a8, 'R'));
    /// assert_eq!(SLIDERS.rook(a8, 1 << 59), 0x0e01_0101_0101_0101);
    /// ```
    pub struct PextTables {
        squares: Entries,
        table: [u64; DEFAULT_FANCY_LEN],
    }
    lookup: runtime,
    fn lookup(self, _piece, _sq, e, occ) {
        let index = pext_fast(occ, e.mask) as usize;
        // SAFETY: `new` laid out 2^popcount(mask) slots per square, and pext
        // of any occupancy by the mask is below that.
        unsafe { sub_table_slot(&self.table, e.offset as usize, index) }
    }
    entries: table: u64,
    table_bytes: DEFAULT_FANCY_LEN * 8,
    example: "{ static T: PextTables = PextTables::new(); &T }",
}

impl PextTables {
    /// Builds and checks the tables: every relevant occupancy of every
    /// square, indexed by its packed bits. Nothing to choose, so nothing
    /// can be wrong; in a `static`, it costs the compiler what a fancy
    /// table does.
    pub const fn new() -> Self {
        let mut table = [0u64; DEFAULT_FANCY_LEN];
        let (layout, length, squares) = layout_and_entries();
        built(fill(&layout, &mut table, "PextTables", length));
        PextTables {
            squares,
            layout,
            table,
        }
    }

    /// For `magic_tables!`, which fills and checks the table while it
    /// runs.
    ///
    /// # Safety
    ///
    /// `table` must be what [`PextTables::new`] fills.
    #[doc(hidden)]
    pub const unsafe fn __from_table(table: [u64; DEFAULT_FANCY_LEN]) -> Self {
        let (layout, _, squares) = layout_and_entries();
        PextTables {
            squares,
            layout,
            table,
        }
    }
}

impl Default for PextTables {
    fn default() -> Self {
        Self::new()
    }
}

table_type! {
    /// Compressed PEXT bitboards: each entry is the attack set packed into a
    /// `u16` by the square's empty-board attacks, and the lookup spreads it back
    /// with PDEP: `pdep(table[offset[sq] + pext(occ, mask[sq])], attacks[sq])`.
    /// 107,648 two-byte entries: 210.3 KiB, a quarter of the `u64` tables.
    ///
    /// PEXT and PDEP are single instructions when the calling crate is compiled
    /// for BMI2, portable loops otherwise (see [`PextTables`]).
    ///
    /// ```
    /// # use magic_runtime_core as magic_runtime;
    /// use magic_runtime::{Diagram, PextPdepTables};
    /// static SLIDERS: PextPdepTables = PextPdepTables::new();
    /// let e5 = 36;
    /// print!("{}", Diagram::new(SLIDERS.queen(e5, 0)).piece(e5, 'Q'));
    /// assert_eq!(SLIDERS.queen(e5, 0).count_ones(), 27);
    /// ```
    pub struct PextPdepTables {
        squares: Entries,
        table: [u16; DEFAULT_FANCY_LEN],
    }
    lookup: runtime,
    fn lookup(self, _piece, _sq, e, occ) {
        let index = pext_fast(occ, e.mask) as usize;
        // SAFETY: as for `PextTables`: every index is below the square's
        // 2^popcount(mask) slots.
        pdep_fast(unsafe { sub_table_slot(&self.table, e.offset as usize, index) } as u64, e.postmask)
    }
    entries: table: u16,
    table_bytes: DEFAULT_FANCY_LEN * 2,
    example: "{ static T: PextPdepTables = PextPdepTables::new(); &T }",
}

impl PextPdepTables {
    /// Builds and checks the tables, each attack set packed by its square's
    /// empty-board attacks.
    pub const fn new() -> Self {
        let mut table = [0u16; DEFAULT_FANCY_LEN];
        let (layout, length, squares) = layout_and_entries();
        built(fill_compressed(
            &layout,
            &mut table,
            "PextPdepTables",
            length,
        ));
        PextPdepTables {
            squares,
            layout,
            table,
        }
    }

    /// For `magic_tables!`, which fills and checks the table while it
    /// runs.
    ///
    /// # Safety
    ///
    /// `table` must be what [`PextPdepTables::new`] fills.
    #[doc(hidden)]
    pub const unsafe fn __from_table(table: [u16; DEFAULT_FANCY_LEN]) -> Self {
        let (layout, _, squares) = layout_and_entries();
        PextPdepTables {
            squares,
            layout,
            table,
        }
    }
}

impl Default for PextPdepTables {
    fn default() -> Self {
        Self::new()
    }
}
