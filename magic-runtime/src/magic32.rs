//! 32-bit magics (Grant Osborne): two 32-bit multiplications instead of one
//! 64-bit multiplication, for targets without a fast 64-bit multiply.

use crate::fill::{fill, HashKind, Layout, Length};
use crate::layout::consecutive;
use crate::sliders::impl_sliders;
use crate::Piece;

#[derive(Clone, Copy, Debug)]
struct Entry {
    mask: u64,
    magic_lo: u32,
    magic_hi: u32,
    shift: u32,
    offset: u32,
}

/// Fancy-sized tables hashed with 32-bit arithmetic only:
/// `o = occ & mask; i = ((lo(o) * magic_lo) ^ (hi(o) * magic_hi)) >> (32 - bits)`,
/// `table[offset + i]`. Each magic is stored as one `u64`, `magic_lo` in the
/// low half. On a 32-bit target this is two multiplications where a 64-bit
/// product takes three or four.
///
/// ```
/// use magic_runtime::{sets, default_bits, Diagram, Magic32Tables, Piece, DEFAULT_FANCY_LEN};
/// static SLIDERS: Magic32Tables<DEFAULT_FANCY_LEN> = Magic32Tables::new(
///     &sets::MAGIC32_ROOK, &default_bits(Piece::Rook), &sets::MAGIC32_BISHOP, &default_bits(Piece::Bishop),
/// );
/// let c6 = 42;
/// print!("{}", Diagram::new(SLIDERS.bishop(c6, 1 << 28)).piece(c6, 'B'));
/// assert_eq!(SLIDERS.bishop(c6, 1 << 28).count_ones(), 8); // e4 blocks
/// ```
#[derive(Clone, Debug)]
pub struct Magic32Tables<const N: usize> {
    squares: [[Entry; 64]; 2],
    table: [u64; N],
}

impl<const N: usize> Magic32Tables<N> {
    /// Builds and checks the tables from 64 rook and 64 bishop 32-bit magic
    /// pairs and the index bits of each square; `N` is the sum of `2^bits`.
    /// In a `static`, a wrong magic fails the build with a message naming the
    /// piece, the square and the two clashing occupancies.
    ///
    /// ```
    /// use magic_runtime::{sets, default_bits, Magic32Tables, Piece};
    /// let t = Magic32Tables::<107_648>::new(
    ///     &sets::MAGIC32_ROOK, &default_bits(Piece::Rook), &sets::MAGIC32_BISHOP, &default_bits(Piece::Bishop),
    /// );
    /// assert_eq!(t.rook(36, 0).count_ones(), 14);
    /// ```
    pub const fn new(
        rook_magics: &[u64; 64],
        rook_bits: &[u8; 64],
        bishop_magics: &[u64; 64],
        bishop_bits: &[u8; 64],
    ) -> Self {
        let (layout, len): (Layout, usize) = consecutive(
            HashKind::Magic32,
            [rook_magics, bishop_magics],
            [rook_bits, bishop_bits],
        );
        let table = fill(&layout, "Magic32Tables", Length::Sum(len));
        let mut squares = [[Entry {
            mask: 0,
            magic_lo: 0,
            magic_hi: 0,
            shift: 0,
            offset: 0,
        }; 64]; 2];
        let mut p = 0;
        while p < 2 {
            let mut sq = 0;
            while sq < 64 {
                let h = layout[p][sq];
                squares[p][sq] = Entry {
                    mask: h.mask,
                    magic_lo: h.magic as u32,
                    magic_hi: (h.magic >> 32) as u32,
                    shift: 32 - h.bits,
                    offset: h.offset as u32,
                };
                sq += 1;
            }
            p += 1;
        }
        Magic32Tables { squares, table }
    }

    #[inline(always)]
    const fn lookup(&self, piece: usize, sq: usize, occ: u64) -> u64 {
        let e = self.squares[piece][sq];
        let o = occ & e.mask;
        let lo = (o as u32).wrapping_mul(e.magic_lo);
        let hi = ((o >> 32) as u32).wrapping_mul(e.magic_hi);
        let i = e.offset as usize + ((lo ^ hi) >> e.shift) as usize;
        // SAFETY: `new` checked that every slot of every square is below `N`.
        unsafe { *self.table.as_ptr().add(i) }
    }

    /// Rook attacks from `sq` (a1 = 0 ... h8 = 63) given the occupancy `occ`.
    ///
    /// ```
    /// # use magic_runtime::{sets, default_bits, Magic32Tables, Piece};
    /// # let t = Magic32Tables::<107_648>::new(&sets::MAGIC32_ROOK, &default_bits(Piece::Rook), &sets::MAGIC32_BISHOP, &default_bits(Piece::Bishop));
    /// assert_eq!(t.rook(56, !0), 1 << 48 | 1 << 57);
    /// ```
    #[inline(always)]
    pub const fn rook(&self, sq: usize, occ: u64) -> u64 {
        self.lookup(0, sq, occ)
    }

    /// Bishop attacks from `sq` given the occupancy `occ`.
    ///
    /// ```
    /// # use magic_runtime::{sets, default_bits, Magic32Tables, Piece};
    /// # let t = Magic32Tables::<107_648>::new(&sets::MAGIC32_ROOK, &default_bits(Piece::Rook), &sets::MAGIC32_BISHOP, &default_bits(Piece::Bishop));
    /// assert_eq!(t.bishop(56, !0), 1 << 49);
    /// ```
    #[inline(always)]
    pub const fn bishop(&self, sq: usize, occ: u64) -> u64 {
        self.lookup(1, sq, occ)
    }

    /// The magic pair of `piece` on `sq`, `magic_lo` in the low half.
    ///
    /// ```
    /// # use magic_runtime::{sets, default_bits, Magic32Tables, Piece};
    /// # let t = Magic32Tables::<107_648>::new(&sets::MAGIC32_ROOK, &default_bits(Piece::Rook), &sets::MAGIC32_BISHOP, &default_bits(Piece::Bishop));
    /// assert_eq!(t.magic(Piece::Rook, 3), sets::MAGIC32_ROOK[3]);
    /// ```
    #[inline(always)]
    pub const fn magic(&self, piece: Piece, sq: usize) -> u64 {
        let e = self.squares[piece as usize][sq];
        e.magic_lo as u64 | (e.magic_hi as u64) << 32
    }

    /// Bytes taken by the attack array: `8 * N`.
    ///
    /// ```
    /// # use magic_runtime::{sets, default_bits, Magic32Tables, Piece};
    /// # let t = Magic32Tables::<107_648>::new(&sets::MAGIC32_ROOK, &default_bits(Piece::Rook), &sets::MAGIC32_BISHOP, &default_bits(Piece::Bishop));
    /// assert_eq!(t.table_bytes(), 861_184);
    /// ```
    #[inline(always)]
    pub const fn table_bytes(&self) -> usize {
        N * 8
    }
}

impl_sliders!(
    Magic32Tables<N>,
    "Magic32Tables::<107_648>::new(&sets::MAGIC32_ROOK, &default_bits(Rook), &sets::MAGIC32_BISHOP, &default_bits(Bishop))"
);
