//! Fancy magics with the shift in the upper six bits of the magic (Grant
//! Osborne): one load less per lookup.

use crate::build::builders;
use crate::entries::{entries_of, square_entries};
use crate::template::{sub_table_slot, table_type};
use magic_core::{fill, Layout, Scheme};

square_entries! {
    struct Entry in Entries {
        mask: u64,
        magic: u64,
        offset: u32,
    }
}

table_type! {
    /// Fancy magic bitboards whose magics carry their own shift in bits 58..63:
    /// `table[offset[sq] + (((occ & mask[sq]) * magic[sq]) >> (magic[sq] >> 58))]`.
    ///
    /// The magics are searched with those six bits fixed, so the product still
    /// hashes perfectly; the lookup saves the load of a separate shift and the
    /// extra shift hides behind the multiplication's latency.
    ///
    /// ```
    /// # use magic_runtime_core as magic_runtime;
    /// use magic_runtime::{sets, Diagram, ShiftInMagicTables, DEFAULT_FANCY_LEN};
    /// static SLIDERS: ShiftInMagicTables<DEFAULT_FANCY_LEN> =
    ///     ShiftInMagicTables::new(&sets::SHIFT_IN_MAGIC_ROOK, &sets::SHIFT_IN_MAGIC_BISHOP);
    /// let d4 = 27;
    /// let occ = 1 << 45 | 1 << 18; // blockers on f6 and c3
    /// print!("{}", Diagram::new(SLIDERS.bishop(d4, occ)).piece(d4, 'B'));
    /// assert_eq!(SLIDERS.bishop(d4, occ), 0x0001_2214_0014_2040);
    /// ```
    pub struct ShiftInMagicTables<N> {
        squares: Entries,
        table: [u64; N],
    }
    lookup: const,
    fn lookup(self, _piece, _sq, e, occ) {
        let index = ((occ & e.mask).wrapping_mul(e.magic) >> (e.magic >> 58)) as usize;
        // SAFETY: `new` checked that every slot of every square is below `N`.
        unsafe { sub_table_slot(&self.table, e.offset as usize, index) }
    }
    entries: table: u64,
    table_bytes: N * 8,
    example: "ShiftInMagicTables::<107_648>::new(&sets::SHIFT_IN_MAGIC_ROOK, &sets::SHIFT_IN_MAGIC_BISHOP)",
}

builders! {
    /// Builds and checks the tables from 64 rook and 64 bishop magics whose
    /// upper six bits hold `64 - bits`. `N` is the sum of `2^bits` over all
    /// squares ([`DEFAULT_FANCY_LEN`](crate::DEFAULT_FANCY_LEN) at the
    /// default bits). In a `static`, a wrong magic fails the build with a
    /// message naming piece, square and the two clashing occupancies.
    impl ShiftInMagicTables<N> for Scheme::ShiftInMagic, magics;
    table: [u64; N] = [0; N];
    fill: |layout, length, table| fill(&layout, &mut table, "ShiftInMagicTables", length);
}

impl<const N: usize> ShiftInMagicTables<N> {
    const fn assemble(layout: Layout, table: [u64; N]) -> Self {
        ShiftInMagicTables {
            squares: entries_of!(Entries, layout, |_p, _sq, h| Entry {
                mask: h.mask,
                magic: h.magic,
                offset: h.offset as u32,
            }),
            layout,
            table,
        }
    }
}
