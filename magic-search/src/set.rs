//! Whole sets of 128 magics, one per scheme, and the shipped defaults.

use crate::pack::{pack_preferring, SubTable};
use crate::packed_set::search_and_pack;
use crate::search::{search_within, square_stream, Budget, Occupancies, Scratch, SearchOptions};
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
use std::ops::Range;

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
        Scheme::Pext | Scheme::PextPdep | Scheme::Hyperbola => ([[0; 64]; 2], None, None),
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
    if matches!(scheme, Scheme::FixedShift | Scheme::Black) {
        let (magics, offsets, len) = within(budget, search_and_pack(seed, &bits, &opts, budget))?;
        return within(
            budget,
            Ok(MagicSet {
                scheme,
                magics,
                bits,
                offsets,
                len,
            }),
        );
    }
    let shared = scheme == Scheme::Shared;
    let no_report = |_, _, _: &Occupancies| {};
    let magics = within(
        budget,
        search_squares(seed, &bits, !shared, &opts, budget, &no_report),
    )?;
    let mut set = MagicSet {
        scheme,
        magics,
        bits,
        offsets: [[0; 64]; 2],
        len: 0,
    };
    (set.offsets, set.len) = match shared {
        true => {
            let tables = set.sub_tables();
            let mut scratch = Scratch::default();
            let ((flat, len), adopted) =
                pack_preferring(&tables, SlotRule::PostMasked, budget, |t, attempt| {
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
                });
            for (t, magic) in adopted {
                set.magics[t / 64][t % 64] = magic;
            }
            let mut offsets = [[0; 64]; 2];
            for (i, off) in flat.into_iter().enumerate() {
                offsets[i / 64][i % 64] = off;
            }
            (offsets, len)
        }
        false => consecutive(scheme, &bits),
    };
    within(budget, Ok(set))
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

/// Offset-in-magic sets: square after square in [`placement`] order, each
/// sub-table starts at the first multiple of 8 after the last used entry of
/// the one before, and its magic is searched with that offset / 8 in its
/// low 16 bits. Those bits take part in the product (a rook on a1 needs
/// some of bits 4 to 15 for a7 to reach the index), so when an offset admits
/// no magic within [`UNIT_TRIES`] candidates, the sub-table moves on by 8
/// entries and the search goes on ([`first_unit_with_a_magic`]), for as
/// many units as the square's `max_tries` pays for.
fn offsets_in_magics(
    seed: u64,
    bits: PerSquare<u8>,
    opts: &SearchOptions,
    budget: Option<&Budget>,
) -> Result<MagicSet, SearchError> {
    let mut magics = [[0; 64]; 2];
    let mut offsets = [[0; 64]; 2];
    let mut end = 0usize;
    // An even number of units, as they are searched two at a time, with
    // at most `max_tries` candidates in all.
    let units = usize::try_from(opts.max_tries / UNIT_TRIES)
        .unwrap_or(usize::MAX)
        .clamp(2, UNITS)
        & !1;
    let tries = (opts.max_tries / units as u64).clamp(1, UNIT_TRIES);
    for (piece, sq) in placement() {
        let p = piece as usize;
        let b = u32::from(bits[p][sq]);
        let first = end.div_ceil(OFFSET_UNIT);
        let o = Occupancies::new(piece, sq);
        let rng = square_stream(seed, piece, sq);
        let found = first_unit_with_a_magic(&o, b, first..first + units, rng, tries, opts, budget);
        let (unit, magic) = found.ok_or(SearchError::Square {
            piece,
            square: sq,
            bits: b,
            tries: tries * units as u64,
        })?;
        let offset = unit * OFFSET_UNIT;
        magics[p][sq] = magic;
        offsets[p][sq] = offset as u32;
        end = offset + SubTable::new(piece, sq, magic, b).used_len();
    }
    Ok(MagicSet {
        scheme: Scheme::OffsetInMagic,
        magics,
        bits,
        offsets,
        len: end,
    })
}

/// The squares laid first in an offset-in-magic table, before the rest in
/// order (rooks a1 to h8, then bishops). Which low 16 bits admit a magic
/// depends on the square. For the bishops of d4, e4, d5 and e5 (9 bits),
/// 5 to 25% of the units 0 to 1,023 admit one within 300,000 candidates,
/// and about 1% of those from 33,792 to 35,071, where they fell when laid
/// after the 64 rooks; the rooks of a8 and h8 (12 bits) find theirs far
/// more often below unit 4,096 than past 28,000. With 293,000 candidates
/// for each unit, seeds 1 to 100 needed 6 to 32 million candidates
/// (14 million on average) laid in this order; laid in square order,
/// seeds 1 to 16 needed 75 to 147 million, and 7 of them went past the
/// macro's limit of 150 million. With [`UNIT_TRIES`], seeds 1 to 100 needed
/// 3.3 to 24 million (8.4 million on average); with candidates drawn by
/// the squares' shapes too ([`crate::Shape`]), at most 6.4 million (3.5
/// million on average), and their tables have 286,469 to 291,608 entries;
/// with units ruled out by their low bits alone ([`may_admit`]), the same
/// tables, after at most 6.0 million (3.2 million on average).
const LAID_FIRST: [(Piece, usize); 8] = [
    (Piece::Bishop, 27),
    (Piece::Bishop, 28),
    (Piece::Bishop, 35),
    (Piece::Bishop, 36),
    (Piece::Rook, 56),
    (Piece::Rook, 63),
    (Piece::Rook, 0),
    (Piece::Rook, 7),
];

/// Every square of both pieces once, in the order their sub-tables are
/// laid: [`LAID_FIRST`], then the others in order.
fn placement() -> impl Iterator<Item = (Piece, usize)> {
    let rest = Piece::ALL
        .into_iter()
        .flat_map(|piece| (0..64).map(move |sq| (piece, sq)))
        .filter(|square| !LAID_FIRST.contains(square));
    LAID_FIRST.into_iter().chain(rest)
}

/// The candidates an offset of a square gets before its sub-table moves on
/// by one unit (half of `max_tries` when that is less than twice this: a
/// square tries two units at least). A unit that admits no magic costs
/// them all, and most units that admit one give it within far fewer (half
/// of the squares of a seeded set within 200). Over seeds 1, 2, 7 and 42,
/// with 65,536 the unoptimised search of a set runs 6.2 G instructions in
/// all, against 13.3 G when each unit had 1/512 of the macro's limit
/// (293,000), and 7.2 G with 100,000; over seeds 1 to 100 its tables are
/// 0.3% longer (289,940 entries on average against 289,150), as
/// sub-tables move on a little more often.
const UNIT_TRIES: u64 = 65_536;

/// The most units a square's sub-table may move on: the low 16 bits hold
/// no more.
const UNITS: usize = 1 << 16;

/// The first unit of `units` for which `tries` candidates find a magic,
/// with the magic. Each unit's search draws its candidates from one output
/// of `rng`, the next unit's from the next, so the searches of two units
/// do not depend on each other. Units whose low bits admit no magic
/// ([`may_admit`]) are passed over at no cost; the others are taken two
/// at a time, on two threads, and the lower unit that finds one wins, as
/// if taken one by one. The higher unit's search counts against a budget
/// of its own, added to `budget` only when the lower finds nothing, as one
/// by one it would have been; when the lower finds one, or `budget` runs
/// out, the higher is called off.
fn first_unit_with_a_magic(
    o: &Occupancies,
    bits: u32,
    units: Range<usize>,
    mut rng: SplitMix64,
    tries: u64,
    opts: &SearchOptions,
    budget: Option<&Budget>,
) -> Option<(usize, u64)> {
    let (top, mut top_scratch) = (top_ranks(o), Scratch::default());
    // The units the low bits admit, each with its low bits and stream.
    let mut admitted = units.filter_map(move |unit| {
        let stream = rng.clone();
        rng.next_u64();
        let low = u16::try_from(unit).ok()?;
        may_admit(&top, low, bits, &mut top_scratch).then_some((unit, low, stream))
    });
    let search = |low: u16, mut rng: SplitMix64, scratch: &mut Scratch, budget: Option<&Budget>| {
        let opts = SearchOptions {
            low_bits: Some(low),
            max_tries: tries,
            ..opts.clone()
        };
        search_within(o, bits, &mut rng, &opts, scratch, budget).ok()
    };
    let (mut scratch, mut other_scratch) = (Scratch::default(), Scratch::default());
    while let Some((unit, low, this)) = admitted.next() {
        let Some((next_unit, next_low, next)) = admitted.next() else {
            // The last unit admitted, alone.
            return search(low, this, &mut scratch, budget).map(|magic| (unit, magic));
        };
        // A search counts at most `tries` candidates, each 1 (the multiply
        // hash): its own budget stops it only when called off.
        let own = Budget::new(tries);
        let other = &mut other_scratch;
        let (this, next) = std::thread::scope(|scope| {
            let next = scope.spawn(|| search(next_low, next, other, Some(&own)));
            let this = search(low, this, &mut scratch, budget);
            if this.is_some() || budget.is_some_and(Budget::exceeded) {
                own.exhaust();
            }
            (this, next.join().expect("a search thread panicked"))
        });
        if let Some(magic) = this {
            return Some((unit, magic));
        }
        // Past the limit, the square and the set fail, as one by one.
        if budget.is_some_and(|budget| budget.exceeded() || !budget.spend(own.used())) {
            return None;
        }
        if let Some(magic) = next {
            return Some((next_unit, magic));
        }
    }
    None
}

/// The occupancies of a square whose blockers are all on the seventh and
/// eighth ranks (squares 48 to 63). The product of such an occupancy with
/// a magic, modulo 2^64, is its product with the magic's low 16 bits
/// alone: every higher bit of the magic lands at 64 or above. So the low
/// bits that hold an offset fix where these occupancies hash to, before
/// any candidate is drawn ([`may_admit`]).
fn top_ranks(o: &Occupancies) -> Occupancies {
    o.only(|occ| occ & 0xffff_ffff_ffff == 0)
}

/// Whether a magic with `bits` index bits whose low 16 bits are `low` may
/// exist: not if two of the [`top_ranks`] occupancies with different
/// attack sets then land in one slot. This rules out, at no cost, a
/// quarter to a half of the offsets of the rooks on the eighth rank and a
/// third of those of the bishops on e4 and d5 (units 30,000 to 30,199 and
/// 0 to 199), each of which took all of [`UNIT_TRIES`] before.
fn may_admit(top: &Occupancies, low: u16, bits: u32, scratch: &mut Scratch) -> bool {
    scratch.is_magic(top, u64::from(low), 64 - bits)
}

#[cfg(test)]
mod tests {
    use super::{
        first_unit_with_a_magic, may_admit, placement, search_set_within, search_within, top_ranks,
    };
    use crate::search::{square_stream, Budget, Occupancies, Scratch, SearchOptions};
    use crate::{Piece, Scheme, SearchError, SplitMix64};

    /// The units both ways of searching take, from the first.
    const WINDOW: usize = 512;

    /// The units taken one by one, each search counting against `budget`.
    fn one_unit_after_another(
        o: &Occupancies,
        first: usize,
        mut rng: SplitMix64,
        tries: u64,
        budget: &Budget,
    ) -> Option<(usize, u64)> {
        let top = top_ranks(o);
        (first..first + WINDOW).find_map(|unit| {
            let low = u16::try_from(unit).ok()?;
            if !may_admit(&top, low, 9, &mut Scratch::default()) {
                // The stream moves on as the search would have moved it.
                rng.next_u64();
                return None;
            }
            let opts = SearchOptions {
                low_bits: Some(low),
                max_tries: tries,
                ..SearchOptions::default()
            };
            let found = search_within(o, 9, &mut rng, &opts, &mut Scratch::default(), Some(budget));
            found.ok().map(|magic| (unit, magic))
        })
    }

    #[test]
    fn an_offset_in_magic_square_tries_at_most_max_tries() {
        // Fewer tries than two units' share: the units share them.
        let opts = SearchOptions {
            max_tries: 100_000,
            ..SearchOptions::default()
        };
        let (scheme, budget) = (Scheme::OffsetInMagic, Budget::new(u64::MAX));
        let found = search_set_within(scheme, 4, scheme.default_bits(), &opts, Some(&budget));
        match found {
            Err(SearchError::Square { tries, .. }) => assert!(tries <= 100_000, "{tries}"),
            other => panic!("seed 4 finds no bishop d4 within 100,000 tries: {other:?}"),
        }
        assert!(budget.used() <= 100_000, "{}", budget.used());
    }

    #[test]
    fn low_bits_rule_out_only_units_without_a_magic() {
        // Rook f8 with 12 bits and bishop e4 with 9: every unit where
        // candidates find a magic is admitted, and some units are not.
        for (piece, sq, bits, units) in [
            (Piece::Rook, 61, 12, 30_000..30_064),
            (Piece::Bishop, 28, 9, 0..128),
        ] {
            let o = Occupancies::new(piece, sq);
            let top = top_ranks(&o);
            let mut scratch = Scratch::default();
            let mut ruled_out = 0;
            for unit in units {
                let low = u16::try_from(unit).unwrap();
                let admitted = may_admit(&top, low, bits, &mut scratch);
                ruled_out += usize::from(!admitted);
                let opts = SearchOptions {
                    low_bits: Some(low),
                    max_tries: 65_536,
                    ..SearchOptions::default()
                };
                let mut rng = square_stream(unit as u64, piece, sq);
                let found = search_within(&o, bits, &mut rng, &opts, &mut scratch, None);
                assert!(admitted || found.is_err(), "{piece:?} {sq}, unit {unit}");
            }
            assert!(ruled_out > 0, "{piece:?} {sq}");
        }
    }

    #[test]
    fn placement_lays_every_square_of_both_pieces_once() {
        let mut seen = [[0; 64]; 2];
        for (piece, sq) in placement() {
            seen[piece as usize][sq] += 1;
        }
        assert_eq!(seen, [[1; 64]; 2]);
    }

    #[test]
    fn two_units_at_a_time_find_and_count_what_one_at_a_time_does() {
        // A bishop on e4 finds magics only where the low bits of its
        // factor fall in narrow bands: from unit 32,800 the first is 32
        // units on (the lower of a pair), from 32,801 31 units on (the
        // higher), the units between mostly ruled out by their low bits
        // alone; with a limit, the budget runs out first.
        let o = Occupancies::new(Piece::Bishop, 28);
        let rng = square_stream(42, Piece::Bishop, 28);
        let opts = SearchOptions::default();
        let tries = 50_000;
        for (first, limit) in [(32_800, u64::MAX), (32_801, u64::MAX), (32_801, 10_000)] {
            let (alone, pairs) = (Budget::new(limit), Budget::new(limit));
            let expected = one_unit_after_another(&o, first, rng.clone(), tries, &alone);
            let units = first..first + WINDOW;
            let found =
                first_unit_with_a_magic(&o, 9, units, rng.clone(), tries, &opts, Some(&pairs));
            if limit == u64::MAX {
                assert!(found.is_some(), "from unit {first}");
                assert_eq!(found, expected, "from unit {first}");
                assert_eq!(pairs.used(), alone.used(), "from unit {first}");
            } else {
                // Past the limit the set fails whatever the square found.
                assert!(alone.exceeded() && pairs.exceeded(), "from unit {first}");
            }
        }
    }
}
