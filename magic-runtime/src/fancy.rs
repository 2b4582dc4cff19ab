//! Fancy magics (Pradu Kannan): one sub-table per square, sized by that
//! square's own index bits.

use crate::fill::{fill, HashKind, Layout, Length};

/// One square of a fancy table, as the lookup reads it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct FancyEntry {
    pub(crate) mask: u64,
    pub(crate) magic: u64,
    pub(crate) offset: u32,
    pub(crate) shift: u32,
}

impl FancyEntry {
    /// The entries of a multiply-shift layout.
    pub(crate) const fn of(layout: &Layout) -> [[FancyEntry; 64]; 2] {
        let mut squares = [[FancyEntry {
            mask: 0,
            magic: 0,
            offset: 0,
            shift: 0,
        }; 64]; 2];
        let mut p = 0;
        while p < 2 {
            let mut sq = 0;
            while sq < 64 {
                let h = layout[p][sq];
                squares[p][sq] = FancyEntry {
                    mask: h.mask,
                    magic: h.magic,
                    offset: h.offset as u32,
                    shift: 64 - h.bits,
                };
                sq += 1;
            }
            p += 1;
        }
        squares
    }

    /// The slot of `occ`: `offset + ((occ & mask) * magic >> shift)`.
    #[inline(always)]
    pub(crate) const fn slot(&self, occ: u64) -> usize {
        self.offset as usize + ((occ & self.mask).wrapping_mul(self.magic) >> self.shift) as usize
    }
}
use crate::layout::consecutive;
use crate::sliders::impl_sliders;

/// The number of entries of a fancy table at the default bits
/// (popcount of each relevant mask): 102,400 rook + 5,248 bishop.
///
/// ```
/// assert_eq!(magic_runtime::DEFAULT_FANCY_LEN, 107_648);
/// ```
pub const DEFAULT_FANCY_LEN: usize = 107_648;

/// Fancy magic bitboards: `table[offset[sq] + ((occ & mask[sq]) * magic[sq] >> shift[sq])]`,
/// rook sub-tables first, then bishop sub-tables, `N` entries in all.
///
/// Build it with [`magic_tables!`](crate::magic_tables) (`scheme = fancy`),
/// or from magics you already have with [`FancyTables::new`], which checks
/// every relevant occupancy of every square while your crate compiles.
///
/// ```
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
#[derive(Clone, Debug)]
pub struct FancyTables<const N: usize> {
    squares: [[FancyEntry; 64]; 2],
    table: [u64; N],
}

impl<const N: usize> FancyTables<N> {
    /// Builds and checks the tables from 64 rook and 64 bishop magics and
    /// the index bits of each square (usually
    /// [`default_bits`](crate::default_bits)). `N` must be the sum of
    /// `2^bits` over all 128 squares ([`fancy_table_len`](crate::fancy_table_len)).
    ///
    /// In a `static` or `const`, a wrong magic fails the build with a message
    /// that names the piece, the square and the two clashing occupancies.
    ///
    /// ```
    /// # use magic_runtime::{default_bits, FancyTables, Piece, DEFAULT_FANCY_LEN};
    /// use magic_runtime::sets::{FANCY_BISHOP, FANCY_ROOK};
    /// let t = FancyTables::<DEFAULT_FANCY_LEN>::new(
    ///     &FANCY_ROOK, &default_bits(Piece::Rook), &FANCY_BISHOP, &default_bits(Piece::Bishop));
    /// assert_eq!(t.bishop(0, 0), 0x8040_2010_0804_0200);
    /// ```
    pub const fn new(
        rook_magics: &[u64; 64],
        rook_bits: &[u8; 64],
        bishop_magics: &[u64; 64],
        bishop_bits: &[u8; 64],
    ) -> Self {
        let (squares, len) = consecutive(
            HashKind::Magic,
            [rook_magics, bishop_magics],
            [rook_bits, bishop_bits],
        );
        FancyTables {
            table: fill(&squares, "FancyTables", Length::Sum(len)),
            squares: FancyEntry::of(&squares),
        }
    }

    /// Rook attacks from `sq` (a1 = 0 ... h8 = 63) given the occupancy `occ`.
    ///
    /// ```
    /// # use magic_runtime::{default_bits as b, sets::*, FancyTables, Piece::*};
    /// # let t = FancyTables::<107648>::new(&FANCY_ROOK, &b(Rook), &FANCY_BISHOP, &b(Bishop));
    /// assert_eq!(t.rook(0, 0).count_ones(), 14);
    /// ```
    #[inline(always)]
    pub const fn rook(&self, sq: usize, occ: u64) -> u64 {
        self.lookup(0, sq, occ)
    }

    /// Bishop attacks from `sq` given the occupancy `occ`.
    ///
    /// ```
    /// # use magic_runtime::{default_bits as b, sets::*, FancyTables, Piece::*};
    /// # let t = FancyTables::<107648>::new(&FANCY_ROOK, &b(Rook), &FANCY_BISHOP, &b(Bishop));
    /// assert_eq!(t.bishop(27, 0).count_ones(), 13);
    /// ```
    #[inline(always)]
    pub const fn bishop(&self, sq: usize, occ: u64) -> u64 {
        self.lookup(1, sq, occ)
    }

    #[inline(always)]
    const fn lookup(&self, piece: usize, sq: usize, occ: u64) -> u64 {
        let i = self.squares[piece][sq].slot(occ);
        // SAFETY: `new` checked that every slot of every square is below `N`.
        unsafe { *self.table.as_ptr().add(i) }
    }

    /// The magic factor of `piece` on `sq`.
    ///
    /// ```
    /// # use magic_runtime::{default_bits as b, sets::*, FancyTables, Piece::*};
    /// # let t = FancyTables::<107648>::new(&FANCY_ROOK, &b(Rook), &FANCY_BISHOP, &b(Bishop));
    /// assert_ne!(t.magic(Rook, 0), 0);
    /// ```
    #[inline(always)]
    pub const fn magic(&self, piece: crate::Piece, sq: usize) -> u64 {
        self.squares[piece as usize][sq].magic
    }

    /// The index bits of `piece` on `sq`.
    ///
    /// ```
    /// # use magic_runtime::{default_bits as b, sets::*, FancyTables, Piece::*};
    /// # let t = FancyTables::<107648>::new(&FANCY_ROOK, &b(Rook), &FANCY_BISHOP, &b(Bishop));
    /// assert_eq!(t.bits(Rook, 0), 12);
    /// ```
    #[inline(always)]
    pub const fn bits(&self, piece: crate::Piece, sq: usize) -> u32 {
        64 - self.squares[piece as usize][sq].shift
    }

    /// All `N` entries of the shared array.
    ///
    /// ```
    /// # use magic_runtime::{default_bits as b, sets::*, FancyTables, Piece::*};
    /// # let t = FancyTables::<107648>::new(&FANCY_ROOK, &b(Rook), &FANCY_BISHOP, &b(Bishop));
    /// assert_eq!(t.entries().len(), 107_648);
    /// ```
    #[inline(always)]
    pub const fn entries(&self) -> &[u64] {
        &self.table
    }

    /// Bytes taken by the attack array: `8 * N`.
    ///
    /// ```
    /// # use magic_runtime::{default_bits as b, sets::*, FancyTables, Piece::*};
    /// # let t = FancyTables::<107648>::new(&FANCY_ROOK, &b(Rook), &FANCY_BISHOP, &b(Bishop));
    /// assert_eq!(t.table_bytes(), 861_184);
    /// ```
    #[inline(always)]
    pub const fn table_bytes(&self) -> usize {
        N * 8
    }
}

impl_sliders!(
    FancyTables<N>,
    "FancyTables::<107_648>::new(&sets::FANCY_ROOK, &default_bits(Rook), &sets::FANCY_BISHOP, &default_bits(Bishop))"
);
