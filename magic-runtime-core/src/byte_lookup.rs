//! Byte lookup (Robert Houdart): a byte per hashed occupancy that numbers
//! the square's distinct attack set, and one short list of attack sets per
//! square.

use crate::build::{builders, built};
use crate::fancy::FancyEntries;
use crate::template::{sub_table_slot, table_type};
use crate::DISTINCT_ATTACK_SETS;
use magic_core::{
    attack_set_starts, distinct_attacks, fill_pattern_bytes, Layout, Scheme, UNUSED_BYTE,
};

table_type! {
    /// Byte-lookup magic bitboards:
    /// `attacks[first[sq] + bytes[offset[sq] + ((occ & mask) * magic >> shift)]]`.
    ///
    /// A square has at most 144 distinct attack sets, so a byte tells them
    /// apart: the hashed table holds bytes instead of bitboards, fancy-sized
    /// (`N` bytes, 107,648 at the default bits), and the 6,328 distinct attack
    /// sets are stored once each. At the default bits that is 154.6 KiB in all,
    /// against 841 KiB for fancy tables, for one more dependent load. Any fancy
    /// magics work; [`sets::FANCY_ROOK`](crate::sets::FANCY_ROOK) by default.
    ///
    /// ```
    /// # use magic_runtime_core as magic_runtime;
    /// use magic_runtime::{sets, default_bits, ByteLookupTables, Diagram, Piece, DEFAULT_FANCY_LEN};
    /// static SLIDERS: ByteLookupTables<DEFAULT_FANCY_LEN> = ByteLookupTables::new(
    ///     &sets::FANCY_ROOK, &default_bits(Piece::Rook), &sets::FANCY_BISHOP, &default_bits(Piece::Bishop),
    /// );
    /// let g2 = 14;
    /// print!("{}", Diagram::new(SLIDERS.rook(g2, 1 << 46)).piece(g2, 'R'));
    /// assert_eq!(SLIDERS.rook(g2, 1 << 46), 0x0000_4040_4040_bf40);
    /// assert_eq!(SLIDERS.table_bytes(), 107_648 + 6_328 * 8);
    /// ```
    pub struct ByteLookupTables<N> {
        squares: FancyEntries,
        first: [[u16; 64]; 2],
        bytes: [u8; N],
        attacks: [u64; DISTINCT_ATTACK_SETS],
    }
    lookup: const,
    fn lookup(self, piece, sq, e, occ) {
        let first = self.first[piece][sq] as usize;
        // SAFETY: `new` checked every slot of every square is below `N`, and
        // filled every slot a relevant occupancy uses with the number of one
        // of the square's attack sets, listed from `first`.
        unsafe {
            let byte = sub_table_slot(&self.bytes, e.offset(), e.index(occ));
            sub_table_slot(&self.attacks, first, byte as usize)
        }
    }
    entries: bytes: u8,
    table_bytes: N + DISTINCT_ATTACK_SETS * 8,
    example: "ByteLookupTables::<107_648>::new(&sets::FANCY_ROOK, &default_bits(Rook), &sets::FANCY_BISHOP, &default_bits(Bishop))",
}

builders! {
    /// Builds and checks the tables from fancy magics and their bits per
    /// square; `N` is the sum of `2^bits` over all squares. In a `static`, a
    /// wrong magic fails the build with a message naming the piece, the
    /// square and the two clashing occupancies.
    impl ByteLookupTables<N> for Scheme::ByteLookup, bits;
    table: [u8; N] = [UNUSED_BYTE; N];
    fill: |layout, length, table| fill_pattern_bytes(&layout, &mut table, "ByteLookupTables", length);
    extra: attacks: [u64; DISTINCT_ATTACK_SETS] = {
        let mut attacks = [0; DISTINCT_ATTACK_SETS];
        built(distinct_attacks(&mut attacks));
        attacks
    };
}

impl<const N: usize> ByteLookupTables<N> {
    const fn assemble(
        layout: Layout,
        bytes: [u8; N],
        attacks: [u64; DISTINCT_ATTACK_SETS],
    ) -> Self {
        ByteLookupTables {
            squares: FancyEntries::of_layout(&layout),
            first: attack_set_starts(),
            layout,
            bytes,
            attacks,
        }
    }
}
