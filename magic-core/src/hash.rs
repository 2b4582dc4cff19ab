//! The index formulas: how each kind of magic turns an occupancy into a
//! slot of its square's sub-table. The search tests candidates with them,
//! and the fills visit occupancies with the same formulas written out per
//! square in `for_each_occupancy!` (`visit.rs`), without calls: const
//! evaluation pays for every call, and going through `SquareHash::slot`
//! there made a clean build of a seeded consumer 0.1 to 0.35 s slower.
//! The exhaustive tests walk every filled table through the lookups, so
//! the two cannot drift apart unseen.

use crate::geometry::{relevant_mask, Piece};

/// How an occupancy becomes an index of `bits` bits.
///
/// ```
/// use magic_core::Hash;
/// let (mask, magic) = (0b0110, 1u64 << 62);
/// // occ & mask = 0b0010: bit 1 times 2^62 lands on bit 63.
/// assert_eq!(Hash::Multiply.index(mask, magic, 2, 0b0010), 2);
/// // occ | !mask sets bit 0 too, which lands on bit 62.
/// assert_eq!(Hash::Black.index(mask, magic, 2, 0b0010), 3);
/// // PEXT packs the masked bits: bit 1 of the mask's two is set.
/// assert_eq!(Hash::Pext.index(mask, 0, 2, 0b0010), 1);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Hash {
    /// `((occ & mask) * magic) >> (64 - bits)`.
    #[default]
    Multiply,
    /// Black magics: `((occ | !mask) * magic) >> (64 - bits)`.
    Black,
    /// Two 32-bit products of the halves of `occ & mask` by the halves of
    /// the magic, xored, `>> (32 - bits)`.
    Split32,
    /// `pext(occ, mask)`: the relevant bits packed, no magic at all.
    Pext,
}

impl Hash {
    /// The index of `occ` inside its square's sub-table.
    ///
    /// ```
    /// use magic_core::Hash;
    /// assert_eq!(Hash::Split32.index(!0, 1 << 31, 1, 1), 1);
    /// ```
    #[inline(always)]
    pub const fn index(self, mask: u64, magic: u64, bits: u32, occ: u64) -> usize {
        (match self {
            // `multiply_index`, written out: const evaluation pays for
            // every call, and this runs for every occupancy of a table.
            Hash::Multiply => (occ & mask).wrapping_mul(magic) >> (64 - bits),
            Hash::Black => (occ | !mask).wrapping_mul(magic) >> (64 - bits),
            Hash::Split32 => {
                let o = occ & mask;
                let lo = (o as u32).wrapping_mul(magic as u32);
                let hi = ((o >> 32) as u32).wrapping_mul((magic >> 32) as u32);
                ((lo ^ hi) >> (32 - bits)) as u64
            }
            Hash::Pext => pext(occ, mask),
        }) as usize
    }
}

/// [`Hash::Multiply`] on an occupancy already masked, with the shift
/// (`64 - bits`) precomputed: the inner loop of the search.
///
/// ```
/// use magic_core::{multiply_index, Hash};
/// assert_eq!(multiply_index(0b10, 1 << 62, 62), 2);
/// // The same formula as the multiply hash, given the masked occupancy.
/// let (mask, magic, occ) = (0x7e, 0x0880_0080_4000_1020, 0x1234_5678_9abc_def0);
/// assert_eq!(multiply_index(occ & mask, magic, 64 - 12) as usize, Hash::Multiply.index(mask, magic, 12, occ));
/// ```
#[inline(always)]
pub const fn multiply_index(masked_occ: u64, magic: u64, shift: u32) -> u64 {
    masked_occ.wrapping_mul(magic) >> shift
}

/// [`Hash::Split32`] on an occupancy already masked, with the shift
/// (`32 - bits`) precomputed: the search's inner loop for `magic32`
/// tables. Each 32-bit half of the occupancy times the same half of the
/// magic, the products' exclusive or shifted.
///
/// ```
/// use magic_core::{split_index, Hash};
/// // The same formula as the split hash, given the masked occupancy.
/// let (mask, magic, occ) = (0x0001_0101_0101_017e, 0x0880_0080_4000_1020, 0x1234_5678_9abc_def0);
/// assert_eq!(split_index(occ & mask, magic, 32 - 12) as usize, Hash::Split32.index(mask, magic, 12, occ));
/// ```
#[inline(always)]
pub const fn split_index(masked_occ: u64, magic: u64, shift: u32) -> u32 {
    let lo = (masked_occ as u32).wrapping_mul(magic as u32);
    let hi = ((masked_occ >> 32) as u32).wrapping_mul((magic >> 32) as u32);
    (lo ^ hi) >> shift
}

/// How one square's occupancies map to slots of a shared array: its hash,
/// relevant mask, magic, index bits and the offset of its sub-table.
///
/// ```
/// use magic_core::{Hash, Piece, SquareHash};
/// let h = SquareHash::new(Hash::Pext, Piece::Rook, 0, 0, 12, 100);
/// assert_eq!(h.slot(0), 100);
/// assert_eq!(h.slot(1 << 1), 101); // b1, the lowest relevant square
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SquareHash {
    /// The index formula.
    pub hash: Hash,
    /// The relevant-occupancy mask.
    pub mask: u64,
    /// The magic factor (unused by PEXT).
    pub magic: u64,
    /// Index bits: the sub-table spans `2^bits` slots.
    pub bits: u32,
    /// Where the sub-table starts in the shared array.
    pub offset: usize,
}

impl SquareHash {
    /// A placeholder for arrays about to be filled.
    pub const EMPTY: SquareHash = SquareHash {
        hash: Hash::Multiply,
        mask: 0,
        magic: 0,
        bits: 1,
        offset: 0,
    };

    /// The hash of `piece` on `sq`, with the square's relevant mask.
    pub const fn new(
        hash: Hash,
        piece: Piece,
        sq: usize,
        magic: u64,
        bits: u32,
        offset: usize,
    ) -> Self {
        SquareHash {
            hash,
            mask: relevant_mask(piece, sq),
            magic,
            bits,
            offset,
        }
    }

    /// The index of `occ` inside this square's sub-table.
    #[inline(always)]
    pub const fn index(&self, occ: u64) -> usize {
        self.hash.index(self.mask, self.magic, self.bits, occ)
    }

    /// The slot of `occ` in the shared array: offset plus index.
    #[inline(always)]
    pub const fn slot(&self, occ: u64) -> usize {
        // Not through `index`: const evaluation pays for every call.
        self.offset + self.hash.index(self.mask, self.magic, self.bits, occ)
    }
}

/// Packs the bits of `x` selected by `mask` into the low bits, in order
/// (the BMI2 `pext` instruction, as a portable loop).
///
/// ```
/// assert_eq!(magic_core::pext(0b1010_1010, 0b1111_0000), 0b1010);
/// ```
pub const fn pext(x: u64, mut mask: u64) -> u64 {
    let mut packed = 0;
    let mut bit = 1;
    while mask != 0 {
        // The lowest bit of `mask`, without `wrapping_neg`: a call, which
        // const evaluation pays for. `!mask + 1` cannot overflow here.
        if x & mask & (!mask + 1) != 0 {
            packed |= bit;
        }
        mask &= mask - 1;
        bit <<= 1;
    }
    packed
}

/// Spreads the low bits of `x` over the set bits of `mask`, in order (the
/// BMI2 `pdep` instruction, as a portable loop).
///
/// ```
/// assert_eq!(magic_core::pdep(0b1010, 0b1111_0000), 0b1010_0000);
/// ```
pub const fn pdep(x: u64, mut mask: u64) -> u64 {
    let mut spread = 0;
    let mut bit = 1;
    while mask != 0 {
        if x & bit != 0 {
            spread |= mask & (!mask + 1);
        }
        mask &= mask - 1;
        bit <<= 1;
    }
    spread
}
