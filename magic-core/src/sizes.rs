//! Table sizes every side needs to agree on: fixed index bits, lengths and
//! the unit of offsets kept in magics.

/// Index bits of every rook sub-table in the fixed-shift schemes (plain,
/// fixed shift, black, offset in magic).
///
/// ```
/// assert_eq!(1 << magic_core::FIXED_ROOK_BITS, 4096);
/// ```
pub const FIXED_ROOK_BITS: u32 = 12;

/// Index bits of every bishop sub-table in the fixed-shift schemes.
///
/// ```
/// assert_eq!(1 << magic_core::FIXED_BISHOP_BITS, 512);
/// ```
pub const FIXED_BISHOP_BITS: u32 = 9;

/// Entries of a plain table: 64 x 4,096 rook and 64 x 512 bishop slots.
///
/// ```
/// assert_eq!(magic_core::PLAIN_LEN * 8, 2_359_296);
/// ```
pub const PLAIN_LEN: usize = (64 << FIXED_ROOK_BITS) + (64 << FIXED_BISHOP_BITS);

/// Entries of a fancy table at the default bits (popcount of each relevant
/// mask): 102,400 rook + 5,248 bishop, as [`fancy_table_len`] computes.
///
/// ```
/// use magic_core::{default_bits, fancy_table_len, Piece, DEFAULT_FANCY_LEN};
/// let len = fancy_table_len(&default_bits(Piece::Rook), &default_bits(Piece::Bishop));
/// assert_eq!(DEFAULT_FANCY_LEN, len);
/// ```
pub const DEFAULT_FANCY_LEN: usize = {
    let rook = crate::geometry::default_bits(crate::Piece::Rook);
    let bishop = crate::geometry::default_bits(crate::Piece::Bishop);
    fancy_table_len(&rook, &bishop)
};

/// Distinct attack sets of all squares, stored once each by byte-lookup
/// tables: 4,900 rook + 1,428 bishop.
///
/// ```
/// use magic_core::{distinct_attack_sets, Piece, DISTINCT_ATTACK_SETS};
/// let sum: u32 = Piece::ALL.iter().flat_map(|&p| (0..64).map(move |sq| distinct_attack_sets(p, sq))).sum();
/// assert_eq!(DISTINCT_ATTACK_SETS, sum as usize);
/// ```
pub const DISTINCT_ATTACK_SETS: usize = {
    let mut n = 0;
    let mut sq = 0;
    while sq < 64 {
        n += crate::geometry::distinct_attack_sets(crate::Piece::Rook, sq) as usize;
        n += crate::geometry::distinct_attack_sets(crate::Piece::Bishop, sq) as usize;
        sq += 1;
    }
    n
};

/// Offset-in-magic sub-tables start on multiples of this many entries: the
/// low 16 bits of a factor times this is the offset.
///
/// ```
/// assert_eq!(0x0003 * magic_core::OFFSET_UNIT, 24);
/// ```
pub const OFFSET_UNIT: usize = 8;

/// The number of entries of a fancy table with these bits per square: the
/// `N` of `FancyTables<N>`.
///
/// ```
/// use magic_core::fancy_table_len;
/// assert_eq!(fancy_table_len(&[12; 64], &[9; 64]), magic_core::PLAIN_LEN);
/// ```
pub const fn fancy_table_len(rook_bits: &[u8; 64], bishop_bits: &[u8; 64]) -> usize {
    sub_tables_len(rook_bits) + sub_tables_len(bishop_bits)
}

/// The entries of one piece's sub-tables laid one after the other, `2^bits`
/// each.
pub(crate) const fn sub_tables_len(bits: &[u8; 64]) -> usize {
    let mut n = 0;
    let mut sq = 0;
    while sq < 64 {
        n += 1usize << bits[sq];
        sq += 1;
    }
    n
}
