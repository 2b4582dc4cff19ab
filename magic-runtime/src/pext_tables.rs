//! PEXT tables: the index is the relevant occupancy bits packed by the BMI2
//! `pext` instruction, with no magic at all.

use crate::fill::{fill, fill_compressed, HashKind, Length};
use crate::geometry::{default_bits, empty_board_attacks, Piece};
use crate::layout::consecutive;
use crate::pext::{pdep_fast, pext_fast};
use crate::sliders::impl_sliders;
use crate::DEFAULT_FANCY_LEN;

#[derive(Clone, Copy, Debug)]
struct Entry {
    mask: u64,
    /// Empty-board attacks: where PDEP spreads a compressed set.
    postmask: u64,
    offset: usize,
}

const fn layout_and_entries() -> (crate::fill::Layout, [[Entry; 64]; 2]) {
    let none = [0u64; 64];
    let (layout, _) = consecutive(
        HashKind::Pext,
        [&none, &none],
        [&default_bits(Piece::Rook), &default_bits(Piece::Bishop)],
    );
    let mut squares = [[Entry {
        mask: 0,
        postmask: 0,
        offset: 0,
    }; 64]; 2];
    let mut p = 0;
    while p < 2 {
        let mut sq = 0;
        while sq < 64 {
            let h = layout[p][sq];
            squares[p][sq] = Entry {
                mask: h.mask,
                postmask: empty_board_attacks(Piece::ALL[p], sq),
                offset: h.offset,
            };
            sq += 1;
        }
        p += 1;
    }
    (layout, squares)
}

/// PEXT bitboards: `table[offset[sq] + pext(occ, mask[sq])]`, fancy-sized
/// (107,648 entries, 841 KiB).
///
/// The lookup uses the BMI2 `pext` instruction when the crate that calls it
/// is compiled for a target that has it (`-C target-feature=+bmi2`, or a
/// `-C target-cpu` such as `x86-64-v3`), and a portable loop otherwise; the
/// tables are the same either way. See [`uses_bmi2`](crate::uses_bmi2).
/// Lookups are not `const fn`: the instruction cannot run at compile time.
///
/// ```
/// use magic_runtime::{Diagram, PextTables};
/// static SLIDERS: PextTables = PextTables::new();
/// let a8 = 56;
/// print!("{}", Diagram::new(SLIDERS.rook(a8, 1 << 59)).piece(a8, 'R'));
/// assert_eq!(SLIDERS.rook(a8, 1 << 59), 0x0e01_0101_0101_0101);
/// ```
#[derive(Clone, Debug)]
pub struct PextTables {
    squares: [[Entry; 64]; 2],
    table: [u64; DEFAULT_FANCY_LEN],
}

impl PextTables {
    /// Builds and checks the tables; there are no magics to give.
    ///
    /// ```
    /// static T: magic_runtime::PextTables = magic_runtime::PextTables::new();
    /// assert_eq!(T.bishop(0, 0).count_ones(), 7);
    /// ```
    pub const fn new() -> Self {
        let (layout, squares) = layout_and_entries();
        PextTables {
            table: fill(&layout, "PextTables", Length::Sum(DEFAULT_FANCY_LEN)),
            squares,
        }
    }

    #[inline(always)]
    fn lookup(&self, piece: usize, sq: usize, occ: u64) -> u64 {
        let e = self.squares[piece][sq];
        let i = e.offset + pext_fast(occ, e.mask) as usize;
        // SAFETY: `new` laid out 2^popcount(mask) slots per square, and pext
        // of any occupancy by the mask is below that.
        unsafe { *self.table.as_ptr().add(i) }
    }

    /// Rook attacks from `sq` (a1 = 0 ... h8 = 63) given the occupancy `occ`.
    ///
    /// ```
    /// # static T: magic_runtime::PextTables = magic_runtime::PextTables::new();
    /// assert_eq!(T.rook(28, 0).count_ones(), 14);
    /// ```
    #[inline(always)]
    pub fn rook(&self, sq: usize, occ: u64) -> u64 {
        self.lookup(0, sq, occ)
    }

    /// Bishop attacks from `sq` given the occupancy `occ`.
    ///
    /// ```
    /// # static T: magic_runtime::PextTables = magic_runtime::PextTables::new();
    /// assert_eq!(T.bishop(28, !0).count_ones(), 4);
    /// ```
    #[inline(always)]
    pub fn bishop(&self, sq: usize, occ: u64) -> u64 {
        self.lookup(1, sq, occ)
    }

    /// Bytes taken by the attack array.
    ///
    /// ```
    /// # static T: magic_runtime::PextTables = magic_runtime::PextTables::new();
    /// assert_eq!(T.table_bytes(), 861_184);
    /// ```
    pub const fn table_bytes(&self) -> usize {
        DEFAULT_FANCY_LEN * 8
    }
}

impl Default for PextTables {
    fn default() -> Self {
        Self::new()
    }
}

impl_sliders!(@runtime PextTables, "{ static T: PextTables = PextTables::new(); &T }");

/// Compressed PEXT bitboards: each entry is the attack set packed into a
/// `u16` by the square's empty-board attacks, and the lookup spreads it back
/// with PDEP: `pdep(table[offset[sq] + pext(occ, mask[sq])], attacks[sq])`.
/// 107,648 two-byte entries: 210.3 KiB, a quarter of the `u64` tables.
///
/// PEXT and PDEP are single instructions when the calling crate is compiled
/// for BMI2, portable loops otherwise (see [`PextTables`]).
///
/// ```
/// use magic_runtime::{Diagram, PextPdepTables};
/// static SLIDERS: PextPdepTables = PextPdepTables::new();
/// let e5 = 36;
/// print!("{}", Diagram::new(SLIDERS.queen(e5, 0)).piece(e5, 'Q'));
/// assert_eq!(SLIDERS.queen(e5, 0).count_ones(), 27);
/// ```
#[derive(Clone, Debug)]
pub struct PextPdepTables {
    squares: [[Entry; 64]; 2],
    table: [u16; DEFAULT_FANCY_LEN],
}

impl PextPdepTables {
    /// Builds and checks the tables; there are no magics to give.
    ///
    /// ```
    /// static T: magic_runtime::PextPdepTables = magic_runtime::PextPdepTables::new();
    /// assert_eq!(T.rook(0, !0), 1 << 1 | 1 << 8);
    /// ```
    pub const fn new() -> Self {
        let (layout, squares) = layout_and_entries();
        PextPdepTables {
            table: fill_compressed(&layout, "PextPdepTables", Length::Sum(DEFAULT_FANCY_LEN)),
            squares,
        }
    }

    #[inline(always)]
    fn lookup(&self, piece: usize, sq: usize, occ: u64) -> u64 {
        let e = self.squares[piece][sq];
        let i = e.offset + pext_fast(occ, e.mask) as usize;
        // SAFETY: as for `PextTables`: every index is below the square's
        // 2^popcount(mask) slots.
        pdep_fast(unsafe { *self.table.as_ptr().add(i) } as u64, e.postmask)
    }

    /// Rook attacks from `sq` (a1 = 0 ... h8 = 63) given the occupancy `occ`.
    ///
    /// ```
    /// # static T: magic_runtime::PextPdepTables = magic_runtime::PextPdepTables::new();
    /// assert_eq!(T.rook(63, 1 << 62), 1 << 62 | 0x0080_8080_8080_8080);
    /// ```
    #[inline(always)]
    pub fn rook(&self, sq: usize, occ: u64) -> u64 {
        self.lookup(0, sq, occ)
    }

    /// Bishop attacks from `sq` given the occupancy `occ`.
    ///
    /// ```
    /// # static T: magic_runtime::PextPdepTables = magic_runtime::PextPdepTables::new();
    /// assert_eq!(T.bishop(63, 1 << 45), 1 << 54 | 1 << 45);
    /// ```
    #[inline(always)]
    pub fn bishop(&self, sq: usize, occ: u64) -> u64 {
        self.lookup(1, sq, occ)
    }

    /// Bytes taken by the attack array: 2 per entry.
    ///
    /// ```
    /// # static T: magic_runtime::PextPdepTables = magic_runtime::PextPdepTables::new();
    /// assert!(T.table_bytes() <= 215 * 1024);
    /// ```
    pub const fn table_bytes(&self) -> usize {
        DEFAULT_FANCY_LEN * 2
    }
}

impl Default for PextPdepTables {
    fn default() -> Self {
        Self::new()
    }
}

impl_sliders!(@runtime PextPdepTables, "{ static T: PextPdepTables = PextPdepTables::new(); &T }");
