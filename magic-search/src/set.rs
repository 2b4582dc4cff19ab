//! Whole sets of 128 magics, one per scheme, and the shipped defaults.

use crate::pack::{pack, SlotRule, SubTable};
use crate::search::{search, square_stream, Occupancies, Scratch, SearchOptions};
use crate::shipped as sets;
use crate::{default_bits, Piece};
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
    /// The magic of each square (with the shift in the upper six bits for
    /// the schemes that read it from there).
    pub magics: PerSquare<u64>,
    /// Index bits per square.
    pub bits: PerSquare<u8>,
    /// Offset of each square's sub-table in the shared array.
    pub offsets: PerSquare<u32>,
    /// Entries of the shared array.
    pub len: usize,
}

impl MagicSet {
    /// Bytes of attack tables (`8 * len`).
    ///
    /// ```
    /// # use magic_search::{magic_set, Scheme, DEFAULT_SEED};
    /// let set = magic_set(Scheme::Plain, DEFAULT_SEED, None).unwrap();
    /// assert_eq!(set.table_bytes(), 2_359_296);
    /// ```
    pub fn table_bytes(&self) -> usize {
        self.len * 8
    }
}

/// The default index bits of a scheme: the popcount of each relevant mask,
/// or 12 and 9 everywhere for plain tables.
///
/// ```
/// use magic_search::{scheme_default_bits, Scheme};
/// assert_eq!(scheme_default_bits(Scheme::Plain)[0][27], 12);
/// assert_eq!(scheme_default_bits(Scheme::Fancy)[0][27], 10);
/// ```
pub fn scheme_default_bits(scheme: Scheme) -> PerSquare<u8> {
    match scheme {
        Scheme::Plain => [[12; 64], [9; 64]],
        _ => [default_bits(Piece::Rook), default_bits(Piece::Bishop)],
    }
}

/// The set of `scheme` for `seed` and `bits` (default bits when `None`):
/// the shipped set for [`DEFAULT_SEED`] at default bits, a search otherwise.
/// Both give the same magics; the tests check it.
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
    let defaults = scheme_default_bits(scheme);
    let bits = bits.unwrap_or(defaults);
    if seed == DEFAULT_SEED && bits == defaults {
        return Ok(shipped_set(scheme));
    }
    search_set(scheme, seed, bits, &SearchOptions::default())
}

/// The set shipped in `magic_runtime::sets` for a scheme.
///
/// ```
/// let set = magic_search::shipped_set(magic_search::Scheme::Shared);
/// assert_eq!(set.len, magic_runtime::SHARED_LEN);
/// ```
pub fn shipped_set(scheme: Scheme) -> MagicSet {
    let (magics, offsets) = match scheme {
        Scheme::Fancy => ([sets::FANCY_ROOK, sets::FANCY_BISHOP], None),
        Scheme::Plain => ([sets::PLAIN_ROOK, sets::PLAIN_BISHOP], None),
        Scheme::ShiftInMagic => (
            [sets::SHIFT_IN_MAGIC_ROOK, sets::SHIFT_IN_MAGIC_BISHOP],
            None,
        ),
        Scheme::Shared => (
            [sets::SHARED_ROOK, sets::SHARED_BISHOP],
            Some([sets::SHARED_ROOK_OFFSETS, sets::SHARED_BISHOP_OFFSETS]),
        ),
    };
    let bits = scheme_default_bits(scheme);
    let (offsets, len) = match offsets {
        Some(offsets) => (offsets, sets::SHARED_LEN),
        None => consecutive(&bits),
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
fn consecutive(bits: &PerSquare<u8>) -> (PerSquare<u32>, usize) {
    let mut offsets = [[0; 64]; 2];
    let mut next = 0usize;
    for p in 0..2 {
        for sq in 0..64 {
            offsets[p][sq] = next as u32;
            next += 1 << bits[p][sq];
        }
    }
    (offsets, next)
}

/// Searches a whole set for `scheme`, square by square, each from its own
/// stream of `seed`.
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
    let opts = SearchOptions {
        shift_in_magic: matches!(scheme, Scheme::ShiftInMagic | Scheme::Shared),
        ..opts.clone()
    };
    // Squares are independent (each has its own stream), so they are
    // searched on every core and the result does not depend on the split.
    let jobs: Vec<(usize, Piece, usize)> = Piece::ALL
        .into_iter()
        .enumerate()
        .flat_map(|(p, piece)| (0..64).map(move |sq| (p, piece, sq)))
        .collect();
    let threads = std::thread::available_parallelism()
        .map_or(1, usize::from)
        .min(jobs.len());
    let search_one = |&(p, piece, sq): &(usize, Piece, usize), scratch: &mut Scratch| {
        let b = u32::from(bits[p][sq]);
        let mut rng = square_stream(seed, piece, sq);
        search(&Occupancies::new(piece, sq), b, &mut rng, &opts, scratch).map_err(|tries| {
            SearchError {
                piece,
                square: sq,
                bits: b,
                tries,
            }
        })
    };
    // Thread t takes jobs t, t + threads, ...: rook and bishop squares mixed.
    let mut found: Vec<Option<Result<u64, SearchError>>> = vec![None; jobs.len()];
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let (jobs, search_one) = (&jobs, &search_one);
                scope.spawn(move || {
                    let mut scratch = Scratch::default();
                    (t..jobs.len())
                        .step_by(threads)
                        .map(|j| (j, search_one(&jobs[j], &mut scratch)))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        for h in handles {
            for (j, result) in h.join().expect("a search thread panicked") {
                found[j] = Some(result);
            }
        }
    });
    let mut magics = [[0; 64]; 2];
    for (&(p, _, sq), magic) in jobs.iter().zip(found) {
        magics[p][sq] = magic.expect("every job ran")?;
    }
    let (offsets, len) = match scheme {
        Scheme::Shared => pack_shared(&magics, &bits),
        _ => consecutive(&bits),
    };
    Ok(MagicSet {
        scheme,
        magics,
        bits,
        offsets,
        len,
    })
}

/// Packs the post-masked sub-tables of a shared set.
fn pack_shared(magics: &PerSquare<u64>, bits: &PerSquare<u8>) -> (PerSquare<u32>, usize) {
    let tables: Vec<SubTable> = Piece::ALL
        .into_iter()
        .enumerate()
        .flat_map(|(p, piece)| {
            (0..64).map(move |sq| SubTable::new(piece, sq, magics[p][sq], u32::from(bits[p][sq])))
        })
        .collect();
    let (flat, len) = pack(&tables, SlotRule::PostMasked);
    let mut offsets = [[0; 64]; 2];
    for (i, off) in flat.into_iter().enumerate() {
        offsets[i / 64][i % 64] = off;
    }
    (offsets, len)
}
