//! Hansen's shared tables: a post-mask lets two rook squares, or four bishop
//! squares, use the same sub-table.

use crate::fill::fill_post_masked;
use crate::layout::{checked_bits, entries_of};
use crate::template::table_type;
use crate::visit::Layout;
use crate::{empty_board_attacks, Hash, Piece, SquareHash};

#[derive(Clone, Copy, Debug)]
struct Entry {
    premask: u64,
    magic: u64,
    postmask: u64,
    offset: usize,
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
        squares: [[Entry; 64]; 2],
        table: [u64; N],
    }
    lookup: const,
    fn lookup(self, _piece, _sq, e, occ) {
        let i = e.offset + ((occ & e.premask).wrapping_mul(e.magic) >> (e.magic >> 58)) as usize;
        // SAFETY: `new` checked that every slot of every square is below `N`.
        unsafe { *self.table.as_ptr().add(i) & e.postmask }
    }
    entries: table: u64,
    table_bytes: N * 8,
    example: "SharedTables::<SHARED_LEN>::new(&sets::SHARED_ROOK, &sets::SHARED_ROOK_OFFSETS, &sets::SHARED_BISHOP, &sets::SHARED_BISHOP_OFFSETS)",
}

impl<const N: usize> SharedTables<N> {
    /// Builds and checks the tables from magics (shift in the upper six
    /// bits) and per-square offsets into the shared array. `N` must be the
    /// end of the last sub-table. In a `static`, two squares whose slots
    /// disagree fail the build with a message naming both squares and their
    /// occupancies.
    pub const fn new(
        rook_magics: &[u64; 64],
        rook_offsets: &[u32; 64],
        bishop_magics: &[u64; 64],
        bishop_offsets: &[u32; 64],
    ) -> Self {
        let magics = [rook_magics, bishop_magics];
        let offsets = [rook_offsets, bishop_offsets];
        let mut layout: Layout = [[SquareHash::EMPTY; 64]; 2];
        let mut p = 0;
        while p < 2 {
            let piece = Piece::ALL[p];
            let mut sq = 0;
            while sq < 64 {
                let magic = magics[p][sq];
                let bits = checked_bits(piece, sq, 64 - (magic >> 58));
                let offset = offsets[p][sq] as usize;
                layout[p][sq] = SquareHash::new(Hash::Multiply, piece, sq, magic, bits, offset);
                sq += 1;
            }
            p += 1;
        }
        // The post-mask of each square: its attacks on an empty board.
        let squares = entries_of!(layout, |p, sq, h| Entry {
            premask: h.mask,
            magic: h.magic,
            postmask: empty_board_attacks(Piece::ALL[p], sq),
            offset: h.offset,
        });
        SharedTables {
            table: fill_post_masked(&layout, "SharedTables"),
            squares,
            layout,
        }
    }
}
