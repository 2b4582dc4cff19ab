//! 32-bit magics (Grant Osborne): two 32-bit multiplications instead of one
//! 64-bit multiplication, for targets without a fast 64-bit multiply.

use crate::build::builders;
use crate::entries::{entries_of, square_entries};
use crate::template::{sub_table_slot, table_type};
use magic_core::{fill, Layout, Scheme};

square_entries! {
    struct Entry in Entries {
        mask: u64,
        magic_lo: u32,
        magic_hi: u32,
        shift: u32,
        offset: u32,
    }
}

table_type! {
    /// Fancy-sized tables hashed with 32-bit arithmetic only:
    /// `o = occ & mask; i = ((lo(o) * magic_lo) ^ (hi(o) * magic_hi)) >> (32 - bits)`,
    /// `table[offset + i]`. Each magic is stored as one `u64`, `magic_lo` in the
    /// low half. On a 32-bit target this is two multiplications where a 64-bit
    /// product takes three or four.
    ///
    /// ```
    /// # use magic_runtime_core as magic_runtime;
    /// use magic_runtime::{sets, default_bits, Diagram, Magic32Tables, Piece, DEFAULT_FANCY_LEN};
    /// static SLIDERS: Magic32Tables<DEFAULT_FANCY_LEN> = Magic32Tables::new(
    ///     &sets::MAGIC32_ROOK, &default_bits(Piece::Rook), &sets::MAGIC32_BISHOP, &default_bits(Piece::Bishop),
    /// );
    /// let c6 = 42;
    /// print!("{}", Diagram::new(SLIDERS.bishop(c6, 1 << 28)).piece(c6, 'B'));
    /// assert_eq!(SLIDERS.bishop(c6, 1 << 28).count_ones(), 8); // e4 blocks
    /// ```
    pub struct Magic32Tables<N> {
        squares: Entries,
        table: [u64; N],
    }
    lookup: const,
    fn lookup(self, _piece, _sq, e, occ) {
        let o = occ & e.mask;
        let lo = (o as u32).wrapping_mul(e.magic_lo);
        let hi = ((o >> 32) as u32).wrapping_mul(e.magic_hi);
        let index = ((lo ^ hi) >> e.shift) as usize;
        // SAFETY: `new` checked that every slot of every square is below `N`.
        unsafe { sub_table_slot(&self.table, e.offset as usize, index) }
    }
    entries: table: u64,
    table_bytes: N * 8,
    example: "Magic32Tables::<107_648>::new(&sets::MAGIC32_ROOK, &default_bits(Rook), &sets::MAGIC32_BISHOP, &default_bits(Bishop))",
}

builders! {
    /// Builds and checks the tables from 64 rook and 64 bishop 32-bit magic
    /// pairs and the index bits of each square; `N` is the sum of `2^bits`.
    /// In a `static`, a wrong magic fails the build with a message naming the
    /// piece, the square and the two clashing occupancies.
    impl Magic32Tables<N> for Scheme::Magic32, bits;
    table: [u64; N] = [0; N];
    fill: |layout, length, table| fill(&layout, &mut table, "Magic32Tables", length);
}

impl<const N: usize> Magic32Tables<N> {
    const fn assemble(layout: Layout, table: [u64; N]) -> Self {
        Magic32Tables {
            squares: entries_of!(Entries, layout, |_p, _sq, h| Entry {
                mask: h.mask,
                magic_lo: h.magic as u32,
                magic_hi: (h.magic >> 32) as u32,
                shift: 32 - h.bits,
                offset: h.offset as u32,
            }),
            layout,
            table,
        }
    }
}
