//! Plain magics (Lasse Hansen): a fixed shift and one sub-table of the same
//! size per square, 64 x 4,096 rook and 64 x 512 bishop entries.

use crate::fill::{fill, Layout, Length, SquareHash};
use crate::geometry::{relevant_mask, Piece};
use crate::sliders::impl_sliders;

/// Index bits of every plain rook sub-table.
///
/// ```
/// assert_eq!(1 << magic_runtime::PLAIN_ROOK_BITS, 4096);
/// ```
pub const PLAIN_ROOK_BITS: u32 = 12;
/// Index bits of every plain bishop sub-table.
///
/// ```
/// assert_eq!(1 << magic_runtime::PLAIN_BISHOP_BITS, 512);
/// ```
pub const PLAIN_BISHOP_BITS: u32 = 9;
/// Entries of the plain tables: 64 x 4,096 + 64 x 512.
///
/// ```
/// assert_eq!(magic_runtime::PLAIN_LEN * 8, 2_359_296); // 2.25 MiB
/// ```
pub const PLAIN_LEN: usize = (64 << PLAIN_ROOK_BITS) + (64 << PLAIN_BISHOP_BITS);

#[derive(Clone, Copy, Debug)]
struct MaskMagic {
    mask: u64,
    magic: u64,
}

/// Plain magic bitboards: `rook[sq][((occ & mask[sq]) * magic[sq]) >> 52]`
/// and `bishop[sq][... >> 55]`. No per-square shift or offset to load, at
/// 2.25 MiB of tables.
///
/// ```
/// use magic_runtime::{sets, Diagram, PlainTables};
/// static SLIDERS: PlainTables = PlainTables::new(&sets::PLAIN_ROOK, &sets::PLAIN_BISHOP);
/// let c1 = 2;
/// let occ = 1 << 20; // a blocker on e3
/// print!("{}", Diagram::new(SLIDERS.bishop(c1, occ)).piece(c1, 'B'));
/// assert_eq!(SLIDERS.bishop(c1, occ), 0x0000_0000_0011_0a00); // b2 a3 d2 e3
/// ```
#[derive(Clone, Debug)]
pub struct PlainTables {
    squares: [[MaskMagic; 64]; 2],
    table: [u64; PLAIN_LEN],
}

impl PlainTables {
    /// Builds and checks the tables from 64 rook magics (12 index bits each)
    /// and 64 bishop magics (9 bits each). In a `static`, a wrong magic fails
    /// the build with a message naming piece, square and the two clashing
    /// occupancies.
    ///
    /// ```
    /// use magic_runtime::{sets, PlainTables};
    /// static T: PlainTables = PlainTables::new(&sets::PLAIN_ROOK, &sets::PLAIN_BISHOP);
    /// assert_eq!(T.rook(0, 0).count_ones(), 14);
    /// ```
    pub const fn new(rook_magics: &[u64; 64], bishop_magics: &[u64; 64]) -> Self {
        let mut layout: Layout = [[SquareHash::EMPTY; 64]; 2];
        let mut squares = [[MaskMagic { mask: 0, magic: 0 }; 64]; 2];
        let mut sq = 0;
        while sq < 64 {
            let (rm, bm) = (
                relevant_mask(Piece::Rook, sq),
                relevant_mask(Piece::Bishop, sq),
            );
            squares[0][sq] = MaskMagic {
                mask: rm,
                magic: rook_magics[sq],
            };
            squares[1][sq] = MaskMagic {
                mask: bm,
                magic: bishop_magics[sq],
            };
            layout[0][sq] = SquareHash::magic(
                Piece::Rook,
                sq,
                rook_magics[sq],
                PLAIN_ROOK_BITS,
                sq << PLAIN_ROOK_BITS,
            );
            layout[1][sq] = SquareHash::magic(
                Piece::Bishop,
                sq,
                bishop_magics[sq],
                PLAIN_BISHOP_BITS,
                (64 << PLAIN_ROOK_BITS) + (sq << PLAIN_BISHOP_BITS),
            );
            sq += 1;
        }
        PlainTables {
            table: fill(&layout, "PlainTables", Length::Sum(PLAIN_LEN)),
            squares,
        }
    }

    /// Rook attacks from `sq` (a1 = 0 ... h8 = 63) given the occupancy `occ`.
    ///
    /// ```
    /// # use magic_runtime::{sets, PlainTables};
    /// # static T: PlainTables = PlainTables::new(&sets::PLAIN_ROOK, &sets::PLAIN_BISHOP);
    /// assert_eq!(T.rook(63, !0), 1 << 62 | 1 << 55);
    /// ```
    #[inline(always)]
    pub const fn rook(&self, sq: usize, occ: u64) -> u64 {
        let m = self.squares[0][sq];
        let i = (sq << PLAIN_ROOK_BITS)
            | ((occ & m.mask).wrapping_mul(m.magic) >> (64 - PLAIN_ROOK_BITS)) as usize;
        // SAFETY: `sq < 64` was checked above and the index has 12 bits.
        unsafe { *self.table.as_ptr().add(i) }
    }

    /// Bishop attacks from `sq` given the occupancy `occ`.
    ///
    /// ```
    /// # use magic_runtime::{sets, PlainTables};
    /// # static T: PlainTables = PlainTables::new(&sets::PLAIN_ROOK, &sets::PLAIN_BISHOP);
    /// assert_eq!(T.bishop(0, !0), 1 << 9);
    /// ```
    #[inline(always)]
    pub const fn bishop(&self, sq: usize, occ: u64) -> u64 {
        let m = self.squares[1][sq];
        let i = (64 << PLAIN_ROOK_BITS)
            + ((sq << PLAIN_BISHOP_BITS)
                | ((occ & m.mask).wrapping_mul(m.magic) >> (64 - PLAIN_BISHOP_BITS)) as usize);
        // SAFETY: `sq < 64` was checked above and the index has 9 bits.
        unsafe { *self.table.as_ptr().add(i) }
    }

    /// The magic factor of `piece` on `sq`.
    ///
    /// ```
    /// # use magic_runtime::{sets, Piece, PlainTables};
    /// # static T: PlainTables = PlainTables::new(&sets::PLAIN_ROOK, &sets::PLAIN_BISHOP);
    /// assert_eq!(T.magic(Piece::Rook, 5), sets::PLAIN_ROOK[5]);
    /// ```
    #[inline(always)]
    pub const fn magic(&self, piece: Piece, sq: usize) -> u64 {
        self.squares[piece as usize][sq].magic
    }

    /// Bytes taken by the attack arrays.
    ///
    /// ```
    /// # use magic_runtime::{sets, PlainTables};
    /// # static T: PlainTables = PlainTables::new(&sets::PLAIN_ROOK, &sets::PLAIN_BISHOP);
    /// assert_eq!(T.table_bytes(), 2_359_296);
    /// ```
    #[inline(always)]
    pub const fn table_bytes(&self) -> usize {
        PLAIN_LEN * 8
    }
}

impl_sliders!(
    PlainTables,
    "{ static T: PlainTables = PlainTables::new(&sets::PLAIN_ROOK, &sets::PLAIN_BISHOP); &T }"
);
