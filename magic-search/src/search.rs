//! Finding one magic for one square.

use crate::occupancies::Occupancies;
use crate::rng::{swap_by_hand, SparseCandidates, SplitMix64};
use crate::shapes::shape_for;
use crate::SearchError;
use crate::{Hash, Piece};
use magic_core::{multiply_index, split_index};
use std::sync::atomic::{AtomicU64, Ordering};

/// How hard and in which form to search.
///
/// ```
/// let opts = magic_search::SearchOptions::default();
/// assert_eq!(opts.max_tries, 100_000_000);
/// assert_eq!(opts.max_total_tries, None);
/// assert!(!opts.shift_in_magic);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchOptions {
    /// Candidates to try per square before giving up.
    pub max_tries: u64,
    /// Candidates to try over all squares of a set before giving up: a
    /// bound on the work of a whole search, whatever the bits and the
    /// per-square tries. Whether a set stays within it does not depend on
    /// how many threads search.
    pub max_total_tries: Option<u64>,
    /// The hash the magic is for.
    pub hash: Hash,
    /// Fix the upper six bits of every magic to `64 - bits`, for tables that
    /// read the shift from the magic.
    pub shift_in_magic: bool,
    /// Fix the low 16 bits of every magic to this value, for tables that read
    /// an offset from them.
    pub low_bits: Option<u16>,
}

impl Default for SearchOptions {
    fn default() -> Self {
        SearchOptions {
            max_tries: 100_000_000,
            max_total_tries: None,
            hash: Hash::Multiply,
            shift_in_magic: false,
            low_bits: None,
        }
    }
}

/// The random stream of one square: independent of the order squares are
/// searched in and of the threads, so sets stay reproducible.
///
/// ```
/// use magic_search::{square_stream, Piece};
/// assert_ne!(square_stream(1, Piece::Rook, 0), square_stream(1, Piece::Bishop, 0));
/// ```
pub fn square_stream(seed: u64, piece: Piece, sq: usize) -> SplitMix64 {
    let mut mix = SplitMix64::new(
        seed ^ ((piece as u64) << 6 | sq as u64).wrapping_mul(0xd1b5_4a32_d192_ed03),
    );
    SplitMix64::new(mix.next_u64())
}

/// Puts attack set `$id` in `$slot` (a place of `Scratch::stamps`) for
/// the candidate `$stamp`, unless the slot already holds another of this
/// candidate's attack sets: then runs `$refused`. The one slot rule of
/// `is_magic`, `fits` and `clashes`. A macro: as an `#[inline(always)]`
/// function it cost the unoptimised search (the proc-macro's) 4% more
/// instructions; and two branches rather than a `bool` to test, which
/// took 4.5% off the seed-42 offset-in-magic search's.
macro_rules! claim {
    ($slot:expr, $stamp:expr, $id:expr, or $refused:expr) => {{
        let slot = &mut $slot;
        if *slot < $stamp {
            *slot = $stamp | $id;
        } else if *slot != $stamp | $id {
            $refused;
        }
    }};
}

/// Returns from the function it stands in with the first of `$checks`
/// (occupancy, attack-set number) that `claim!` refuses in `$stamps` for
/// the candidate `$stamp`, each occupancy's slot given by
/// `$index(occ, $args...)`, or `None`: the body of the searches' clash
/// checks, once for every hash formula. A plain indexed loop, each step
/// written out, in a macro: this runs inside the proc-macro, which is
/// compiled unoptimised, where iterator adapters, calls (a closure's too)
/// and repeated index checks cost several times more (copying each check
/// into names of its own and breaking out of the loop cost the seed-42
/// fancy search 3% more instructions).
macro_rules! return_first_clash {
    ($stamps:expr, $stamp:expr, $checks:expr, $index:ident($($arg:expr),*)) => {{
        let stamps = $stamps.as_mut_slice();
        let checks: &[(u64, u64)] = $checks;
        let mut k = 0;
        while k < checks.len() {
            let check = &checks[k];
            claim!(
                stamps[$index(check.0, $($arg),*) as usize],
                $stamp,
                check.1,
                or return Some(k)
            );
            // No overflow check in the unoptimised macro: `k < checks.len()`.
            k = k.wrapping_add(1);
        }
        None
    }};
}

/// [`Hash::index`] with the occupancy first, as `return_first_clash!`
/// passes it.
#[inline(always)]
fn hash_index(occ: u64, hash: Hash, mask: u64, magic: u64, bits: u32) -> usize {
    hash.index(mask, magic, bits, occ)
}

/// Reusable scratch space: a stamp per slot, so that slots need no
/// clearing between candidates.
///
/// ```
/// use magic_search::{Occupancies, Piece, Scratch};
/// let mut scratch = Scratch::default();
/// // A magic of 0 sends every occupancy to slot 0.
/// assert!(!scratch.is_magic(&Occupancies::new(Piece::Rook, 0), 0, 52));
/// ```
#[derive(Clone, Debug, Default)]
pub struct Scratch {
    /// Per slot, the candidate that last wrote it (above bit 16) and the
    /// number of its attack set (below), so that one load and one
    /// comparison tell an empty slot, a constructive collision and a clash
    /// apart.
    stamps: Vec<u64>,
    /// The candidate counter of `stamps`, shifted 16 bits left.
    stamp: u64,
}

impl Scratch {
    /// Makes room for `2^bits` stamps and returns the next candidate's
    /// stamp, above every stamp written before.
    fn next_stamp(&mut self, bits: u32) -> u64 {
        let n = 1usize << bits;
        if self.stamps.len() < n {
            // A zeroed allocation, not `resize`, which writes slot by slot
            // in the unoptimised macro. Zero is below every stamp: the
            // slots written before need not be kept.
            self.stamps = vec![0; n];
        }
        self.stamp = self.stamp.wrapping_add(1 << 16);
        if self.stamp == 0 {
            // The counter wrapped: clear once, every 2^48 candidates.
            self.stamps.iter_mut().for_each(|s| *s = 0);
            self.stamp = 1 << 16;
        }
        self.stamp
    }

    /// Whether `magic` (with `shift`) maps the occupancies of `o` to slots
    /// without a destructive collision.
    ///
    /// ```
    /// use magic_search::{find_magic, Occupancies, Piece, Scratch, SearchOptions};
    /// let magic = find_magic(Piece::Bishop, 0, 6, 1, &SearchOptions::default()).unwrap();
    /// let mut s = Scratch::default();
    /// assert!(s.is_magic(&Occupancies::new(Piece::Bishop, 0), magic, 64 - 6));
    /// assert!(!s.is_magic(&Occupancies::new(Piece::Bishop, 0), 0, 64 - 6));
    /// ```
    pub fn is_magic(&mut self, o: &Occupancies, magic: u64, shift: u32) -> bool {
        self.first_clash(&o.checks, magic, shift).is_none()
    }

    /// Where in `checks` the first occupancy lands on a slot holding
    /// another attack set, if one does.
    fn first_clash(&mut self, checks: &[(u64, u64)], magic: u64, shift: u32) -> Option<usize> {
        let stamp = self.next_stamp(64 - shift);
        return_first_clash!(self.stamps, stamp, checks, multiply_index(magic, shift))
    }

    /// [`first_clash`](Self::first_clash) under the split 32-bit hash,
    /// `bits` bits: the `magic32` search's inner loop.
    fn first_split_clash(&mut self, checks: &[(u64, u64)], magic: u64, bits: u32) -> Option<usize> {
        let stamp = self.next_stamp(bits);
        let shift = 32 - bits;
        return_first_clash!(self.stamps, stamp, checks, split_index(magic, shift))
    }
}

impl Scratch {
    /// How many occupancies of `o` land on a slot already holding another
    /// attack set: 0 exactly for a magic. The cost a climbing hunt lowers.
    ///
    /// ```
    /// use magic_search::{Occupancies, Piece, Scratch};
    /// let o = Occupancies::new(Piece::Bishop, 0);
    /// // A magic of 0 puts all 64 occupancies in slot 0; 6 of the 7 attack sets clash.
    /// assert_eq!(Scratch::default().clashes(&o, 0, 58), 63);
    /// ```
    pub fn clashes(&mut self, o: &Occupancies, magic: u64, shift: u32) -> u32 {
        let stamp = self.next_stamp(64 - shift);
        let stamps = self.stamps.as_mut_slice();
        let mut clashes = 0;
        // In Carry-Rippler order: the occupancy that reaches a slot first
        // keeps it, and a climb's steps depend on which one that is.
        for (&occ, &id) in o.occupancies.iter().zip(&o.ids) {
            claim!(
                stamps[multiply_index(occ, magic, shift) as usize],
                stamp,
                id,
                or clashes += 1
            );
        }
        clashes
    }

    /// Whether `magic` hashes the occupancies of `o` with `hash` into `bits`
    /// bits without a destructive collision.
    ///
    /// ```
    /// use magic_search::{Hash, Occupancies, Piece, Scratch};
    /// let o = Occupancies::new(Piece::Bishop, 0);
    /// assert!(!Scratch::default().fits(&o, Hash::Black, 0, 6));
    /// ```
    pub fn fits(&mut self, o: &Occupancies, hash: Hash, magic: u64, bits: u32) -> bool {
        match hash {
            Hash::Multiply => self.is_magic(o, magic, 64 - bits),
            Hash::Split32 => self.first_split_clash(&o.checks, magic, bits).is_none(),
            Hash::Black | Hash::Pext => self.first_hash_clash(o, hash, magic, bits).is_none(),
        }
    }

    /// [`first_clash`](Self::first_clash) under any hash, through
    /// [`Hash::index`]: for the hashes whose searches do not run it on
    /// every candidate (black searches go through the multiply loop on
    /// `occ | !mask`; PEXT tables have no magic to search).
    fn first_hash_clash(
        &mut self,
        o: &Occupancies,
        hash: Hash,
        magic: u64,
        bits: u32,
    ) -> Option<usize> {
        let stamp = self.next_stamp(bits);
        return_first_clash!(
            self.stamps,
            stamp,
            &o.checks,
            hash_index(hash, o.mask, magic, bits)
        )
    }

    /// How many slots `magic` uses for the occupancies of `o` with `hash`
    /// into `bits` bits, or `None` if two attack sets meet in one: what
    /// [`fewer_slots`](crate::fewer_slots) lowers.
    #[cfg(feature = "tools")]
    pub(crate) fn used_slots(
        &mut self,
        o: &Occupancies,
        hash: Hash,
        magic: u64,
        bits: u32,
    ) -> Option<usize> {
        let stamp = self.next_stamp(bits);
        let stamps = self.stamps.as_mut_slice();
        let mut used = 0;
        for &(occ, id) in &o.checks {
            let slot = &mut stamps[hash.index(o.mask, magic, bits, occ)];
            // A slot not yet written for this candidate.
            used += usize::from(*slot < stamp);
            claim!(*slot, stamp, id, or return None);
        }
        Some(used)
    }
}

/// Searches a magic with `bits` index bits for `piece` on `sq`, from the
/// square's own stream of `seed`.
///
/// ```
/// use magic_search::{find_magic, Piece, SearchOptions};
/// let m = find_magic(Piece::Rook, 28, 10, 42, &SearchOptions::default()).unwrap();
/// assert_eq!(m, find_magic(Piece::Rook, 28, 10, 42, &SearchOptions::default()).unwrap());
/// ```
pub fn find_magic(
    piece: Piece,
    sq: usize,
    bits: u32,
    seed: u64,
    opts: &SearchOptions,
) -> Result<u64, SearchError> {
    let o = Occupancies::new(piece, sq);
    let mut rng = square_stream(seed, piece, sq);
    search(&o, bits, &mut rng, opts, &mut Scratch::default()).map_err(|tries| SearchError::Square {
        piece,
        square: sq,
        bits,
        tries,
    })
}

/// The search loop: sparse candidates, a cheap filter on the top byte of
/// `mask * magic`, and a collision check that stops at the first clash.
/// Returns the number of tries on failure.
///
/// ```
/// use magic_search::{search, Occupancies, Piece, Scratch, SearchOptions, SplitMix64};
/// let o = Occupancies::new(Piece::Bishop, 27);
/// let mut rng = SplitMix64::new(1);
/// let magic = search(&o, 9, &mut rng, &SearchOptions::default(), &mut Scratch::default()).unwrap();
/// assert!(Scratch::default().is_magic(&o, magic, 64 - 9));
/// ```
pub fn search(
    o: &Occupancies,
    bits: u32,
    rng: &mut SplitMix64,
    opts: &SearchOptions,
    scratch: &mut Scratch,
) -> Result<u64, u64> {
    search_within(o, bits, rng, opts, scratch, None)
}

/// Candidates counted over many searches (on any number of threads)
/// against a limit; a candidate of a hash without the multiply hash's
/// cheap filter (black, 32-bit split) counts four.
///
/// The searches of a set stay within it exactly when the candidates they
/// need add up to at most the limit, however the squares are spread over
/// threads, so the outcome is reproducible.
///
/// ```
/// let budget = magic_search::Budget::new(10);
/// assert!(budget.spend(10));
/// assert!(!budget.spend(1));
/// assert!(budget.exceeded());
/// ```
#[derive(Debug)]
pub struct Budget {
    limit: u64,
    used: AtomicU64,
}

impl Budget {
    /// A budget of `limit` candidates.
    pub fn new(limit: u64) -> Self {
        Budget {
            limit,
            used: AtomicU64::new(0),
        }
    }

    /// Counts `n` more candidates; whether the total is still within the
    /// limit.
    pub fn spend(&self, n: u64) -> bool {
        let before = self.used.fetch_add(n, Ordering::Relaxed);
        before.saturating_add(n) <= self.limit
    }

    /// Whether the candidates counted so far are more than the limit.
    pub fn exceeded(&self) -> bool {
        self.used.load(Ordering::Relaxed) > self.limit
    }

    /// The limit.
    pub fn limit(&self) -> u64 {
        self.limit
    }

    /// The candidates counted so far.
    pub fn used(&self) -> u64 {
        self.used.load(Ordering::Relaxed)
    }
}

/// Candidates counted against a [`Budget`] at a time: few enough that a
/// search past the limit stops soon, many enough to keep the shared
/// counter out of the inner loop.
const BUDGET_CHUNK: u64 = 4096;

/// [`search`], counting its candidates against `budget` and stopping once
/// the total passes its limit. Returns the number of tries on failure.
pub(crate) fn search_within(
    o: &Occupancies,
    bits: u32,
    rng: &mut SplitMix64,
    opts: &SearchOptions,
    scratch: &mut Scratch,
    budget: Option<&Budget>,
) -> Result<u64, u64> {
    search_near_within(o, bits, &[], rng, opts, scratch, budget)
}

/// Rounds of candidates near the neighbours' magics before random ones:
/// each round tries every neighbour's magic once, moved onto the square
/// ([`moved`]), the first round as it is, then by turns with the bits the
/// move left empty drawn at random and with one of the bits that matter
/// flipped. Over seeds 1, 2, 3, 7, 42 and 99, 78% of the squares of a
/// fancy set find their magic this way, after 158 candidates on average,
/// where random candidates take thousands to hundreds of thousands; the
/// others (mostly rooks on the first and eighth ranks, whose neighbours'
/// magics rarely carry over) go on to random candidates. Instructions of
/// the whole search, mean of those seeds, unoptimised: 585 M with 128
/// rounds, 525 M with 256, 554 M with 512, 621 M with 1,024 (all before
/// candidates were drawn by shapes; with them, a set for those seeds took
/// 6 to 9 ms in the unoptimised search with 256 rounds and 8 to 9 ms with
/// none).
const NEAR_ROUNDS: u64 = 256;

/// [`search_within`], trying first, for [`NEAR_ROUNDS`] rounds, the magics
/// found for neighbouring squares (`near`) moved onto the square searched.
/// Those candidates skip the cheap filter (a good one may fail it) and
/// count against `budget` as much as a candidate without the filter.
pub(crate) fn search_near_within(
    o: &Occupancies,
    bits: u32,
    near: &[Near],
    rng: &mut SplitMix64,
    opts: &SearchOptions,
    scratch: &mut Scratch,
    budget: Option<&Budget>,
) -> Result<u64, u64> {
    let mut search = SquareSearch::new(o, bits, rng, opts);
    let mut tries = 0;
    if !near.is_empty() {
        // Only the bits at and above the mask's lowest one can change an
        // index: flipping one of the others would change nothing.
        let matter = u64::from(64 - o.mask.trailing_zeros());
        // Each neighbour's magic moved once, not once a round.
        let starts: Vec<(u64, u64)> = near
            .iter()
            .map(|n| moved(n.magic & search.draws.keep, n.square, n.to))
            .collect();
        let mut found = None;
        'rounds: for round in 0..NEAR_ROUNDS {
            for &(magic, vacated) in &starts {
                if tries >= opts.max_tries {
                    break 'rounds;
                }
                tries += 1;
                let magic = match round {
                    0 => magic,
                    // The bits the move left empty, a quarter of them set
                    // at random...
                    _ if round % 2 == 1 && vacated != 0 => {
                        magic | rng.next_u64() & rng.next_u64() & vacated
                    }
                    // ... or one of the bits that matter flipped.
                    _ => magic ^ 1 << (rng.next_u64() % matter),
                };
                let magic = magic & search.draws.keep | search.draws.fixed;
                if search.accepts(o, scratch, magic) {
                    found = Some(magic);
                    break 'rounds;
                }
            }
        }
        let within = budget.is_none_or(|budget| budget.spend(tries * UNFILTERED_COST));
        if found.is_some() || !within {
            return found.ok_or(tries);
        }
    }
    let cost = candidate_cost(opts.hash);
    while tries < opts.max_tries {
        let start = tries;
        let found = search.next_magic(
            o,
            scratch,
            &mut tries,
            opts.max_tries.min(start + BUDGET_CHUNK),
        );
        // Every candidate counted once, found or not.
        let within = budget.is_none_or(|budget| budget.spend((tries - start) * cost));
        if let Some(magic) = found {
            return Ok(magic);
        }
        if !within {
            return Err(tries);
        }
    }
    Err(tries)
}

/// What one candidate counts against a [`Budget`]: the multiply hash
/// rejects most candidates on the top byte of `mask * magic` alone; the
/// others check occupancies for every candidate, about four times the
/// work.
fn candidate_cost(hash: Hash) -> u64 {
    match hash {
        Hash::Multiply => 1,
        Hash::Black | Hash::Split32 | Hash::Pext => UNFILTERED_COST,
    }
}

/// What a candidate that goes to the occupancies without the cheap filter
/// counts against a [`Budget`].
const UNFILTERED_COST: u64 = 4;

/// A magic already found for a square near the one searched.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Near {
    /// The magic.
    pub(crate) magic: u64,
    /// The square it is for.
    pub(crate) square: usize,
    /// The square searched.
    pub(crate) to: usize,
}

/// `magic` of square `from` shifted by the distance to `to`: the masks of
/// neighbouring squares are nearly each other's shifts (a file's squares
/// one rank up, a rank's one file along, but for the ends of the rays), so
/// the occupancies of `to` times the moved magic give nearly the products
/// of `from`'s. With the bits the shift left empty.
fn moved(magic: u64, from: usize, to: usize) -> (u64, u64) {
    if to >= from {
        let d = to - from;
        (magic >> d, !(!0 >> d))
    } else {
        let d = from - to;
        (magic << d, (1 << d) - 1)
    }
}

/// Whether no two of `checks` clash under `magic`. Occupancies that clash
/// for one candidate clash for many: the one that clashed moves one place
/// towards the front, so that the next candidates test it a little
/// earlier. One place, as the checks start in a good order
/// ([`check_order`](crate::occupancies)): moving halfway to the front took 8.3 M checks over
/// seeds 1 to 60 where one place takes 7.1 M.
fn clash_free(scratch: &mut Scratch, checks: &mut [(u64, u64)], magic: u64, shift: u32) -> bool {
    learn_from(checks, scratch.first_clash(checks, magic, shift))
}

/// [`clash_free`] under the split 32-bit hash with `bits` bits.
fn split_clash_free(
    scratch: &mut Scratch,
    checks: &mut [(u64, u64)],
    magic: u64,
    bits: u32,
) -> bool {
    learn_from(checks, scratch.first_split_clash(checks, magic, bits))
}

/// Whether no check clashed; if one did, it moves one place towards the
/// front.
#[inline(always)]
fn learn_from(checks: &mut [(u64, u64)], clash: Option<usize>) -> bool {
    match clash {
        None => true,
        Some(k) => {
            if k > 0 {
                swap_by_hand(checks, k, k - 1);
            }
            false
        }
    }
}

/// Moves `items[k]` to half its distance from the front.
pub(crate) fn halfway_to_front<T: Copy>(items: &mut [T], k: usize) {
    swap_by_hand(items, k, k / 2);
}

/// Whether `mask * magic` spreads enough bits into the top bytes to be
/// worth checking: the cheap filter every multiply candidate passes first.
#[inline(always)]
pub(crate) fn spreads(mask: u64, magic: u64, bits: u32) -> bool {
    top_bytes_spread(mask.wrapping_mul(magic), second_byte_ones(bits))
}

/// The bits [`spreads`] asks of the second byte of `mask * magic`.
#[inline(always)]
fn second_byte_ones(bits: u32) -> u8 {
    if bits >= 10 {
        4
    } else {
        0
    }
}

/// [`spreads`] on the product, with the second byte's bits worked out.
#[inline(always)]
fn top_bytes_spread(product: u64, second: u8) -> bool {
    BYTE_ONES[(product >> 56) as usize] >= 6 && BYTE_ONES[(product >> 48) as usize & 0xff] >= second
}

/// The bits set in each byte. A magic must spread the mask's bits into
/// the index, and a product `mask * magic` with few bits set at the top
/// rarely hashes well: a candidate goes on to the occupancies only with at
/// least six bits set in its top byte (Stockfish's filter) and four in the
/// next (the second byte's test takes 14% off the unoptimised search's
/// instructions, over seeds 1, 2, 3, 5, 7, 11, 42 and 99). A table, because counting
/// bits without a `popcnt` instruction takes a dozen steps in the
/// unoptimised macro, for every candidate.
static BYTE_ONES: [u8; 256] = {
    let mut ones = [0; 256];
    let mut byte = 0;
    while byte < 256 {
        ones[byte] = (byte as u8).count_ones() as u8;
        byte += 1;
    }
    ones
};

/// One search's candidates and what it has learnt: how it draws them,
/// and its own order of the checks.
pub(crate) struct SquareSearch {
    pub(crate) draws: Draws,
    /// This search's own order of the checks, which it changes as it
    /// learns.
    pub(crate) checks: Vec<(u64, u64)>,
}

/// How a search draws its candidates, and how far it has come: a copy
/// draws the same candidates from the same place on, so that two threads
/// can share one search's candidates ([`crate::partner`]).
#[derive(Clone, Copy)]
pub(crate) struct Draws {
    stream: SparseCandidates,
    hash: Hash,
    bits: u32,
    /// The bits a candidate keeps, and those set in every one.
    keep: u64,
    fixed: u64,
    /// The bits drawn one time in four, and one time in two (the square's
    /// [`Shape`](crate::Shape), if it has one).
    quarter: u64,
    half: u64,
}

impl SquareSearch {
    pub(crate) fn new(
        o: &Occupancies,
        bits: u32,
        rng: &mut SplitMix64,
        opts: &SearchOptions,
    ) -> Self {
        let (mut keep, mut fixed) = (!0u64, 0u64);
        if opts.shift_in_magic {
            keep &= (1 << 58) - 1;
            fixed |= u64::from(64 - bits) << 58;
        }
        if let Some(low) = opts.low_bits {
            keep &= !0xffff;
            fixed |= u64::from(low);
        }
        // Full-mask occupancies only: a search over a subset (`only`) is
        // not the problem the shape was sampled from.
        let full = o.occupancies.len() == 1 << o.mask.count_ones();
        let (mut quarter, mut half) = (0, 0);
        if let Some(shape) = shape_for(opts.hash, o.mask, bits).filter(|_| full) {
            // The bits the options fix stay as they are.
            fixed |= shape.set & keep;
            keep &= !(shape.clear | shape.set);
            (quarter, half) = (shape.quarter, shape.half);
        }
        SquareSearch {
            draws: Draws {
                stream: SparseCandidates::from_stream(rng),
                hash: opts.hash,
                bits,
                keep,
                fixed,
                quarter,
                half,
            },
            checks: search_checks(o, opts.hash),
        }
    }

    /// The first magic among the candidates after `*tries` and up to
    /// `end`, with `*tries` moved on past the candidates drawn.
    pub(crate) fn next_magic(
        &mut self,
        o: &Occupancies,
        scratch: &mut Scratch,
        tries: &mut u64,
        end: u64,
    ) -> Option<u64> {
        self.draws
            .next_magic(o, &mut self.checks, scratch, tries, end)
    }

    /// Whether `magic` hashes every occupancy of `o` without a clash,
    /// learning from the check that failed.
    fn accepts(&mut self, o: &Occupancies, scratch: &mut Scratch, magic: u64) -> bool {
        self.draws.accepts(o, &mut self.checks, scratch, magic)
    }
}

/// The checks of `o` as a search with `hash` makes them, in
/// [`check_order`](crate::occupancies).
pub(crate) fn search_checks(o: &Occupancies, hash: Hash) -> Vec<(u64, u64)> {
    let mut checks = o.checks.clone();
    if hash == Hash::Black {
        // The black index is the multiply index of `occ | !mask`.
        for check in &mut checks {
            check.0 |= !o.mask;
        }
    }
    checks
}

impl Draws {
    /// The hash the candidates are for.
    pub(crate) fn hash(&self) -> Hash {
        self.hash
    }

    /// [`SquareSearch::next_magic`], learning in `checks`.
    pub(crate) fn next_magic(
        &mut self,
        o: &Occupancies,
        checks: &mut [(u64, u64)],
        scratch: &mut Scratch,
        tries: &mut u64,
        end: u64,
    ) -> Option<u64> {
        while *tries < end {
            let magic = match self.hash {
                Hash::Multiply => self.next_spreading(o.mask, tries, end)?,
                _ => {
                    *tries += 1;
                    self.stream.next_shaped(self.quarter, self.half) & self.keep | self.fixed
                }
            };
            if self.accepts(o, checks, scratch, magic) {
                return Some(magic);
            }
        }
        None
    }

    /// Draws `n` candidates without looking at them: where the other
    /// thread looks.
    pub(crate) fn skip(&mut self, n: u64) {
        self.stream.skip(n);
    }

    /// [`SquareSearch::accepts`], learning in `checks`.
    fn accepts(
        &self,
        o: &Occupancies,
        checks: &mut [(u64, u64)],
        scratch: &mut Scratch,
        magic: u64,
    ) -> bool {
        match self.hash {
            Hash::Multiply | Hash::Black => clash_free(scratch, checks, magic, 64 - self.bits),
            Hash::Split32 => split_clash_free(scratch, checks, magic, self.bits),
            Hash::Pext => scratch.fits(o, Hash::Pext, magic, self.bits),
        }
    }

    /// The next candidate whose `mask * magic` has a top byte that spreads,
    /// if one comes before `end`. The loop most candidates end in: as few
    /// steps as it can, for the unoptimised macro.
    fn next_spreading(&mut self, mask: u64, tries: &mut u64, end: u64) -> Option<u64> {
        let (keep, fixed, second) = (self.keep, self.fixed, second_byte_ones(self.bits));
        let (quarter, half) = (self.quarter, self.half);
        let mut t = *tries;
        while t < end {
            // No overflow check: `t < end`.
            t = t.wrapping_add(1);
            let magic = self.stream.next_shaped(quarter, half) & keep | fixed;
            if top_bytes_spread(mask.wrapping_mul(magic), second) {
                *tries = t;
                return Some(magic);
            }
        }
        *tries = t;
        None
    }
}
