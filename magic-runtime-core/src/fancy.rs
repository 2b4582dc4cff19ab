//! Fancy magics (Pradu Kannan): one sub-table per square, sized by that
//! square's own index bits.

use crate::build::builders;
use crate::entries::{entries_of, square_entries};
use crate::template::{sub_table_slot, table_type};
use magic_core::{fill, Layout, Scheme};

square_entries! {
    /// One square of a fancy table, as the lookup reads it.
    pub(crate) struct FancyEntry in FancyEntries {
        mask: u64,
        magic: u64,
        offset: u32,
        shift: u32,
    }
}

impl FancyEntries {
    /// The entries of a multiply-shift layout.
    pub(crate) const fn of_layout(layout: &Layout) -> FancyEntries {
        entries_of!(FancyEntries, layout, |_p, _sq, h| FancyEntry {
            mask: h.mask,
            magic: h.magic,
            offset: h.offset as u32,
            shift: 64 - h.bits,
        })
    }
}

impl FancyEntry {
    /// Where the square's sub-table starts.
    #[inline(always)]
    pub(crate) const fn offset(&self) -> usize {
        self.offset as usize
    }

    /// The index of `occ` in the square's sub-table: `(occ & mask) * magic >> shift`.
    #[inline(always)]
    pub(crate) const fn index(&self, occ: u64) -> usize {
        ((occ & self.mask).wrapping_mul(self.magic) >> self.shift) as usize
    }
}

table_type! {
    /// Fancy magic bitboards: `table[offset[sq] + ((occ & mask[sq]) * magic[sq] >> shift[sq])]`,
    /// rook sub-tables first, then bishop sub-tables, `N` entries in all.
    ///
    /// Build it with [`magic_tables!`](https://docs.rs/magic-runtime/latest/magic_runtime/macro.magic_tables.html) (`scheme = fancy`),
    /// or from magics you already have with [`FancyTables::new`], which checks
    /// every relevant occupancy of every square while your crate compiles.
    ///
    /// ```
    /// # use magic_runtime_core as magic_runtime;
    /// use magic_runtime::{Diagram, FancyTables, DEFAULT_FANCY_LEN};
    /// # use magic_runtime::{default_bits, Piece};
    /// # use magic_runtime::sets::{FANCY_ROOK as ROOK_MAGICS, FANCY_BISHOP as BISHOP_MAGICS};
    /// # const ROOK_BITS: [u8; 64] = default_bits(Piece::Rook);
    /// # const BISHOP_BITS: [u8; 64] = default_bits(Piece::Bishop);
    /// static SLIDERS: FancyTables<DEFAULT_FANCY_LEN> =
    ///     FancyTables::new(&ROOK_MAGICS, &ROOK_BITS, &BISHOP_MAGICS, &BISHOP_BITS);
    ///
    /// let e4 = 28;
    /// let occ = 1 << 44 | 1 << 26; // blockers on e6 and c4
    /// print!("{}", Diagram::new(SLIDERS.rook(e4, occ)).piece(e4, 'R'));
    /// assert_eq!(SLIDERS.rook(e4, occ), 0x0000_1010_ec10_1010);
    /// ```
    pub struct FancyTables<N> {
        squares: FancyEntries,
        table: [u64; N],
    }
    lookup: const,
    fn lookup(self, _piece, _sq, e, occ) {
        // SAFETY: `new` checked that every slot of every square is below `N`.
        unsafe { sub_table_slot(&self.table, e.offset(), e.index(occ)) }
    }
    entries: table: u64,
    table_bytes: N * 8,
    example: "FancyTables::<107_648>::new(&sets::FANCY_ROOK, &default_bits(Rook), &sets::FANCY_BISHOP, &default_bits(Bishop))",
}

builders! {
    /// Builds and checks the tables from 64 rook and 64 bishop magics and
    /// the index bits of each square (usually
    /// [`default_bits`](crate::default_bits)). `N` must be the sum of
    /// `2^bits` over all 128 squares ([`fancy_table_len`](crate::fancy_table_len)).
    ///
    /// In a `static` or `const`, a wrong magic fails the build with a message
    /// that names the piece, the square and the two clashing occupancies.
    impl FancyTables<N> for Scheme::Fancy, bits;
    table: [u64; N] = [0; N];
    fill: |layout, length, table| fill(&layout, &mut table, "FancyTables", length);
}

impl<const N: usize> FancyTables<N> {
    const fn assemble(layout: Layout, table: [u64; N]) -> Self {
        FancyTables {
            squares: FancyEntries::of_layout(&layout),
            layout,
            table,
        }
    }
}
