//! Hansen's shared tables: a post-mask lets two rook squares, or four bishop
//! squares, use the same sub-table.

use crate::fill::{fill_post_masked, Layout, SquareHash};
use crate::geometry::{empty_board_attacks, relevant_mask, Piece};
use crate::layout::checked_bits;
use crate::sliders::impl_sliders;

#[derive(Clone, Copy, Debug)]
struct Entry {
    premask: u64,
    magic: u64,
    postmask: u64,
    offset: usize,
}

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
#[derive(Clone, Debug)]
pub struct SharedTables<const N: usize> {
    squares: [[Entry; 64]; 2],
    table: [u64; N],
}

impl<const N: usize> SharedTables<N> {
    /// Builds and checks the tables from magics (shift in the upper six
    /// bits) and per-square offsets into the shared array. `N` must be the
    /// end of the last sub-table. In a `static`, two squares whose slots
    /// disagree fail the build with a message naming both squares and their
    /// occupancies.
    ///
    /// ```
    /// use magic_runtime::{sets, SharedTables, SHARED_LEN};
    /// let t = SharedTables::<SHARED_LEN>::new(
    ///     &sets::SHARED_ROOK, &sets::SHARED_ROOK_OFFSETS,
    ///     &sets::SHARED_BISHOP, &sets::SHARED_BISHOP_OFFSETS,
    /// );
    /// assert_eq!(t.bishop(0, 0).count_ones(), 7);
    /// ```
    pub const fn new(
        rook_magics: &[u64; 64],
        rook_offsets: &[u32; 64],
        bishop_magics: &[u64; 64],
        bishop_offsets: &[u32; 64],
    ) -> Self {
        let magics = [rook_magics, bishop_magics];
        let offsets = [rook_offsets, bishop_offsets];
        let mut layout: Layout = [[SquareHash::EMPTY; 64]; 2];
        let mut squares = [[Entry {
            premask: 0,
            magic: 0,
            postmask: 0,
            offset: 0,
        }; 64]; 2];
        let mut p = 0;
        while p < 2 {
            let piece = Piece::ALL[p];
            let mut sq = 0;
            while sq < 64 {
                let magic = magics[p][sq];
                let bits = checked_bits(piece, sq, 64 - (magic >> 58) as u32);
                let offset = offsets[p][sq] as usize;
                let premask = relevant_mask(piece, sq);
                layout[p][sq] = SquareHash::magic(piece, sq, magic, bits, offset);
                squares[p][sq] = Entry {
                    premask,
                    magic,
                    postmask: empty_board_attacks(piece, sq),
                    offset,
                };
                sq += 1;
            }
            p += 1;
        }
        SharedTables {
            table: fill_post_masked(&layout, "SharedTables"),
            squares,
        }
    }

    #[inline(always)]
    const fn lookup(&self, piece: usize, sq: usize, occ: u64) -> u64 {
        let e = self.squares[piece][sq];
        let i = e.offset + ((occ & e.premask).wrapping_mul(e.magic) >> (e.magic >> 58)) as usize;
        // SAFETY: `new` checked that every slot of every square is below `N`.
        unsafe { *self.table.as_ptr().add(i) & e.postmask }
    }

    /// Rook attacks from `sq` (a1 = 0 ... h8 = 63) given the occupancy `occ`.
    ///
    /// ```
    /// # use magic_runtime::{sets, SharedTables, SHARED_LEN};
    /// # let t = SharedTables::<SHARED_LEN>::new(&sets::SHARED_ROOK, &sets::SHARED_ROOK_OFFSETS, &sets::SHARED_BISHOP, &sets::SHARED_BISHOP_OFFSETS);
    /// assert_eq!(t.rook(9, !0), 1 << 1 | 1 << 8 | 1 << 10 | 1 << 17);
    /// ```
    #[inline(always)]
    pub const fn rook(&self, sq: usize, occ: u64) -> u64 {
        self.lookup(0, sq, occ)
    }

    /// Bishop attacks from `sq` given the occupancy `occ`.
    ///
    /// ```
    /// # use magic_runtime::{sets, SharedTables, SHARED_LEN};
    /// # let t = SharedTables::<SHARED_LEN>::new(&sets::SHARED_ROOK, &sets::SHARED_ROOK_OFFSETS, &sets::SHARED_BISHOP, &sets::SHARED_BISHOP_OFFSETS);
    /// assert_eq!(t.bishop(9, !0), 1 << 0 | 1 << 2 | 1 << 16 | 1 << 18);
    /// ```
    #[inline(always)]
    pub const fn bishop(&self, sq: usize, occ: u64) -> u64 {
        self.lookup(1, sq, occ)
    }

    /// The magic factor of `piece` on `sq`, shift bits included.
    ///
    /// ```
    /// # use magic_runtime::{sets, Piece, SharedTables, SHARED_LEN};
    /// # let t = SharedTables::<SHARED_LEN>::new(&sets::SHARED_ROOK, &sets::SHARED_ROOK_OFFSETS, &sets::SHARED_BISHOP, &sets::SHARED_BISHOP_OFFSETS);
    /// assert_eq!(t.magic(Piece::Bishop, 3), sets::SHARED_BISHOP[3]);
    /// ```
    #[inline(always)]
    pub const fn magic(&self, piece: Piece, sq: usize) -> u64 {
        self.squares[piece as usize][sq].magic
    }

    /// Bytes taken by the attack array: `8 * N`.
    ///
    /// ```
    /// # use magic_runtime::{sets, SharedTables, SHARED_LEN};
    /// # let t = SharedTables::<SHARED_LEN>::new(&sets::SHARED_ROOK, &sets::SHARED_ROOK_OFFSETS, &sets::SHARED_BISHOP, &sets::SHARED_BISHOP_OFFSETS);
    /// assert_eq!(t.table_bytes(), 512 * 1024);
    /// ```
    #[inline(always)]
    pub const fn table_bytes(&self) -> usize {
        N * 8
    }
}

impl_sliders!(
    SharedTables<N>,
    "SharedTables::<SHARED_LEN>::new(&sets::SHARED_ROOK, &sets::SHARED_ROOK_OFFSETS, &sets::SHARED_BISHOP, &sets::SHARED_BISHOP_OFFSETS)"
);
