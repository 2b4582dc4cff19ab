//! Hunting magics with fewer index bits than a square's mask has bits.
//!
//! A hunt splits each target's work into numbered chunks, each drawn from
//! its own stream of the seed, in four kinds by turns. The first tests
//! random candidates. The second climbs: from a random start, it flips bits
//! of the magic while the number of clashing occupancies does not grow,
//! which finds fewer-bit magics that random candidates practically never
//! hit (a 10-bit rook on b8). The third and fourth fix the magic's bits one
//! by one from the lowest, cutting off a prefix as soon as the occupancies
//! it decides clash ([`prefix_walk`]), leaning by turns as [`Lean::Even`],
//! [`Lean::NegatedSparse`], [`Lean::OnesFrom`] the top 10 bits that matter
//! and, twice, the top 13: they find the record rooks of the seventh and
//! eighth ranks in seconds to minutes, h7's in about twenty. A target's
//! result is the first magic in chunk order, so it does not depend on how
//! many threads ran the chunks or how often the hunt was stopped and
//! resumed: the state is only the next chunk of each target and what was
//! found.

use crate::occupancies::Occupancies;
use crate::prefix::{prefix_walk, Lean, PREFIX_NODES};
use crate::rng::SplitMix64;
use crate::search::Scratch;
use crate::{distinct_attack_sets, parse_square, relevant_mask, square_name, Piece};

/// Candidates per random chunk: a few tens of milliseconds of work.
pub const HUNT_CHUNK: u64 = 1 << 20;

/// Magics evaluated per climbing chunk; each evaluation hashes every
/// occupancy, so this is about as much work as a random chunk.
pub const CLIMB_CHUNK: u64 = 1 << 12;

/// Flips in a row that bring no fewer clashes before a climb starts afresh.
const PATIENCE: u32 = 300;

/// One square to find a magic for, with the index bits wanted.
///
/// ```
/// use magic_search::{HuntTarget, Piece};
/// let t: HuntTarget = "bishop,b1,4".parse().unwrap();
/// assert_eq!(t, HuntTarget { piece: Piece::Bishop, square: 1, bits: 4 });
/// assert_eq!(t.to_string(), "bishop,b1,4");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct HuntTarget {
    /// The piece.
    pub piece: Piece,
    /// The square, a1 = 0.
    pub square: usize,
    /// Index bits of the magic sought.
    pub bits: u8,
}

impl HuntTarget {
    /// The fewest bits that can tell the square's distinct attack sets apart.
    ///
    /// ```
    /// use magic_search::{HuntTarget, Piece};
    /// // A rook on b8 has 7 * 6 = 42 distinct attack sets: 6 bits at least.
    /// assert_eq!(HuntTarget { piece: Piece::Rook, square: 57, bits: 10 }.min_bits(), 6);
    /// ```
    pub fn min_bits(&self) -> u8 {
        let sets = distinct_attack_sets(self.piece, self.square);
        (u32::BITS - (sets - 1).leading_zeros()) as u8
    }

    /// The first magic chunk `chunk` finds, if any: chunks 0, 4, 8, ... test
    /// [`HUNT_CHUNK`] random candidates, chunks 1, 5, 9, ... climb, and the
    /// others walk the magic's bits from the lowest ([`PREFIX_NODES`]
    /// nodes). Walks lean by turns (chunks 2, 3, 6, 7, ... are walks 0, 1,
    /// 2, 3, ...): [`Lean::Even`] (walks 0, 5, 10, ...),
    /// [`Lean::NegatedSparse`] (1, 6, ...), [`Lean::OnesFrom`] the top 10
    /// (2, 7, ...) and the top 13 (3, 4, 8, 9, ...) of the bits that
    /// matter, `64 - lsb(mask)`. Half the chunks walk, and the top 13 get
    /// two turns in five, because the record rook of h7 takes thousands of
    /// such walks.
    ///
    /// ```
    /// use magic_search::{HuntTarget, Occupancies, Piece, Scratch};
    /// let t = HuntTarget { piece: Piece::Bishop, square: 1, bits: 5 };
    /// let o = Occupancies::new(t.piece, t.square);
    /// let magic = t.chunk(&o, 1, 0, &mut Scratch::default()).unwrap();
    /// assert!(Scratch::default().is_magic(&o, magic, 64 - 5));
    /// ```
    pub fn chunk(
        &self,
        o: &Occupancies,
        seed: u64,
        chunk: u64,
        scratch: &mut Scratch,
    ) -> Option<u64> {
        let mut rng = self.stream(seed, chunk);
        let shift = 64 - u32::from(self.bits);
        match chunk % 4 {
            1 => return climb(o, shift, &mut rng, scratch),
            walk @ (2 | 3) => {
                let matter = 64 - o.mask.trailing_zeros() as u8;
                let lean = match (chunk / 4 * 2 + walk - 2) % 5 {
                    0 => Lean::Even,
                    1 => Lean::NegatedSparse,
                    2 => Lean::OnesFrom(matter - 10),
                    _ => Lean::OnesFrom(matter - 13),
                };
                return prefix_walk(o, u32::from(self.bits), lean, &mut rng, PREFIX_NODES);
            }
            _ => {}
        }
        (0..HUNT_CHUNK).find_map(|k| {
            let magic = candidate(&mut rng, k);
            scratch.is_magic(o, magic, shift).then_some(magic)
        })
    }

    /// The random stream of one chunk.
    fn stream(&self, seed: u64, chunk: u64) -> SplitMix64 {
        let key = (self.piece as u64) << 14 | (self.square as u64) << 8 | u64::from(self.bits);
        let mut mix = SplitMix64::new(seed ^ key.wrapping_mul(0x9fb2_1c65_1e98_df25));
        let base = mix.next_u64();
        SplitMix64::new(SplitMix64::new(base ^ chunk).next_u64())
    }
}

/// Candidates tried before chunk `chunk`: random chunks count their
/// candidates, climbing chunks their evaluations, walks their nodes.
///
/// ```
/// use magic_search::{tries_before, CLIMB_CHUNK, HUNT_CHUNK, PREFIX_NODES};
/// // Chunks 0 and 4 random, 1 climbing, 2 and 3 walks.
/// assert_eq!(tries_before(5), 2 * HUNT_CHUNK + CLIMB_CHUNK + 2 * PREFIX_NODES);
/// ```
pub fn tries_before(chunk: u64) -> u64 {
    let walks = (chunk + 1) / 4 + chunk / 4;
    chunk.div_ceil(4) * HUNT_CHUNK + (chunk + 2) / 4 * CLIMB_CHUNK + walks * PREFIX_NODES
}

/// Hill climbing over the bits of the magic, [`CLIMB_CHUNK`] evaluations.
///
/// Occupancies that lie wholly in the top byte (a rook's rank on rank 8)
/// multiply only the magic's low byte, and their part of the index is the
/// low byte's alone; so a start first draws a low byte under which they
/// hash without a clash, and the climb leaves it alone.
fn climb(o: &Occupancies, shift: u32, rng: &mut SplitMix64, scratch: &mut Scratch) -> Option<u64> {
    const LOW: u64 = 0xff;
    let top = o.only(|occ| occ & !(LOW << 56) == 0);
    let fixed = if o.mask >> 56 != 0 { LOW } else { 0 };
    let free_bit = |rng: &mut SplitMix64| loop {
        let b = rng.next_u64() % 64;
        if fixed >> b & 1 == 0 {
            return 1u64 << b;
        }
    };
    let mut evals = 0;
    while evals < CLIMB_CHUNK {
        let mut magic = rng.next_u64();
        if fixed != 0 {
            while !scratch.is_magic(&top, magic, shift) {
                magic = magic & !fixed | rng.next_u64() & fixed;
                evals += 1;
                if evals >= CLIMB_CHUNK {
                    return None;
                }
            }
        }
        let mut clashes = scratch.clashes(o, magic, shift);
        evals += 1;
        let mut stale = 0;
        while clashes > 0 && stale < PATIENCE && evals < CLIMB_CHUNK {
            let mut next = magic ^ free_bit(rng);
            if rng.next_u64() % 4 == 0 {
                next ^= free_bit(rng);
            }
            let c = scratch.clashes(o, next, shift);
            evals += 1;
            stale = if c < clashes { 0 } else { stale + 1 };
            if c <= clashes {
                (magic, clashes) = (next, c);
            }
        }
        if clashes == 0 {
            return Some(magic);
        }
    }
    None
}

/// Candidate `k` of a chunk: dense, two-draw and three-draw candidates in
/// turn. Dense magics find fewer-bit indices far more often than the sparse
/// ones that suit the default bits.
fn candidate(rng: &mut SplitMix64, k: u64) -> u64 {
    match k % 3 {
        0 => rng.next_u64(),
        1 => rng.next_u64() & rng.next_u64(),
        _ => rng.sparse(),
    }
}

impl core::fmt::Display for HuntTarget {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let (p, sq) = (self.piece.name(), square_name(self.square));
        write!(f, "{p},{sq},{}", self.bits)
    }
}

impl HuntTarget {
    /// The target `piece` on `square` with `bits` given as text, checked
    /// to be a number the square can have: at least
    /// [`min_bits`](Self::min_bits), at most its mask's bits.
    ///
    /// ```
    /// use magic_search::{HuntTarget, Piece};
    /// assert_eq!(HuntTarget::with_bits(Piece::Rook, 57, "10").unwrap().bits, 10);
    /// assert!(HuntTarget::with_bits(Piece::Rook, 57, "12").is_err()); // the mask has 11
    /// assert!(HuntTarget::with_bits(Piece::Rook, 57, "ten").is_err());
    /// ```
    pub fn with_bits(piece: Piece, square: usize, bits: &str) -> Result<Self, String> {
        let bits: u8 = bits
            .parse()
            .map_err(|_| format!("bits must be a number: `{bits}`"))?;
        let target = HuntTarget {
            piece,
            square,
            bits,
        };
        let max = relevant_mask(piece, square).count_ones() as u8;
        if bits < target.min_bits() || bits > max {
            return Err(format!(
                "{bits} bits is out of range for a {} on {}: use {} to {max}",
                piece.name(),
                square_name(square),
                target.min_bits()
            ));
        }
        Ok(target)
    }
}

impl core::str::FromStr for HuntTarget {
    type Err = String;

    /// `piece,square,bits`, the square by name (`b8`) or number (`57`).
    fn from_str(s: &str) -> Result<Self, String> {
        let fields: Vec<&str> = s.split(',').map(str::trim).collect();
        let [piece, square, bits] = fields[..] else {
            return Err(format!(
                "expected piece,square,bits like `rook,b8,10`: `{s}`"
            ));
        };
        target_from_fields(piece, square, bits)
    }
}

/// A target from its three fields as written: piece, square (by name or
/// number) and bits.
pub(crate) fn target_from_fields(
    piece: &str,
    square: &str,
    bits: &str,
) -> Result<HuntTarget, String> {
    HuntTarget::with_bits(parse_piece(piece)?, parse_target_square(square)?, bits)
}

/// A square by name (`b8`) or number (`57`).
///
/// ```
/// assert_eq!(magic_search::parse_target_square("b8"), Ok(57));
/// assert_eq!(magic_search::parse_target_square("57"), Ok(57));
/// assert!(magic_search::parse_target_square("64").is_err());
/// ```
pub fn parse_target_square(s: &str) -> Result<usize, String> {
    parse_square(s)
        .or_else(|| s.parse().ok().filter(|&sq| sq < 64))
        .ok_or_else(|| format!("unknown square `{s}`; use a1 to h8 or 0 to 63"))
}

/// `rook` or `bishop`.
///
/// ```
/// assert_eq!(magic_search::parse_piece("rook"), Ok(magic_search::Piece::Rook));
/// assert!(magic_search::parse_piece("queen").is_err());
/// ```
pub fn parse_piece(s: &str) -> Result<Piece, String> {
    Piece::ALL
        .into_iter()
        .find(|p| p.name() == s)
        .ok_or_else(|| format!("unknown piece `{s}`; use rook or bishop"))
}

/// Where one target stands.
///
/// ```
/// use magic_search::{HuntProgress, HuntTarget};
/// let p = HuntProgress::new("rook,b8,10".parse().unwrap());
/// assert_eq!((p.next_chunk, p.found), (0, None));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HuntProgress {
    /// What is sought.
    pub target: HuntTarget,
    /// The first chunk not yet searched.
    pub next_chunk: u64,
    /// The magic found, once found.
    pub found: Option<u64>,
}

impl HuntProgress {
    /// A target not yet searched.
    ///
    /// ```
    /// # use magic_search::HuntProgress;
    /// assert_eq!(HuntProgress::new("bishop,a1,5".parse().unwrap()).tries(), 0);
    /// ```
    pub fn new(target: HuntTarget) -> Self {
        HuntProgress {
            target,
            next_chunk: 0,
            found: None,
        }
    }

    /// Candidates tried so far (whole chunks, see [`tries_before`]).
    ///
    /// ```
    /// # use magic_search::{HuntProgress, CLIMB_CHUNK, HUNT_CHUNK, PREFIX_NODES};
    /// let mut p = HuntProgress::new("bishop,a1,5".parse().unwrap());
    /// p.next_chunk = 3;
    /// assert_eq!(p.tries(), HUNT_CHUNK + CLIMB_CHUNK + PREFIX_NODES);
    /// ```
    pub fn tries(&self) -> u64 {
        tries_before(self.next_chunk)
    }
}

/// The part of a hunt one machine runs: shard `index` of `count` searches
/// the chunks whose number leaves remainder `index` when divided by
/// `count`. A job array runs shards `0/n` to `n-1/n` anywhere, and
/// [`HuntState::merge`] combines their states into what one run would have
/// found.
///
/// ```
/// use magic_search::Shard;
/// let shard: Shard = "2/5".parse().unwrap();
/// assert_eq!((shard.index, shard.count), (2, 5));
/// assert_eq!(shard.first_from(3), 7);
/// assert_eq!("5/5".parse::<Shard>().unwrap_err(), "shard 5/5: with 5 shards the index runs from 0 to 4");
/// assert_eq!("1/1".parse::<Shard>().unwrap_err(), "shard 1/1: with one shard the index is 0");
/// assert!("0/0".parse::<Shard>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// Which shard, from 0.
    pub index: u64,
    /// How many shards share the work.
    pub count: u64,
}

impl Shard {
    /// The whole work: shard 0 of 1.
    pub const WHOLE: Shard = Shard { index: 0, count: 1 };

    /// The first chunk of this shard at or after `chunk`.
    pub fn first_from(&self, chunk: u64) -> u64 {
        let offset = (self.index + self.count - chunk % self.count) % self.count;
        chunk + offset
    }
}

impl core::fmt::Display for Shard {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

impl core::str::FromStr for Shard {
    type Err = String;

    /// `i/n` with `i` below `n`, as a job array numbers its tasks from 0.
    fn from_str(s: &str) -> Result<Self, String> {
        let wrong = || format!("expected a shard like `0/4` (index/count, index from 0): `{s}`");
        let (i, n) = s.split_once('/').ok_or_else(wrong)?;
        let index: u64 = i.trim().parse().map_err(|_| wrong())?;
        let count: u64 = n.trim().parse().map_err(|_| wrong())?;
        if count == 0 {
            return Err(format!(
                "shard {s}: there must be at least one shard, like `0/1`"
            ));
        }
        if index >= count {
            let last = count - 1;
            return Err(match count {
                1 => format!("shard {s}: with one shard the index is 0"),
                _ => format!("shard {s}: with {count} shards the index runs from 0 to {last}"),
            });
        }
        Ok(Shard { index, count })
    }
}

/// A whole hunt: the seed, the shard of the work, and every target's
/// progress. Its text form is the state file a stopped hunt resumes from.
///
/// ```
/// use magic_search::HuntState;
/// let state = HuntState::new(7, vec!["bishop,b1,4".parse().unwrap()]);
/// let text = state.to_text();
/// assert_eq!(HuntState::parse(&text).unwrap(), state);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HuntState {
    /// The seed of every target's chunks.
    pub seed: u64,
    /// The chunks this hunt searches: [`Shard::WHOLE`] unless it is one
    /// part of a sharded hunt.
    pub shard: Shard,
    /// The targets, in the order given.
    pub targets: Vec<HuntProgress>,
}

impl HuntState {
    /// A fresh hunt.
    ///
    /// ```
    /// # use magic_search::HuntState;
    /// assert!(!HuntState::new(1, vec!["rook,b8,10".parse().unwrap()]).done());
    /// ```
    pub fn new(seed: u64, targets: Vec<HuntTarget>) -> Self {
        HuntState {
            seed,
            shard: Shard::WHOLE,
            targets: targets.into_iter().map(HuntProgress::new).collect(),
        }
    }

    /// Shard `shard` of a fresh hunt.
    ///
    /// ```
    /// use magic_search::HuntState;
    /// let state = HuntState::sharded(1, vec!["bishop,b1,4".parse().unwrap()], "1/3".parse().unwrap());
    /// assert!(state.to_text().contains("shard,1/3"));
    /// ```
    pub fn sharded(seed: u64, targets: Vec<HuntTarget>, shard: Shard) -> Self {
        HuntState {
            shard,
            ..Self::new(seed, targets)
        }
    }

    /// The states of every shard of one hunt (any order) combined into
    /// exactly the state one unsharded run would have reached: a target
    /// is found when some shard found it in chunk `c` and every chunk below
    /// `c` has been searched by its shard; otherwise it resumes from the
    /// first chunk any shard still has to search.
    ///
    /// # Errors
    ///
    /// States of different hunts (seed, targets or shard count), a shard
    /// given twice, or one missing.
    ///
    /// ```
    /// use magic_search::{HuntState, Shard};
    /// let targets = vec!["bishop,b1,5".parse().unwrap()];
    /// let mut shards: Vec<HuntState> = (0..2)
    ///     .map(|i| HuntState::sharded(9, targets.clone(), Shard { index: i, count: 2 }))
    ///     .collect();
    /// for s in &mut shards {
    ///     while !s.done() {
    ///         s.round(1, |jobs| jobs.iter().map(|j| j.run()).collect());
    ///     }
    /// }
    /// let mut whole = HuntState::new(9, targets);
    /// while !whole.done() {
    ///     whole.round(1, |jobs| jobs.iter().map(|j| j.run()).collect());
    /// }
    /// assert_eq!(HuntState::merge(&shards).unwrap(), whole);
    /// ```
    pub fn merge(shards: &[HuntState]) -> Result<HuntState, String> {
        let first = shards.first().ok_or("no shard states to merge")?;
        let count = first.shard.count;
        let targets: Vec<HuntTarget> = first.targets.iter().map(|t| t.target).collect();
        let mut seen = vec![false; count as usize];
        for s in shards {
            let theirs: Vec<HuntTarget> = s.targets.iter().map(|t| t.target).collect();
            if s.seed != first.seed || s.shard.count != count || theirs != targets {
                return Err(format!(
                    "shard {} is from another hunt (seed {:#x}, {} shards, {} targets) than shard {} \
                     (seed {:#x}, {count} shards, {} targets)",
                    s.shard, s.seed, s.shard.count, theirs.len(), first.shard, first.seed, targets.len()
                ));
            }
            if std::mem::replace(&mut seen[s.shard.index as usize], true) {
                return Err(format!("shard {} is given twice", s.shard));
            }
        }
        if let Some(missing) = seen.iter().position(|&s| !s) {
            return Err(format!(
                "shard {missing}/{count} is missing; merge every shard's state"
            ));
        }
        let merged = (0..targets.len())
            .map(|i| {
                // Each shard's frontier: the chunk of its find, or the first
                // chunk it has not searched. The lowest decides.
                let (frontier, found) = shards
                    .iter()
                    .map(|s| {
                        let t = &s.targets[i];
                        match t.found {
                            Some(magic) => (t.next_chunk - 1, Some(magic)),
                            None => (s.shard.first_from(t.next_chunk), None),
                        }
                    })
                    .min_by_key(|&(chunk, _)| chunk)
                    .expect("at least one shard");
                HuntProgress {
                    target: targets[i],
                    next_chunk: frontier + u64::from(found.is_some()),
                    found,
                }
            })
            .collect();
        Ok(HuntState {
            seed: first.seed,
            shard: Shard::WHOLE,
            targets: merged,
        })
    }

    /// Whether every target has its magic.
    ///
    /// ```
    /// # use magic_search::HuntState;
    /// assert!(HuntState::new(1, vec![]).done());
    /// ```
    pub fn done(&self) -> bool {
        self.targets.iter().all(|t| t.found.is_some())
    }

    /// Runs one round: the next `per_target` chunks of every open target,
    /// each job through `run` (which may run them in parallel: every job
    /// is independent). Returns the candidates tried.
    ///
    /// ```
    /// use magic_search::HuntState;
    /// let mut state = HuntState::new(1, vec!["bishop,b1,5".parse().unwrap()]);
    /// state.round(2, |jobs| jobs.iter().map(|j| j.run()).collect());
    /// assert!(state.done());
    /// ```
    pub fn round<F>(&mut self, per_target: u64, run: F) -> u64
    where
        F: FnOnce(&[HuntJob]) -> Vec<Option<u64>>,
    {
        let (seed, shard) = (self.seed, self.shard);
        let jobs: Vec<HuntJob> = self
            .targets
            .iter()
            .enumerate()
            .filter(|(_, t)| t.found.is_none())
            .flat_map(|(i, t)| {
                let o = std::sync::Arc::new(Occupancies::new(t.target.piece, t.target.square));
                let first = shard.first_from(t.next_chunk);
                (0..per_target).map(move |k| HuntJob {
                    index: i,
                    target: t.target,
                    seed,
                    chunk: first + k * shard.count,
                    occupancies: o.clone(),
                })
            })
            .collect();
        let results = run(&jobs);
        assert_eq!(results.len(), jobs.len(), "one result per job");
        let tries = jobs
            .iter()
            .map(|j| tries_before(j.chunk + 1) - tries_before(j.chunk))
            .sum();
        // Jobs are in chunk order per target: the first hit is the result.
        for (job, result) in jobs.iter().zip(results) {
            let t = &mut self.targets[job.index];
            if t.found.is_some() || job.chunk < t.next_chunk {
                continue;
            }
            t.next_chunk = job.chunk + 1;
            t.found = result;
        }
        tries
    }

    /// The state file: a comment, the seed, the shard when it is one, then
    /// one `piece,square,bits,next_chunk,magic` row per target (`-` while
    /// not found).
    ///
    /// ```
    /// # use magic_search::HuntState;
    /// let text = HuntState::new(0x2a, vec!["rook,b8,10".parse().unwrap()]).to_text();
    /// assert!(text.ends_with("seed,0x2a\npiece,square,bits,next_chunk,magic\nrook,b8,10,0,-\n"));
    /// ```
    pub fn to_text(&self) -> String {
        let mut out = String::from(
            "# magic-search hunt state: resume with `magic-search hunt --state <this file>`\n",
        );
        out.push_str(&format!("seed,{:#x}\n", self.seed));
        if self.shard != Shard::WHOLE {
            out.push_str(&format!("shard,{}\n", self.shard));
        }
        out.push_str("piece,square,bits,next_chunk,magic\n");
        for t in &self.targets {
            let found = crate::rows::magic_or_dash(t.found);
            out.push_str(&format!("{},{},{found}\n", t.target, t.next_chunk));
        }
        out
    }

    /// Reads a state file written by [`to_text`](Self::to_text).
    ///
    /// ```
    /// # use magic_search::HuntState;
    /// let err = HuntState::parse("seed,1\nrook,b8,10,x,-\n").unwrap_err();
    /// assert_eq!(err, "line 2: next_chunk must be a number: `rook,b8,10,x,-`");
    /// ```
    pub fn parse(text: &str) -> Result<Self, String> {
        let mut seed = None;
        let mut shard = Shard::WHOLE;
        let mut targets = Vec::new();
        for row in crate::rows::rows(text) {
            let bad = |what: &str| row.error(what);
            if let Some(s) = row.text.strip_prefix("seed,") {
                seed = Some(parse_u64(s).ok_or_else(|| bad("seed must be a number"))?);
                continue;
            }
            if let Some(s) = row.text.strip_prefix("shard,") {
                shard = s.parse().map_err(|e: String| bad(&e))?;
                continue;
            }
            let fields: Vec<&str> = row.text.split(',').map(str::trim).collect();
            let [piece, square, bits, next, found] = fields[..] else {
                return Err(bad("expected piece,square,bits,next_chunk,magic"));
            };
            let target = target_from_fields(piece, square, bits).map_err(|e| bad(&e))?;
            let next_chunk = next
                .parse()
                .map_err(|_| bad("next_chunk must be a number"))?;
            let found = match found {
                "-" => None,
                m => Some(parse_u64(m).ok_or_else(|| bad("magic must be 0x and hex digits"))?),
            };
            targets.push(HuntProgress {
                target,
                next_chunk,
                found,
            });
        }
        let seed = seed.ok_or("the state file has no `seed,` line")?;
        Ok(HuntState {
            seed,
            shard,
            targets,
        })
    }
}

/// One chunk of one target, ready to run on any thread.
#[derive(Clone, Debug)]
pub struct HuntJob {
    index: usize,
    target: HuntTarget,
    seed: u64,
    chunk: u64,
    occupancies: std::sync::Arc<Occupancies>,
}

impl HuntJob {
    /// Searches the chunk.
    ///
    /// ```
    /// use magic_search::HuntState;
    /// let mut state = HuntState::new(3, vec!["bishop,a1,6".parse().unwrap()]);
    /// state.round(1, |jobs| jobs.iter().map(|j| j.run()).collect());
    /// assert!(state.targets[0].found.is_some());
    /// ```
    pub fn run(&self) -> Option<u64> {
        thread_local! {
            static SCRATCH: core::cell::RefCell<Scratch> = core::cell::RefCell::default();
        }
        SCRATCH.with(|s| {
            self.target.chunk(
                &self.occupancies,
                self.seed,
                self.chunk,
                &mut s.borrow_mut(),
            )
        })
    }
}

/// A decimal or `0x` hexadecimal number.
fn parse_u64(s: &str) -> Option<u64> {
    match s.trim().strip_prefix("0x") {
        Some(hex) => u64::from_str_radix(hex, 16).ok(),
        None => s.trim().parse().ok(),
    }
}
