//! Byte lookup (Robert Houdart): a byte per hashed occupancy that numbers
//! the square's distinct attack set, and one short list of attack sets per
//! square.

use crate::fancy::FancyEntry;
use crate::fill::{distinct_attacks, fill_pattern_bytes, HashKind, Length};
use crate::layout::consecutive;
use crate::sliders::impl_sliders;
use crate::Piece;

/// Distinct attack sets of all squares: 4,900 rook + 1,428 bishop.
///
/// ```
/// assert_eq!(magic_runtime::DISTINCT_ATTACK_SETS, 6_328);
/// ```
pub const DISTINCT_ATTACK_SETS: usize = 4_900 + 1_428;

#[derive(Clone, Copy, Debug)]
struct Entry {
    hash: FancyEntry,
    /// Where the square's attack sets start in `attacks`.
    first: usize,
}

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
/// use magic_runtime::{sets, default_bits, ByteLookupTables, Diagram, Piece, DEFAULT_FANCY_LEN};
/// static SLIDERS: ByteLookupTables<DEFAULT_FANCY_LEN> = ByteLookupTables::new(
///     &sets::FANCY_ROOK, &default_bits(Piece::Rook), &sets::FANCY_BISHOP, &default_bits(Piece::Bishop),
/// );
/// let g2 = 14;
/// print!("{}", Diagram::new(SLIDERS.rook(g2, 1 << 46)).piece(g2, 'R'));
/// assert_eq!(SLIDERS.rook(g2, 1 << 46), 0x0000_4040_4040_bf40);
/// assert_eq!(SLIDERS.footprint_bytes(), 107_648 + 6_328 * 8);
/// ```
#[derive(Clone, Debug)]
pub struct ByteLookupTables<const N: usize> {
    squares: [[Entry; 64]; 2],
    bytes: [u8; N],
    attacks: [u64; DISTINCT_ATTACK_SETS],
}

impl<const N: usize> ByteLookupTables<N> {
    /// Builds and checks the tables from fancy magics and their bits per
    /// square; `N` is the sum of `2^bits` over all squares. In a `static`, a
    /// wrong magic fails the build with a message naming the piece, the
    /// square and the two clashing occupancies.
    ///
    /// ```
    /// use magic_runtime::{sets, default_bits, ByteLookupTables, Piece};
    /// let t = ByteLookupTables::<107_648>::new(
    ///     &sets::FANCY_ROOK, &default_bits(Piece::Rook), &sets::FANCY_BISHOP, &default_bits(Piece::Bishop),
    /// );
    /// assert_eq!(t.bishop(0, 0).count_ones(), 7);
    /// ```
    pub const fn new(
        rook_magics: &[u64; 64],
        rook_bits: &[u8; 64],
        bishop_magics: &[u64; 64],
        bishop_bits: &[u8; 64],
    ) -> Self {
        let (layout, len) = consecutive(
            HashKind::Magic,
            [rook_magics, bishop_magics],
            [rook_bits, bishop_bits],
        );
        let bytes = fill_pattern_bytes(&layout, "ByteLookupTables", Length::Sum(len));
        let (attacks, starts) = distinct_attacks();
        let hashes = FancyEntry::of(&layout);
        let mut squares = [[Entry {
            hash: hashes[0][0],
            first: 0,
        }; 64]; 2];
        let mut p = 0;
        while p < 2 {
            let mut sq = 0;
            while sq < 64 {
                squares[p][sq] = Entry {
                    hash: hashes[p][sq],
                    first: starts[p][sq] as usize,
                };
                sq += 1;
            }
            p += 1;
        }
        ByteLookupTables {
            squares,
            bytes,
            attacks,
        }
    }

    #[inline(always)]
    const fn lookup(&self, piece: usize, sq: usize, occ: u64) -> u64 {
        let e = &self.squares[piece][sq];
        let i = e.hash.slot(occ);
        // SAFETY: `new` checked every slot of every square is below `N`, and
        // filled every slot a relevant occupancy uses with the number of one
        // of the square's attack sets, listed from `first`.
        unsafe {
            *self
                .attacks
                .as_ptr()
                .add(e.first + *self.bytes.as_ptr().add(i) as usize)
        }
    }

    /// Rook attacks from `sq` (a1 = 0 ... h8 = 63) given the occupancy `occ`.
    ///
    /// ```
    /// # use magic_runtime::{sets, default_bits, ByteLookupTables, Piece};
    /// # let t = ByteLookupTables::<107_648>::new(&sets::FANCY_ROOK, &default_bits(Piece::Rook), &sets::FANCY_BISHOP, &default_bits(Piece::Bishop));
    /// assert_eq!(t.rook(7, !0), 1 << 6 | 1 << 15);
    /// ```
    #[inline(always)]
    pub const fn rook(&self, sq: usize, occ: u64) -> u64 {
        self.lookup(0, sq, occ)
    }

    /// Bishop attacks from `sq` given the occupancy `occ`.
    ///
    /// ```
    /// # use magic_runtime::{sets, default_bits, ByteLookupTables, Piece};
    /// # let t = ByteLookupTables::<107_648>::new(&sets::FANCY_ROOK, &default_bits(Piece::Rook), &sets::FANCY_BISHOP, &default_bits(Piece::Bishop));
    /// assert_eq!(t.bishop(7, !0), 1 << 14);
    /// ```
    #[inline(always)]
    pub const fn bishop(&self, sq: usize, occ: u64) -> u64 {
        self.lookup(1, sq, occ)
    }

    /// The magic factor of `piece` on `sq`.
    ///
    /// ```
    /// # use magic_runtime::{sets, default_bits, ByteLookupTables, Piece};
    /// # let t = ByteLookupTables::<107_648>::new(&sets::FANCY_ROOK, &default_bits(Piece::Rook), &sets::FANCY_BISHOP, &default_bits(Piece::Bishop));
    /// assert_eq!(t.magic(Piece::Rook, 0), sets::FANCY_ROOK[0]);
    /// ```
    #[inline(always)]
    pub const fn magic(&self, piece: Piece, sq: usize) -> u64 {
        self.squares[piece as usize][sq].hash.magic
    }

    /// Bytes of index table and attack list together: `N + 6,328 * 8`.
    ///
    /// ```
    /// # use magic_runtime::{sets, default_bits, ByteLookupTables, Piece};
    /// # let t = ByteLookupTables::<107_648>::new(&sets::FANCY_ROOK, &default_bits(Piece::Rook), &sets::FANCY_BISHOP, &default_bits(Piece::Bishop));
    /// assert!(t.footprint_bytes() <= 160 * 1024);
    /// ```
    #[inline(always)]
    pub const fn footprint_bytes(&self) -> usize {
        N + DISTINCT_ATTACK_SETS * 8
    }
}

impl_sliders!(
    ByteLookupTables<N>,
    "ByteLookupTables::<107_648>::new(&sets::FANCY_ROOK, &default_bits(Rook), &sets::FANCY_BISHOP, &default_bits(Bishop))"
);
