//! Fancy magics with the shift in the upper six bits of the magic (Grant
//! Osborne): one load less per lookup.

use crate::build::{built, NONE_U32, NONE_U8};
use crate::entries::entries_of;
use crate::template::table_type;
use magic_core::{fill, layout_of, Layout, Length, Scheme};

#[derive(Clone, Copy, Debug)]
struct Entry {
    mask: u64,
    magic: u64,
    offset: usize,
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
    /// use magic_runtime::{sets, Diagram, ShiftInMagicTables, DEFAULT_FANCY_LEN};
    /// static SLIDERS: ShiftInMagicTables<DEFAULT_FANCY_LEN> =
    ///     ShiftInMagicTables::new(&sets::SHIFT_IN_MAGIC_ROOK, &sets::SHIFT_IN_MAGIC_BISHOP);
    /// let d4 = 27;
    /// let occ = 1 << 45 | 1 << 18; // blockers on f6 and c3
    /// print!("{}", Diagram::new(SLIDERS.bishop(d4, occ)).piece(d4, 'B'));
    /// assert_eq!(SLIDERS.bishop(d4, occ), 0x0001_2214_0014_2040);
    /// ```
    pub struct ShiftInMagicTables<N> {
        squares: [[Entry; 64]; 2],
        table: [u64; N],
    }
    lookup: const,
    fn lookup(self, _piece, _sq, e, occ) {
        let i = e.offset + ((occ & e.mask).wrapping_mul(e.magic) >> (e.magic >> 58)) as usize;
        // SAFETY: `new` checked that every slot of every square is below `N`.
        unsafe { *self.table.as_ptr().add(i) }
    }
    entries: table: u64,
    table_bytes: N * 8,
    example: "ShiftInMagicTables::<107_648>::new(&sets::SHIFT_IN_MAGIC_ROOK, &sets::SHIFT_IN_MAGIC_BISHOP)",
}

impl<const N: usize> ShiftInMagicTables<N> {
    /// Builds and checks the tables from 64 rook and 64 bishop magics whose
    /// upper six bits hold `64 - bits`. `N` is the sum of `2^bits` over all
    /// squares ([`DEFAULT_FANCY_LEN`](crate::DEFAULT_FANCY_LEN) at the
    /// default bits). In a `static`, a wrong magic fails the build with a
    /// message naming piece, square and the two clashing occupancies.
    pub const fn new(rook_magics: &[u64; 64], bishop_magics: &[u64; 64]) -> Self {
        let layout = Self::layout(rook_magics, bishop_magics);
        let mut table = [0u64; N];
        built(fill(&layout.0, &mut table, "ShiftInMagicTables", layout.1));
        Self::assemble(layout.0, table)
    }

    /// For `magic_tables!`, which fills and checks the table while it
    /// runs: the tables from the builder's arguments and the filled table.
    ///
    /// # Safety
    ///
    /// `table` must be what the builder would fill from the same arguments.
    #[doc(hidden)]
    pub const unsafe fn __from_table(
        rook_magics: &[u64; 64],
        bishop_magics: &[u64; 64],
        table: [u64; N],
    ) -> Self {
        Self::assemble(Self::layout(rook_magics, bishop_magics).0, table)
    }

    const fn layout(rook_magics: &[u64; 64], bishop_magics: &[u64; 64]) -> (Layout, Length) {
        let magics = [rook_magics, bishop_magics];
        built(layout_of(
            Scheme::ShiftInMagic,
            magics,
            [&NONE_U8; 2],
            [&NONE_U32; 2],
        ))
    }

    const fn assemble(layout: Layout, table: [u64; N]) -> Self {
        ShiftInMagicTables {
            squares: entries_of!(layout, |_p, _sq, h| Entry {
                mask: h.mask,
                magic: h.magic,
                offset: h.offset,
            }),
            layout,
            table,
        }
    }
}
