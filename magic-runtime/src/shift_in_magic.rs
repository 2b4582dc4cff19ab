//! Fancy magics with the shift in the upper six bits of the magic (Grant
//! Osborne): one load less per lookup.

use crate::fill::{fill, HashKind, Layout, Length};
use crate::layout::{consecutive, embedded_bits};
use crate::sliders::impl_sliders;
use crate::Piece;

#[derive(Clone, Copy, Debug)]
struct Entry {
    mask: u64,
    magic: u64,
    offset: usize,
}

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
#[derive(Clone, Debug)]
pub struct ShiftInMagicTables<const N: usize> {
    squares: [[Entry; 64]; 2],
    table: [u64; N],
}

impl<const N: usize> ShiftInMagicTables<N> {
    /// Builds and checks the tables from 64 rook and 64 bishop magics whose
    /// upper six bits hold `64 - bits`. `N` is the sum of `2^bits` over all
    /// squares ([`DEFAULT_FANCY_LEN`](crate::DEFAULT_FANCY_LEN) at the
    /// default bits). In a `static`, a wrong magic fails the build with a
    /// message naming piece, square and the two clashing occupancies.
    ///
    /// ```
    /// use magic_runtime::{sets, ShiftInMagicTables};
    /// let t = ShiftInMagicTables::<107_648>::new(&sets::SHIFT_IN_MAGIC_ROOK, &sets::SHIFT_IN_MAGIC_BISHOP);
    /// assert_eq!(t.rook(0, 0).count_ones(), 14);
    /// ```
    pub const fn new(rook_magics: &[u64; 64], bishop_magics: &[u64; 64]) -> Self {
        let bits = [&embedded_bits(rook_magics), &embedded_bits(bishop_magics)];
        let (layout, len): (Layout, usize) =
            consecutive(HashKind::Magic, [rook_magics, bishop_magics], bits);
        let table = fill(&layout, "ShiftInMagicTables", Length::Sum(len));
        let mut squares = [[Entry {
            mask: 0,
            magic: 0,
            offset: 0,
        }; 64]; 2];
        let mut p = 0;
        while p < 2 {
            let mut sq = 0;
            while sq < 64 {
                let h = layout[p][sq];
                squares[p][sq] = Entry {
                    mask: h.mask,
                    magic: h.magic,
                    offset: h.offset,
                };
                sq += 1;
            }
            p += 1;
        }
        ShiftInMagicTables { squares, table }
    }

    #[inline(always)]
    const fn lookup(&self, piece: usize, sq: usize, occ: u64) -> u64 {
        let e = self.squares[piece][sq];
        let i = e.offset + ((occ & e.mask).wrapping_mul(e.magic) >> (e.magic >> 58)) as usize;
        // SAFETY: `new` checked that every slot of every square is below `N`.
        unsafe { *self.table.as_ptr().add(i) }
    }

    /// Rook attacks from `sq` (a1 = 0 ... h8 = 63) given the occupancy `occ`.
    ///
    /// ```
    /// # use magic_runtime::{sets, ShiftInMagicTables};
    /// # let t = ShiftInMagicTables::<107_648>::new(&sets::SHIFT_IN_MAGIC_ROOK, &sets::SHIFT_IN_MAGIC_BISHOP);
    /// assert_eq!(t.rook(7, !0), 1 << 6 | 1 << 15);
    /// ```
    #[inline(always)]
    pub const fn rook(&self, sq: usize, occ: u64) -> u64 {
        self.lookup(0, sq, occ)
    }

    /// Bishop attacks from `sq` given the occupancy `occ`.
    ///
    /// ```
    /// # use magic_runtime::{sets, ShiftInMagicTables};
    /// # let t = ShiftInMagicTables::<107_648>::new(&sets::SHIFT_IN_MAGIC_ROOK, &sets::SHIFT_IN_MAGIC_BISHOP);
    /// assert_eq!(t.bishop(7, !0), 1 << 14);
    /// ```
    #[inline(always)]
    pub const fn bishop(&self, sq: usize, occ: u64) -> u64 {
        self.lookup(1, sq, occ)
    }

    /// The magic factor of `piece` on `sq`, shift bits included.
    ///
    /// ```
    /// # use magic_runtime::{sets, Piece, ShiftInMagicTables};
    /// # let t = ShiftInMagicTables::<107_648>::new(&sets::SHIFT_IN_MAGIC_ROOK, &sets::SHIFT_IN_MAGIC_BISHOP);
    /// assert_eq!(t.magic(Piece::Rook, 0) >> 58, 64 - 12);
    /// ```
    #[inline(always)]
    pub const fn magic(&self, piece: Piece, sq: usize) -> u64 {
        self.squares[piece as usize][sq].magic
    }

    /// Bytes taken by the attack array: `8 * N`.
    ///
    /// ```
    /// # use magic_runtime::{sets, ShiftInMagicTables};
    /// # let t = ShiftInMagicTables::<107_648>::new(&sets::SHIFT_IN_MAGIC_ROOK, &sets::SHIFT_IN_MAGIC_BISHOP);
    /// assert_eq!(t.table_bytes(), 861_184);
    /// ```
    #[inline(always)]
    pub const fn table_bytes(&self) -> usize {
        N * 8
    }
}

impl_sliders!(
    ShiftInMagicTables<N>,
    "ShiftInMagicTables::<107_648>::new(&sets::SHIFT_IN_MAGIC_ROOK, &sets::SHIFT_IN_MAGIC_BISHOP)"
);
