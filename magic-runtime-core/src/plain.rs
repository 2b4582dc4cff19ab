//! Plain magics (Lasse Hansen): a fixed shift and one sub-table of the same
//! size per square, 64 x 4,096 rook and 64 x 512 bishop entries.

use crate::build::builders;
use crate::entries::{entries_of, square_entries};
use crate::template::{sub_table_slot, table_type};
use crate::{FIXED_BISHOP_BITS, FIXED_ROOK_BITS, PLAIN_LEN};
use magic_core::{fill, Layout, Scheme};

square_entries! {
    struct MaskMagic in MaskMagics {
        mask: u64,
        magic: u64,
    }
}

/// Bits of each piece's index, and where its sub-tables start: `[rook, bishop]`.
const BITS: [u32; 2] = [FIXED_ROOK_BITS, FIXED_BISHOP_BITS];
const FIRST: [usize; 2] = [0, 64 << FIXED_ROOK_BITS];

table_type! {
    /// Plain magic bitboards: `rook[sq][((occ & mask[sq]) * magic[sq]) >> 52]`
    /// and `bishop[sq][... >> 55]`. No per-square shift or offset to load, at
    /// 2.25 MiB of tables.
    ///
    /// ```
    /// # use magic_runtime_core as magic_runtime;
    /// use magic_runtime::{sets, Diagram, PlainTables};
    /// static SLIDERS: PlainTables = PlainTables::new(&sets::PLAIN_ROOK, &sets::PLAIN_BISHOP);
    /// let c1 = 2;
    /// let occ = 1 << 20; // a blocker on e3
    /// print!("{}", Diagram::new(SLIDERS.bishop(c1, occ)).piece(c1, 'B'));
    /// assert_eq!(SLIDERS.bishop(c1, occ), 0x0000_0000_0011_0a00); // b2 a3 d2 e3
    /// ```
    pub struct PlainTables {
        squares: MaskMagics,
        table: [u64; PLAIN_LEN],
    }
    lookup: const,
    fn lookup(self, piece, sq, m, occ) {
        let index = ((occ & m.mask).wrapping_mul(m.magic) >> (64 - BITS[piece])) as usize;
        let offset = FIRST[piece] + (sq << BITS[piece]);
        // SAFETY: the square indexes `squares` above, so it is below 64, and
        // the index has `BITS[piece]` bits: `offset + index` is inside the table.
        unsafe { sub_table_slot(&self.table, offset, index) }
    }
    entries: table: u64,
    table_bytes: PLAIN_LEN * 8,
    example: "{ static T: PlainTables = PlainTables::new(&sets::PLAIN_ROOK, &sets::PLAIN_BISHOP); &T }",
}

builders! {
    /// Builds and checks the tables from 64 rook magics (12 index bits each)
    /// and 64 bishop magics (9 bits each). In a `static`, a wrong magic fails
    /// the build with a message naming piece, square and the two clashing
    /// occupancies.
    impl PlainTables for Scheme::Plain, magics;
    table: [u64; PLAIN_LEN] = [0; PLAIN_LEN];
    fill: |layout, length, table| fill(&layout, &mut table, "PlainTables", length);
}

impl PlainTables {
    const fn assemble(layout: Layout, table: [u64; PLAIN_LEN]) -> Self {
        PlainTables {
            squares: entries_of!(MaskMagics, layout, |_p, _sq, h| MaskMagic {
                mask: h.mask,
                magic: h.magic,
            }),
            layout,
            table,
        }
    }
}
