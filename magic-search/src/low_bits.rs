//! Settles a question by fixing the magic's bits from the lowest up, a
//! level at a time.
//!
//! A key `c` (an occupancy shifted down by the mask's lowest square) whose
//! lowest set bit is `z` has its index fixed by the magic's low `w - z`
//! bits: `c * m mod 2^w` is `2^z (c >> z) m`, and only `m mod 2^(w - z)`
//! reaches it. So the keys fall into levels by `w - z`, and once the
//! magic's bits below a level's are fixed, its keys are known and checked.
//!
//! Where the mask's high squares are many and its low ones few (rook h8:
//! the keys of its rank's squares are known from the magic's low 7 bits,
//! those of its file's from its low 9, 17, ... bits), most keys are known
//! after few bits, and clashes cut the walk off early: rook h8 at 10 bits
//! is settled in well under a minute. The walk from the top
//! ([`MagicQuestion::part`]) knows those keys only in narrow intervals of
//! single magics. Elsewhere (a rook on the first rank, whose rank keys
//! need every bit) this walk is the slow one: most keys are known only
//! at the last level.

use crate::MagicQuestion;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::Mutex;

/// What [`MagicQuestion::from_low_bits`] found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LowBitsAnswer {
    /// The first magic in the walk's order (its low `w` bits; the others
    /// do not matter), or `None` when there is none.
    pub magic: Option<u64>,
    /// Magics' prefixes looked at: each is a value of one level's bits
    /// with the bits below it fixed.
    pub nodes: u64,
}

/// A walk from the low bits called off by its stop flag: nothing is
/// settled. The prefixes looked at before it stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CalledOff {
    /// Prefixes looked at.
    pub nodes: u64,
}

/// The keys known once the magic's low `bits` bits are fixed, and not
/// before.
struct Level {
    bits: u32,
    keys: Vec<(u64, u8)>,
}

/// The levels of a question, lowest first.
fn levels(p: &MagicQuestion) -> Vec<Level> {
    let mut levels: Vec<Level> = Vec::new();
    let mut keys = p.keys.clone();
    keys.sort_by_key(|&(c, _)| (std::cmp::Reverse(c.trailing_zeros()), c));
    for (c, id) in keys {
        let bits = p.width - c.trailing_zeros();
        match levels.last_mut() {
            Some(level) if level.bits == bits => level.keys.push((c, id)),
            _ => levels.push(Level {
                bits,
                keys: vec![(c, id)],
            }),
        }
    }
    levels
}

/// How many of the magic's low bits the levels before `level` fix.
fn bits_below(levels: &[Level], level: usize) -> u32 {
    level.checked_sub(1).map_or(0, |l| levels[l].bits)
}

/// The threads take the prefixes of the first levels, split level by level
/// until there are at least this many (or until the next level has too
/// many values to list them one by one).
const SPLIT_INTO: usize = 256;

/// The most prefixes one level of the split may try.
const SPLIT_TRIES: u64 = 1 << 24;

/// How often (in prefixes, a power of two) a walk looks at its stop flag.
const STOP_CHECK: u64 = 1 << 14;

/// The slots as a walk fills them: the attack set that holds each.
struct Slots {
    held: Vec<u8>,
    drop: u32,
    below_width: u64,
}

/// A slot no attack set holds yet.
const FREE: u8 = u8::MAX;

impl Slots {
    fn new(p: &MagicQuestion) -> Self {
        let mut held = vec![FREE; 1 << p.bits];
        held[0] = p.empty;
        Slots {
            held,
            drop: p.width - p.bits,
            below_width: (1u64 << p.width) - 1,
        }
    }

    /// Places `keys` for magic `m`, noting each slot taken in `undo`:
    /// `false` at the first clash.
    fn place(&mut self, keys: &[(u64, u8)], m: u64, undo: &mut Vec<usize>) -> bool {
        for &(c, id) in keys {
            let slot = ((c.wrapping_mul(m) & self.below_width) >> self.drop) as usize;
            match self.held[slot] {
                FREE => {
                    self.held[slot] = id;
                    undo.push(slot);
                }
                held if held == id => {}
                _ => return false,
            }
        }
        true
    }

    fn undo(&mut self, undo: &mut Vec<usize>) {
        for slot in undo.drain(..) {
            self.held[slot] = FREE;
        }
    }
}

/// One thread's walk below a prefix.
struct Walk<'a> {
    levels: &'a [Level],
    slots: Slots,
    nodes: u64,
    stop: &'a AtomicBool,
}

impl Walk<'_> {
    /// The first magic whose bits below `levels[level]`'s are `m`'s.
    fn search(&mut self, level: usize, m: u64) -> Result<Option<u64>, CalledOff> {
        let Some(here) = self.levels.get(level) else {
            return Ok(Some(m));
        };
        let below = bits_below(self.levels, level);
        let mut undo = Vec::with_capacity(here.keys.len());
        for high in 0..1u64 << (here.bits - below) {
            if self.nodes % STOP_CHECK == 0 && self.stop.load(Ordering::Relaxed) {
                return Err(CalledOff { nodes: self.nodes });
            }
            self.nodes += 1;
            let m = m | high << below;
            let fits = self.slots.place(&here.keys, m, &mut undo);
            let found = match fits {
                true => self.search(level + 1, m),
                false => Ok(None),
            };
            self.slots.undo(&mut undo);
            if !matches!(found, Ok(None)) {
                return found;
            }
        }
        Ok(None)
    }
}

impl MagicQuestion {
    /// Settles the whole question by the magic's bits from the lowest up
    /// (see the module's notes): the first magic in the walk's order (by
    /// its lowest level's bits, then the next level's, each as a number),
    /// or `None` when there is none, on every core. The answer is the same
    /// on any number of cores; the prefixes counted may not be, where a
    /// magic is found. `Err` when `stop` is raised first.
    ///
    /// It suits squares whose keys are mostly known from few low bits,
    /// such as a rook on the eighth rank; elsewhere it is slow, and
    /// [`part`](Self::part) is the walk to use.
    ///
    /// ```
    /// use magic_search::{MagicQuestion, Piece, Scratch, Occupancies, Hash};
    /// use std::sync::atomic::AtomicBool;
    /// let go_on = AtomicBool::new(false);
    /// // Rook h8 has magics at 12 bits, the mask's, and none at 8: the
    /// // walk finds one, and rules out every magic.
    /// let h8 = MagicQuestion::new(Piece::Rook, 63, 12);
    /// let magic = h8.from_low_bits(&go_on).unwrap().magic.unwrap();
    /// assert!(Scratch::default().fits(&Occupancies::new(Piece::Rook, 63), Hash::Multiply, magic, 12));
    /// let eight = MagicQuestion::new(Piece::Rook, 63, 8);
    /// assert_eq!(eight.from_low_bits(&go_on).unwrap().magic, None);
    /// ```
    pub fn from_low_bits(&self, stop: &AtomicBool) -> Result<LowBitsAnswer, CalledOff> {
        let parts = self.low_bits_parts();
        let all: Vec<u64> = (0..parts.len()).collect();
        let counted = AtomicU64::new(parts.listing_nodes());
        let first = parts.walk_in_order(&all, stop, |_, walked| {
            let nodes = match walked {
                Ok(answer) => answer.nodes,
                Err(called_off) => called_off.nodes,
            };
            counted.fetch_add(nodes, Ordering::Relaxed);
        });
        let nodes = counted.into_inner();
        match first {
            None => Ok(LowBitsAnswer { magic: None, nodes }),
            Some((_, Ok(answer))) => Ok(LowBitsAnswer { nodes, ..answer }),
            Some((_, Err(_))) => Err(CalledOff { nodes }),
        }
    }

    /// The walk from the lowest bits split into parts that can be walked
    /// one by one, on any machine, in any order: what
    /// [`from_low_bits`](Self::from_low_bits) walks on one machine's
    /// cores, and `settle --low-bits-first --shard i/n --state FILE` across
    /// a job array's.
    ///
    /// ```
    /// use magic_search::{MagicQuestion, Piece};
    /// use std::sync::atomic::AtomicBool;
    /// let go_on = AtomicBool::new(false);
    /// // Rook h8 at 10 bits has no magic: no part of the walk holds one.
    /// let h8 = MagicQuestion::new(Piece::Rook, 63, 10);
    /// let parts = h8.low_bits_parts();
    /// assert!(parts.len() >= 256);
    /// assert_eq!(parts.walk(0, &go_on).unwrap().magic, None);
    /// ```
    pub fn low_bits_parts(&self) -> LowBitsParts<'_> {
        let levels = levels(self);
        let (prefixes, split, listing) = split(self, &levels);
        LowBitsParts {
            question: self,
            levels,
            prefixes,
            split,
            listing,
        }
    }
}

/// The walk of [`MagicQuestion::low_bits_parts`]: every value of the low
/// bits of its first levels whose keys fit, in the walk's order, each a
/// part with the rest of the walk below it. Which parts there are depends
/// only on the question, so a part's number means the same on every
/// machine and run.
pub struct LowBitsParts<'q> {
    question: &'q MagicQuestion,
    levels: Vec<Level>,
    prefixes: Vec<u64>,
    /// How many levels the prefixes fix.
    split: usize,
    /// Prefixes looked at to list the parts.
    listing: u64,
}

impl LowBitsParts<'_> {
    /// How many parts.
    pub fn len(&self) -> u64 {
        self.prefixes.len() as u64
    }

    /// Whether no part is left: the keys of the first levels clash for
    /// every value of their bits, and the question has no magic.
    pub fn is_empty(&self) -> bool {
        self.prefixes.is_empty()
    }

    /// The prefixes looked at to list the parts: every run pays them once.
    pub fn listing_nodes(&self) -> u64 {
        self.listing
    }

    /// The first magic of part `part` in the walk's order, or `None`, and
    /// the prefixes looked at; `Err` when `stop` is raised first.
    ///
    /// # Panics
    /// If `part` is not below [`len`](Self::len).
    pub fn walk(&self, part: u64, stop: &AtomicBool) -> Result<LowBitsAnswer, CalledOff> {
        let prefix = self.prefixes[part as usize];
        let mut walk = Walk {
            levels: &self.levels,
            slots: Slots::new(self.question),
            nodes: 0,
            stop,
        };
        // The prefix was checked when split: its keys fit.
        let mut undo = Vec::new();
        for level in &self.levels[..self.split] {
            walk.slots.place(&level.keys, prefix, &mut undo);
        }
        let magic = walk.search(self.split, prefix)?;
        Ok(LowBitsAnswer {
            magic,
            nodes: walk.nodes,
        })
    }

    /// Walks `parts` (in the walk's order: increasing) on every core, the
    /// threads taking them in order, and hands each to `walked` as it ends.
    /// Gives the first of them that holds a magic or was called off, with
    /// what it gave: every part before it was walked to the end without a
    /// magic. So a magic given is the first of `parts` in the walk's order,
    /// on any number of cores. Once an answer is known, no thread takes a
    /// part past it; those taken before are walked, and handed over, too.
    pub fn walk_in_order(
        &self,
        parts: &[u64],
        stop: &AtomicBool,
        walked: impl Fn(u64, &Result<LowBitsAnswer, CalledOff>) + Sync,
    ) -> Option<(u64, Result<LowBitsAnswer, CalledOff>)> {
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
        let next = AtomicUsize::new(0);
        // Where in `parts` the first answer lies: no thread takes one past it.
        let first = AtomicUsize::new(usize::MAX);
        let answers = Mutex::new(Vec::new());
        std::thread::scope(|scope| {
            for _ in 0..threads {
                scope.spawn(|| loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= parts.len() || i > first.load(Ordering::Relaxed) {
                        return;
                    }
                    let found = self.walk(parts[i], stop);
                    walked(parts[i], &found);
                    if !matches!(found, Ok(LowBitsAnswer { magic: None, .. })) {
                        first.fetch_min(i, Ordering::Relaxed);
                        let mut answers = answers.lock().unwrap_or_else(|e| e.into_inner());
                        answers.push((i, found));
                    }
                });
            }
        });
        let answers = answers.into_inner().unwrap_or_else(|e| e.into_inner());
        let (i, found) = answers.into_iter().min_by_key(|&(i, _)| i)?;
        Some((parts[i], found))
    }

    /// The part whose walk goes through `magic`, or `None` when the keys of
    /// the first levels clash for it.
    ///
    /// ```
    /// use magic_search::{MagicQuestion, Piece};
    /// use std::sync::atomic::AtomicBool;
    /// let h8 = MagicQuestion::new(Piece::Rook, 63, 12);
    /// let parts = h8.low_bits_parts();
    /// let found = parts.walk(5, &AtomicBool::new(false)).unwrap().magic.unwrap();
    /// assert_eq!(parts.part_of(found), Some(5));
    /// ```
    pub fn part_of(&self, magic: u64) -> Option<u64> {
        let bits = bits_below(&self.levels, self.split);
        let prefix = magic & ((1u64 << bits) - 1);
        let part = self.prefixes.iter().position(|&p| p == prefix)?;
        Some(part as u64)
    }
}

/// The prefixes the parts start from, in the walk's order: every value of
/// the bits of the first `split` levels whose keys fit, with the prefixes
/// looked at to list them.
fn split(p: &MagicQuestion, levels: &[Level]) -> (Vec<u64>, usize, u64) {
    let mut prefixes = vec![0u64];
    let (mut split, mut nodes) = (0, 0);
    let (mut slots, mut undo) = (Slots::new(p), Vec::new());
    while split < levels.len() && !prefixes.is_empty() && prefixes.len() < SPLIT_INTO {
        let below = bits_below(levels, split);
        let values = 1u64 << (levels[split].bits - below);
        if values.saturating_mul(prefixes.len() as u64) > SPLIT_TRIES {
            break;
        }
        let mut next = Vec::new();
        for &prefix in &prefixes {
            for high in 0..values {
                nodes += 1;
                let m = prefix | high << below;
                let fits = levels[..=split]
                    .iter()
                    .all(|level| slots.place(&level.keys, m, &mut undo));
                slots.undo(&mut undo);
                if fits {
                    next.push(m);
                }
            }
        }
        prefixes = next;
        split += 1;
    }
    (prefixes, split, nodes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::settle::tests::{question, small_made_up};
    use crate::{Piece, SplitMix64};
    use std::ops::Range;

    /// A made-up square small enough to try every magic.
    fn made_up(rng: &mut SplitMix64, widths: Range<u32>) -> MagicQuestion {
        let (_, bits, mask, ids) = small_made_up(rng, widths);
        question(mask, &ids, bits)
    }

    /// On made-up squares small enough to try every magic, the walk finds
    /// a magic exactly where trying every magic finds one, and what it
    /// finds is one.
    #[test]
    fn the_walk_from_the_low_bits_finds_a_magic_where_trying_every_magic_finds_one() {
        let mut rng = SplitMix64::new(11);
        let go_on = AtomicBool::new(false);
        let (mut found, mut none) = (0, 0);
        for round in 0..400 {
            let p = made_up(&mut rng, 10..17);
            let any = (0..1u64 << p.width).find(|&m| p.holds(m));
            let answer = p.from_low_bits(&go_on).unwrap();
            assert_eq!(answer.magic.is_some(), any.is_some(), "round {round}");
            if let Some(m) = answer.magic {
                assert!(p.holds(m), "round {round}: {m:#x}");
                found += 1;
            } else {
                none += 1;
            }
        }
        assert!(found > 100 && none > 100, "{found} found, {none} none");
    }

    /// The first magic in the walk's order: the lowest by its level bits
    /// read from the lowest level up, as the walk tries them.
    #[test]
    fn the_walk_finds_the_first_magic_in_its_order() {
        let mut rng = SplitMix64::new(12);
        let go_on = AtomicBool::new(false);
        for round in 0..200 {
            let p = made_up(&mut rng, 10..15);
            let levels = levels(&p);
            // The magic's level bits, lowest level first, as one sort key.
            let order = |m: u64| {
                let mut below = 0;
                levels
                    .iter()
                    .map(|level| {
                        let bits = (m >> below) & ((1 << (level.bits - below)) - 1);
                        below = level.bits;
                        bits
                    })
                    .collect::<Vec<_>>()
            };
            let first = (0..1u64 << p.width)
                .filter(|&m| p.holds(m))
                .min_by_key(|&m| order(m));
            assert_eq!(
                p.from_low_bits(&go_on).unwrap().magic,
                first,
                "round {round}"
            );
        }
    }

    /// A raised stop flag calls the walk off.
    #[test]
    fn a_raised_stop_flag_calls_the_walk_off() {
        let stop = AtomicBool::new(true);
        let a8 = MagicQuestion::new(Piece::Rook, 56, 10);
        assert!(a8.from_low_bits(&stop).is_err());
    }
}
