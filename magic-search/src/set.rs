//! Whole sets of 128 magics, one per scheme, and the shipped defaults.

use crate::occupancies::Occupancies;
use crate::offsets_in_magics::offsets_in_magics;
use crate::pack::SubTable;
use crate::packed_set::search_and_pack;
use crate::search::{search_within, square_stream, Budget, Scratch, SearchOptions};
use crate::shipped as sets;
use crate::squares::search_squares;
use crate::SlotRule;
use crate::{Piece, SplitMix64};
use crate::{Scheme, SearchError};

/// The seed of the shipped sets and of `magic_tables!` without `seed`.
pub use crate::shipped::DEFAULT_SEED;

/// Per piece (`[rook, bishop]`), per square.
///
/// ```
/// let bits: magic_search::PerSquare<u8> = magic_search::scheme_default_bits(magic_search::Scheme::Fancy);
/// assert_eq!((bits[0][0], bits[1][0]), (12, 6));
/// ```
pub type PerSquare<T> = [[T; 64]; 2];

use magic_core::{DISTINCT_ATTACK_SETS, OFFSET_UNIT};

/// 128 magics with everything a table of their scheme needs.
///
/// ```
/// use magic_search::{magic_set, Scheme, DEFAULT_SEED};
/// let set = magic_set(Scheme::Fancy, DEFAULT_SEED, None).unwrap();
/// assert_eq!(set.len, 107_648);
/// assert_eq!(set.bits[0][0], 12);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MagicSet {
    /// The scheme the set was searched for.
    pub scheme: Scheme,
    /// The magic of each square, as the scheme's table type takes it (shift
    /// or offset bits included where the scheme keeps them there; zero for
    /// schemes without magics).
    pub magics: PerSquare<u64>,
    /// Index bits per square.
    pub bits: PerSquare<u8>,
    /// Offset of each square's sub-table in the shared array.
    pub offsets: PerSquare<u32>,
    /// Entries of the shared array.
    pub len: usize,
}

impl MagicSet {
    /// Bytes of tables: `8 * len` for `u64` entries, `2 * len` for
    /// `pext_pdep`, the index bytes plus the 6,328 distinct attack sets for
    /// `byte_lookup`, nothing for `hyperbola`.
    ///
    /// ```
    /// # use magic_search::{magic_set, Scheme, DEFAULT_SEED};
    /// let set = magic_set(Scheme::Plain, DEFAULT_SEED, None).unwrap();
    /// assert_eq!(set.table_bytes(), 2_359_296);
    /// let set = magic_set(Scheme::ByteLookup, DEFAULT_SEED, None).unwrap();
    /// assert_eq!(set.table_bytes(), 107_648 + 6_328 * 8);
    /// ```
    pub fn table_bytes(&self) -> usize {
        match self.scheme {
            Scheme::ByteLookup => self.len + DISTINCT_ATTACK_SETS * 8,
            Scheme::PextPdep => self.len * 2,
            _ => self.len * 8,
        }
    }

    /// Each square's sub-table, rooks then bishops, for the scheme's hash
    /// (empty for schemes without magics).
    ///
    /// ```
    /// # use magic_search::{magic_set, Scheme, DEFAULT_SEED};
    /// let set = magic_set(Scheme::Black, DEFAULT_SEED, None).unwrap();
    /// assert_eq!(set.sub_tables().len(), 128);
    /// ```
    pub fn sub_tables(&self) -> Vec<SubTable> {
        if !self.scheme.has_magics() {
            return Vec::new();
        }
        Piece::ALL
            .into_iter()
            .enumerate()
            .flat_map(|(p, piece)| {
                (0..64).map(move |sq| {
                    SubTable::with_hash(
                        piece,
                        sq,
                        self.scheme.hash(),
                        self.magics[p][sq],
                        u32::from(self.bits[p][sq]),
                    )
                })
            })
            .collect()
    }
}

/// The default index bits of a scheme: the popcount of each relevant mask,
/// or 12 and 9 everywhere for the fixed-shift schemes.
///
/// ```
/// use magic_search::{scheme_default_bits, Scheme};
/// assert_eq!(scheme_default_bits(Scheme::Plain)[0][27], 12);
/// assert_eq!(scheme_default_bits(Scheme::Fancy)[0][27], 10);
/// ```
pub fn scheme_default_bits(scheme: Scheme) -> PerSquare<u8> {
    scheme.default_bits()
}

/// The set of `scheme` for `seed` and `bits` (default bits when `None`):
/// the shipped set for [`DEFAULT_SEED`] at default bits, a search otherwise.
/// Both give the same magics for the searched schemes; the tests check it.
/// The fixed-shift and black schemes ship the published sets instead.
///
/// ```
/// use magic_search::{magic_set, Scheme};
/// let a = magic_set(Scheme::Fancy, 99, None).unwrap();
/// let b = magic_set(Scheme::Fancy, 99, None).unwrap();
/// assert_eq!(a, b);
/// ```
pub fn magic_set(
    scheme: Scheme,
    seed: u64,
    bits: Option<PerSquare<u8>>,
) -> Result<MagicSet, SearchError> {
    magic_set_with(scheme, seed, bits, &SearchOptions::default())
}

/// [`magic_set`] with search options (a bound on the tries); the shipped
/// set is used whenever `seed` and `bits` are the defaults, whatever the
/// options.
///
/// ```
/// use magic_search::{magic_set_with, shipped_set, Scheme, SearchOptions, DEFAULT_SEED};
/// let opts = SearchOptions { max_tries: 10, ..SearchOptions::default() };
/// assert_eq!(magic_set_with(Scheme::Black, DEFAULT_SEED, None, &opts).unwrap(), shipped_set(Scheme::Black));
/// ```
pub fn magic_set_with(
    scheme: Scheme,
    seed: u64,
    bits: Option<PerSquare<u8>>,
    opts: &SearchOptions,
) -> Result<MagicSet, SearchError> {
    let budget = opts.max_total_tries.map(Budget::new);
    magic_set_within(scheme, seed, bits, opts, budget.as_ref())
}

/// [`magic_set_with`], a search counting against a shared `budget` (see
/// [`search_set_within`]).
///
/// ```
/// use magic_search::{magic_set_within, shipped_set, Budget, Scheme, SearchOptions, DEFAULT_SEED};
/// let budget = Budget::new(0);
/// // The shipped set needs no search, so no budget.
/// let set = magic_set_within(Scheme::Black, DEFAULT_SEED, None, &SearchOptions::default(), Some(&budget));
/// assert_eq!(set.unwrap(), shipped_set(Scheme::Black));
/// ```
pub fn magic_set_within(
    scheme: Scheme,
    seed: u64,
    bits: Option<PerSquare<u8>>,
    opts: &SearchOptions,
    budget: Option<&Budget>,
) -> Result<MagicSet, SearchError> {
    let bits = bits.unwrap_or(scheme_default_bits(scheme));
    if is_shipped(scheme, seed, &bits) {
        return Ok(shipped_set(scheme));
    }
    search_set_within(scheme, seed, bits, opts, budget)
}

/// Whether [`magic_set`] takes the set of `scheme` for `seed` and `bits`
/// from the shipped sets, without a search.
///
/// ```
/// use magic_search::{is_shipped, Scheme, DEFAULT_SEED};
/// assert!(is_shipped(Scheme::Fancy, DEFAULT_SEED, &Scheme::Fancy.default_bits()));
/// assert!(!is_shipped(Scheme::Fancy, 42, &Scheme::Fancy.default_bits()));
/// assert!(is_shipped(Scheme::Pext, 42, &Scheme::Pext.default_bits()));
/// ```
pub fn is_shipped(scheme: Scheme, seed: u64, bits: &PerSquare<u8>) -> bool {
    (seed == DEFAULT_SEED || !scheme.has_magics()) && *bits == scheme_default_bits(scheme)
}

/// The set shipped in `magic_core::sets` (re-exported as
/// `magic_runtime::sets`) for a scheme.
///
/// ```
/// let set = magic_search::shipped_set(magic_search::Scheme::Shared);
/// // 32 stacked rook pairs, 65,536 slots (the last may go unused); every
/// // bishop hides inside them.
/// assert!((65_536 - 64..=65_536).contains(&set.len));
/// ```
pub fn shipped_set(scheme: Scheme) -> MagicSet {
    let bits = scheme_default_bits(scheme);
    let (magics, offsets, len) = match scheme {
        Scheme::Fancy | Scheme::ByteLookup => ([sets::FANCY_ROOK, sets::FANCY_BISHOP], None, None),
        Scheme::Plain => ([sets::PLAIN_ROOK, sets::PLAIN_BISHOP], None, None),
        Scheme::ShiftInMagic => (
            [sets::SHIFT_IN_MAGIC_ROOK, sets::SHIFT_IN_MAGIC_BISHOP],
            None,
            None,
        ),
        Scheme::Magic32 => ([sets::MAGIC32_ROOK, sets::MAGIC32_BISHOP], None, None),
        Scheme::Shared => (
            [sets::SHARED_ROOK, sets::SHARED_BISHOP],
            Some([sets::SHARED_ROOK_OFFSETS, sets::SHARED_BISHOP_OFFSETS]),
            Some(sets::SHARED_LEN),
        ),
        Scheme::FixedShift => (
            [sets::FIXED_SHIFT_ROOK, sets::FIXED_SHIFT_BISHOP],
            Some([
                sets::FIXED_SHIFT_ROOK_OFFSETS,
                sets::FIXED_SHIFT_BISHOP_OFFSETS,
            ]),
            Some(sets::FIXED_SHIFT_LEN),
        ),
        Scheme::Black => (
            [sets::BLACK_ROOK, sets::BLACK_BISHOP],
            Some([sets::BLACK_ROOK_OFFSETS, sets::BLACK_BISHOP_OFFSETS]),
            Some(sets::BLACK_LEN),
        ),
        Scheme::OffsetInMagic => {
            let magics = [sets::OFFSET_IN_MAGIC_ROOK, sets::OFFSET_IN_MAGIC_BISHOP];
            let offsets = magics.map(|m| m.map(|f| ((f & 0xffff) as usize * OFFSET_UNIT) as u32));
            (magics, Some(offsets), Some(sets::OFFSET_IN_MAGIC_LEN))
        }
        Scheme::Pext | Scheme::PextPdep | Scheme::PextLines | Scheme::Hyperbola => {
            ([[0; 64]; 2], None, None)
        }
    };
    let (offsets, len) = match (offsets, len) {
        (Some(offsets), Some(len)) => (offsets, len),
        _ => consecutive(scheme, &bits),
    };
    MagicSet {
        scheme,
        magics,
        bits,
        offsets,
        len,
    }
}

/// Offsets of sub-tables laid one after the other, rooks first.
pub(crate) fn consecutive(scheme: Scheme, bits: &PerSquare<u8>) -> (PerSquare<u32>, usize) {
    let mut offsets = [[0; 64]; 2];
    let mut next = 0usize;
    if scheme == Scheme::Hyperbola {
        return (offsets, 0);
    }
    for p in 0..2 {
        for sq in 0..64 {
            offsets[p][sq] = next as u32;
            next += 1 << bits[p][sq];
        }
    }
    (offsets, next)
}

/// Searches a whole set for `scheme`, each square from its own stream of
/// `seed` (first near the magics found for its neighbours, where the
/// sub-tables are not packed), and lays the sub-tables out as the scheme
/// needs: one after the other, packed so that they overlap (fixed shift,
/// black, shared), or one after the other with each offset in its magic.
///
/// ```
/// use magic_search::{search_set, scheme_default_bits, Scheme, SearchOptions};
/// let set = search_set(Scheme::ShiftInMagic, 5, scheme_default_bits(Scheme::ShiftInMagic),
///     &SearchOptions::default()).unwrap();
/// assert_eq!(set.magics[0][0] >> 58, 64 - 12);
/// ```
pub fn search_set(
    scheme: Scheme,
    seed: u64,
    bits: PerSquare<u8>,
    opts: &SearchOptions,
) -> Result<MagicSet, SearchError> {
    let budget = opts.max_total_tries.map(Budget::new);
    search_set_within(scheme, seed, bits, opts, budget.as_ref())
}

/// [`search_set`] counting its candidates against `budget`, which several
/// searches can share: a set fails with [`SearchError::Total`] when the
/// budget's limit is passed during its search, by it or by the searches
/// before it.
///
/// ```
/// use magic_search::{search_set_within, Budget, Scheme, SearchError, SearchOptions};
/// let budget = Budget::new(1_000);
/// let bits = Scheme::Fancy.default_bits();
/// let err = search_set_within(Scheme::Fancy, 1, bits, &SearchOptions::default(), Some(&budget));
/// assert_eq!(err.unwrap_err(), SearchError::Total { limit: 1_000 });
/// ```
pub fn search_set_within(
    scheme: Scheme,
    seed: u64,
    bits: PerSquare<u8>,
    opts: &SearchOptions,
    budget: Option<&Budget>,
) -> Result<MagicSet, SearchError> {
    let opts = SearchOptions {
        shift_in_magic: scheme.shift_in_magic(),
        hash: scheme.hash(),
        ..opts.clone()
    };
    if !scheme.has_magics() {
        let (offsets, len) = consecutive(scheme, &bits);
        return Ok(MagicSet {
            scheme,
            magics: [[0; 64]; 2],
            bits,
            offsets,
            len,
        });
    }
    if scheme == Scheme::OffsetInMagic {
        return within(budget, offsets_in_magics(seed, bits, &opts, budget));
    }
    // Sets whose sub-tables are packed search each square on its own:
    // magics found near their neighbours' give sub-tables alike, which
    // pack worse. Over seeds 1 to 100, three shared sets went over the
    // rooks' 65,536 entries (none do without); seeded black and
    // fixed-shift sets took 10 to 30% longer to search and pack.
    let packed = match scheme {
        Scheme::FixedShift | Scheme::Black => {
            search_and_pack(seed, &bits, SlotRule::Exact, &opts, budget, |_, _| None)
        }
        Scheme::Shared => {
            let mut scratch = Scratch::default();
            // A sub-table that would lengthen the array gets other magics
            // of its square, drawn from streams of their own.
            let alternative = |t: usize, attempt| {
                let (piece, sq) = (Piece::ALL[t / 64], t % 64);
                let b = u32::from(bits[t / 64][sq]);
                if piece == Piece::Rook && !hides_in_partner(&bits[0], sq) {
                    return None;
                }
                let mut rng = alternative_stream(seed, piece, sq, attempt);
                let o = Occupancies::new(piece, sq);
                let magic = search_within(&o, b, &mut rng, &opts, &mut scratch, budget).ok()?;
                Some((
                    SubTable::with_hash(piece, sq, scheme.hash(), magic, b),
                    magic,
                ))
            };
            search_and_pack(
                seed,
                &bits,
                SlotRule::PostMasked,
                &opts,
                budget,
                alternative,
            )
        }
        _ => {
            let no_report = |_, _, _: &Occupancies| {};
            let magics = search_squares(seed, &bits, true, &opts, budget, &no_report);
            within(budget, magics).map(|magics| {
                let (offsets, len) = consecutive(scheme, &bits);
                (magics, offsets, len)
            })
        }
    };
    let (magics, offsets, len) = within(budget, packed)?;
    within(
        budget,
        Ok(MagicSet {
            scheme,
            magics,
            bits,
            offsets,
            len,
        }),
    )
}

/// Whether the shared scheme puts the rook sub-table of `sq` inside that
/// of its partner, the diagonally adjacent square of its 2 by 2 block
/// (a1 with b2, b1 with a2): the partner's is larger, or as large and laid
/// first. The larger of each pair makes the array; every other sub-table,
/// bishops too, should fit inside.
fn hides_in_partner(rook_bits: &[u8; 64], sq: usize) -> bool {
    let partner = sq ^ 9;
    (rook_bits[partner], sq) > (rook_bits[sq], partner)
}

/// The stream of a square's `attempt`-th alternative magic, apart from
/// its first stream and from every other square's.
fn alternative_stream(seed: u64, piece: Piece, sq: usize, attempt: u32) -> SplitMix64 {
    let base = square_stream(seed, piece, sq).next_u64();
    SplitMix64::new(base ^ u64::from(attempt).wrapping_mul(0xa076_1d64_78bd_642f))
}

/// The result of a search that counted against `budget`: past the limit,
/// squares stop early and their own errors say nothing.
fn within<T>(budget: Option<&Budget>, result: Result<T, SearchError>) -> Result<T, SearchError> {
    match budget {
        Some(budget) if budget.exceeded() => Err(SearchError::Total {
            limit: budget.limit(),
        }),
        _ => result,
    }
}
