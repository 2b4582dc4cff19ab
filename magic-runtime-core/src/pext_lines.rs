//! PEXT by lines: a rook's rank and file looked up apart, each in a
//! sub-table of 64 slots, and a bishop in its PEXT sub-table. 105 KiB in
//! all, an eighth of a PEXT table, so that it stays in the first- and
//! second-level caches where a lookup waits for the one before.

use crate::build::built;
use crate::entries::{entries_of, square_entries};
use crate::pext::pext_fast;
use crate::template::{sub_table_slot, table_type};
use magic_core::{
    file_gather, file_inner, fill_lines, gathered_index, layout_of, rank_index, rook_lines_offset,
    Layout, Scheme, LINE_SLOTS, PEXT_LINES_LEN,
};

square_entries! {
    struct Entry in Entries {
        // A rook's file inner squares, a bishop's relevant mask: what
        // `pext` gathers (a rook's rank needs no mask, see `lookup`).
        mask: u64,
        // A rook's file multiplier without BMI2 (0 for bishops): loaded
        // by the `imul` itself, where computing it from the square takes
        // three instructions more.
        gather: u64,
        offset: u32,
    }
}

/// The layout and the entries the lookups read.
const fn layout_and_entries() -> (Layout, Entries) {
    let none = [0; 64];
    let bits = Scheme::PextLines.default_bits();
    let (layout, _) = built(layout_of(
        Scheme::PextLines,
        [&none; 2],
        [&bits[0], &bits[1]],
        [&[0; 64]; 2],
    ));
    let squares = entries_of!(Entries, layout, |p, sq, h| match p {
        0 => Entry {
            mask: file_inner(sq),
            gather: file_gather(sq),
            offset: h.offset as u32,
        },
        _ => Entry {
            mask: h.mask,
            gather: 0,
            offset: h.offset as u32,
        },
    });
    (layout, squares)
}

/// The index of `occ` in a rook's file sub-table: `pext` by the file's
/// inner squares with BMI2; without, the same bits by one multiplication
/// ([`gathered_index`], as in `magic_core::file_index`), which is then
/// cheaper than the portable `pext` loop.
#[inline(always)]
fn file_slot(occ: u64, e: &Entry) -> usize {
    if crate::uses_bmi2() {
        pext_fast(occ, e.mask) as usize
    } else {
        gathered_index(occ, e.mask, e.gather)
    }
}

table_type! {
    /// PEXT by lines: a rook's attacks are its rank's OR its file's, each
    /// looked up by the line's six inner squares in a sub-table of 64
    /// slots (`table[offset[sq] + pext(occ, rank)] | table[offset[sq] + 64 +
    /// pext(occ, file)]`); a bishop's come from its PEXT sub-table. 13,440
    /// entries, 105 KiB, against 841 KiB for [`PextTables`](crate::PextTables):
    /// one load more per rook, and tables that stay in the caches, which
    /// a lookup that waits for the one before feels most.
    ///
    /// A rook's rank index is a shift. With BMI2 (`-C
    /// target-feature=+bmi2`, or a `-C target-cpu` that has it), its file
    /// index and a bishop's are one `pext`. Without, the file index is one
    /// multiplication and a bishop's the portable loop (see
    /// [`uses_bmi2`](crate::uses_bmi2)).
    /// [`square`](Self::square) gives a rook's whole relevant mask and 7
    /// bits: the 128 slots of its two lines.
    ///
    /// ```
    /// # use magic_runtime_core as magic_runtime;
    /// use magic_runtime::{Diagram, PextLinesTables};
    /// static SLIDERS: PextLinesTables = PextLinesTables::new();
    /// let d4 = 27;
    /// let occ = 1 << 30 | 1 << 43; // g4 and d6
    /// print!("{}", Diagram::new(SLIDERS.rook(d4, occ)).piece(d4, 'R'));
    /// assert_eq!(SLIDERS.rook(d4, occ), 0x0808_7708_0808);
    /// ```
    pub struct PextLinesTables {
        squares: Entries,
        table: [u64; PEXT_LINES_LEN],
    }
    lookup: runtime,
    fn lookup(self, piece, sq, e, occ) {
        if piece == 0 {
            // A rank's inner squares lie side by side: a shift gathers
            // them, off the `pext` unit (one `pext` per rook, not two)
            // and far cheaper where `pext` is microcoded (AMD before
            // Zen 3).
            let rank = rank_index(occ, sq);
            let file = file_slot(occ, &e);
            // From the square, not the entry: one load fewer.
            let offset = rook_lines_offset(sq);
            // SAFETY: `new` laid out two sub-tables of 64 slots per rook
            // square from its offset, and each line index is below 64
            // (the entry's load has checked that `sq` is below 64).
            unsafe {
                sub_table_slot(&self.table, offset, rank)
                    | sub_table_slot(&self.table, offset + LINE_SLOTS, file)
            }
        } else {
            let offset = e.offset as usize;
            // SAFETY: as for `PextTables`: 2^popcount(mask) slots from the
            // offset, and pext by the mask is below that.
            unsafe { sub_table_slot(&self.table, offset, pext_fast(occ, e.mask) as usize) }
        }
    }
    entries: table: u64,
    table_bytes: PEXT_LINES_LEN * 8,
    example: "{ static T: PextLinesTables = PextLinesTables::new(); &T }",
}

impl PextLinesTables {
    /// Builds the tables: every rook line slot and every bishop occupancy
    /// from the ray walk. Nothing to choose, so nothing can be wrong.
    pub const fn new() -> Self {
        let mut table = [0u64; PEXT_LINES_LEN];
        built(fill_lines(&mut table, "PextLinesTables"));
        // SAFETY: this is the table `new` fills.
        unsafe { Self::__from_table(table) }
    }

    /// For `magic_tables!`, which fills the table while it runs.
    ///
    /// # Safety
    ///
    /// `table` must be what [`PextLinesTables::new`] fills.
    #[doc(hidden)]
    pub const unsafe fn __from_table(table: [u64; PEXT_LINES_LEN]) -> Self {
        let (layout, squares) = layout_and_entries();
        PextLinesTables {
            squares,
            layout,
            table,
        }
    }
}

impl Default for PextLinesTables {
    fn default() -> Self {
        Self::new()
    }
}
