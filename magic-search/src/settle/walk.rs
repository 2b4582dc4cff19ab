//! The walk itself: an interval of magics narrowed from its highest bit
//! down, each key's slot held once it is known, and the interval left
//! (its slots given back) when two attack sets meet.

use super::stack::Stack;
use super::{MagicQuestion, Stopped};
use crate::exact_shift::ExactShifts;
use crate::shift_lookahead::Lookahead;
use std::ops::Range;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// The search's state: which attack set holds each slot, and the changes
/// to undo when an interval is left.
struct Walk<'a> {
    p: &'a MagicQuestion,
    /// The attack set in each slot, [`FREE`] if none: [`MAX_SLOTS`] long
    /// whatever the bits, so that a slot number masked to fit needs no
    /// bound check.
    slots: Box<[u8; MAX_SLOTS]>,
    undo: Stack<usize, MAX_SLOTS>,
    look: Lookahead<'a>,
    /// None where no key bit moves the index by whole slots, or in a walk
    /// with complements (whose empty occupancy has no fixed slot): the
    /// walk then pays nothing for it.
    exact: Option<ExactShifts<'a>>,
    /// The keys known (each with its slot) in the intervals on the way
    /// down, for `exact`: an interval's lie past its parent's.
    known_here: Vec<(u32, u32)>,
    /// The keys not yet known, listed for each interval on the way down:
    /// an interval's list lies past its parent's.
    open: Stack<u32, MAX_OPEN>,
    /// For each `k`, how many keys (the smallest) are looked at in an
    /// interval of `2^k` magics (see [`search`](Self::search)): worked out
    /// once, so that the walk neither checks a product for overflow nor
    /// compares the keys one by one to the bound.
    looked_to: [usize; 64],
    nodes: u64,
    /// For each `k`, the keys that last ruled out an interval of `2^k`
    /// magics, the latest first ([`NO_KEY`] where none yet): see
    /// [`killed`](Self::killed).
    killers: [[u32; KILLERS]; 64],
    halt: Halt<'a>,
    /// 1 in a walk that also answers for the complements of its magics
    /// (see [`MagicQuestion::pair_until`]), else 0: each interval then
    /// reads its keys up to the next magic, not included.
    extra: u64,
    /// In such a walk, whether it still looks for complements that are
    /// magics: until it finds one, and then only for the magics.
    complements: bool,
}

/// A slot no attack set holds yet.
pub(super) const FREE: u8 = u8::MAX;

/// The most slots a question has: a mask has at most 12 squares.
const MAX_SLOTS: usize = 1 << 12;

/// The most keys listed as not yet known along the walk's path: each
/// interval on it (at most 64) lists at most every key (fewer than
/// [`MAX_SLOTS`], as a mask has at most 12 squares).
const MAX_OPEN: usize = 64 * MAX_SLOTS;

/// How many of the keys that last ruled out an interval are kept for each
/// level and looked at first. On rook h2 at 10 bits, 8 find three in four
/// of the intervals ruled out where its keys with the h5 square come in
/// (2 find three in five), and the walk takes 14% fewer instructions.
const KILLERS: usize = 8;

/// No key, in [`Walk::killers`].
const NO_KEY: u32 = u32::MAX;

/// How the keys are read over one interval of magics, `[start, start +
/// 2^k)`: worked out once for all of its keys.
#[derive(Clone, Copy)]
struct Reading {
    start: u64,
    /// How far a run goes: `2^k - 1` magics, plus the extra one of a walk
    /// with complements.
    run_to: u64,
    extra: u64,
    below_width: u64,
    /// The bits below an index: `w - bits`.
    drop: u32,
    slot_mask: u64,
}

impl Reading {
    fn new(p: &MagicQuestion, start: u64, k: u32, extra: u64) -> Reading {
        Reading {
            start,
            run_to: (1u64 << k) - 1 + extra,
            extra,
            below_width: (1u64 << p.width) - 1,
            drop: p.width - p.bits,
            slot_mask: (1u64 << p.bits) - 1,
        }
    }

    /// The run of key `c`, `c * m mod 2^w` from the interval's first magic
    /// to its last (with the extra magic, up to the next one, not
    /// included). For a key looked at in the interval the run's length,
    /// `c * (2^k - 1)` (with the extra magic, `c * 2^k - 1`), is shorter
    /// than one step, so it fits in 64 bits, and so does its start plus
    /// its length (`w` is at most 63).
    #[inline(always)]
    fn run(self, c: u64) -> (u64, u64) {
        let lo = c.wrapping_mul(self.start) & self.below_width;
        (lo, lo + c * self.run_to - self.extra)
    }

    /// The slots at both ends of key `c`'s run: one of the two holds it.
    #[inline(always)]
    fn slots(self, c: u64) -> (u64, u64) {
        let (lo, hi) = self.run(c);
        (lo >> self.drop, hi >> self.drop)
    }

    /// Whether slot `s` (taken modulo the slot count: only the end of a
    /// run can wrap) is held by an attack set other than `id`.
    #[inline(always)]
    fn held_by_other(self, slots: &[u8; MAX_SLOTS], s: u64, id: u8) -> bool {
        let held = slots[(s & self.slot_mask) as usize & (MAX_SLOTS - 1)];
        held != FREE && held != id
    }
}

/// What stops a walk short: a flag another thread raises (a time limit, a
/// signal), or a time of its own.
#[derive(Clone, Copy)]
pub(super) struct Halt<'a> {
    pub(super) flag: &'a AtomicBool,
    pub(super) by: Option<Instant>,
}

impl Halt<'_> {
    /// Whether the walk stops now.
    fn now(&self) -> bool {
        self.flag.load(Ordering::Relaxed) || self.by.is_some_and(|by| Instant::now() >= by)
    }
}

/// How often (in intervals, a power of two) the walk looks at its stop
/// flag: a few hundred times a second, for a load that costs nothing.
const STOP_CHECK: u64 = 1 << 14;

impl Walk<'_> {
    /// The lowest magic in `[start, start + 2^k)` given that the keys
    /// listed in `open[listed]` and every key from `tail` on are not yet
    /// known (the others are in `slots`), or `Err` when the stop flag is
    /// raised: the walk is then abandoned, its slots as they were left.
    ///
    /// A key is looked at only once its index steps at most once in the
    /// interval (`c * (2^k - 1) < 2^(w - bits)`), and the keys are sorted:
    /// the keys from `tail` on are those not looked at yet, ended by the
    /// first that steps more often, as every larger key does too. A key
    /// that steps more often is not known, and is rarely short of a slot
    /// (all of its slots held by other attack sets); not looking at it is
    /// sound, as only the keys looked at rule an interval out, and makes
    /// an interval of a rook several times cheaper for a few more of them.
    fn search(
        &mut self,
        start: u64,
        k: u32,
        listed: Range<usize>,
        tail: usize,
    ) -> Result<Option<u64>, Stopped> {
        if self.nodes % STOP_CHECK == 0 && self.halt.now() {
            // Going down from the lowest magics first, and ending at the
            // first found, the walk has ruled out every magic below, and
            // while it looks for complements, every complement of them.
            return Err(Stopped {
                nodes: self.nodes,
                reached: start,
                with_mirror: self.extra == 1 && self.complements,
            });
        }
        self.nodes += 1;
        let p = self.p;
        let mark = self.undo.len();
        let known_before = self.look.known_count();
        let known_here = self.known_here.len();
        let base = self.open.len();
        let reading = Reading::new(p, start, k, self.extra);
        let killed = self.killed(reading, k);
        // A test build walks a killed interval all the same, to check below
        // that its keys rule it out too.
        if killed && cfg!(not(test)) {
            return Ok(None);
        }
        // The listed keys, then the keys from `tail` up to those that step
        // more than once: in the order of the keys either way.
        let looked_to = self.looked_to[k as usize].max(tail);
        let keys = &p.keys[..];
        let mut clash = false;
        for j in listed {
            let i = self.open.at(j) as usize;
            if !self.visit(reading, k, i, keys[i]) {
                clash = true;
                break;
            }
        }
        let mut next = tail;
        if !clash {
            // Read as a slice, the keys need no bound check one by one.
            for (i, &key) in (tail..).zip(&keys[tail..looked_to]) {
                next = i + 1;
                if !self.visit(reading, k, i, key) {
                    clash = true;
                    break;
                }
            }
        }
        #[cfg(test)]
        assert!(
            clash || !killed,
            "a key tried first rules out what the others do not"
        );
        let clash = clash || (self.extra == 1 && !self.pin_empty());
        let still = base..self.open.len();
        let found = match (clash, still.is_empty() && next == p.keys.len()) {
            (true, _) => None,
            (false, true) => self.leaf(start),
            // A single magic whose run to the next one still steps: only
            // in a walk with complements.
            (false, false) if k == 0 => self.single(start),
            (false, false) => {
                let allowed = self.exact_allows(start, k, mark, known_here);
                let found = if allowed && self.look.enter(start, k, known_before) {
                    let half = k - 1;
                    let found = match self.search(start, half, still.clone(), next)? {
                        Some(magic) => Some(magic),
                        None => self.search(start + (1 << half), half, still, next)?,
                    };
                    self.look.leave();
                    found
                } else {
                    None
                };
                self.exact_leave(mark);
                found
            }
        };
        self.open.truncate(base);
        self.known_here.truncate(known_here);
        for &slot in &self.undo[mark..] {
            // Already below MAX_SLOTS; the mask spares the bound checks.
            let slot = slot & (MAX_SLOTS - 1);
            self.look.release(slot, self.slots[slot]);
            self.slots[slot] = FREE;
        }
        self.undo.truncate(mark);
        self.look.forget_since(known_before);
        Ok(found)
    }
}

impl Walk<'_> {
    /// Looks at key `i`, `(c, id)`, over the interval `reading` reads, of
    /// `2^k` magics: holds its slot once it is known, lists it if not, and
    /// `false` when every slot it may take is held by another attack set,
    /// which rules the interval out.
    #[inline(always)]
    fn visit(&mut self, reading: Reading, k: u32, i: usize, (c, id): (u64, u8)) -> bool {
        let (lo, hi) = reading.run(c);
        let (first, last) = (lo >> reading.drop, hi >> reading.drop);
        if first != last {
            // Not known yet (one of two slots: the run is shorter than a
            // step), but both may already hold other attack sets.
            if reading.held_by_other(&self.slots, first, id)
                && reading.held_by_other(&self.slots, last, id)
            {
                self.note_killer(k, i);
                return false;
            }
            self.open.push(i as u32);
            return true;
        }
        // `first` is below the slot count: only `last` can wrap.
        let slot = first as usize & (MAX_SLOTS - 1);
        match self.slots[slot] {
            FREE => {
                self.slots[slot] = id;
                self.undo.push(slot);
                self.look.hold(slot, id);
            }
            held if held == id => {}
            _ => {
                self.note_killer(k, i);
                return false;
            }
        }
        self.look.know(i, lo, hi);
        if self.exact.is_some() {
            self.known_here.push((i as u32, slot as u32));
        }
        true
    }
}

impl Walk<'_> {
    /// Whether one of the keys that last ruled out an interval of `2^k`
    /// magics finds every slot of its run over `[start, start + 2^k)` held
    /// by other attack sets, which rules this interval out as well.
    ///
    /// The intervals next to one ruled out are most often ruled out by
    /// the same key, and looking at a few such keys first spares looking
    /// at the dozens that come before them in the keys' order, and taking
    /// and giving back the slots of those. It only reads: an interval it
    /// rules out is left as it was found. A key kept for `k` was looked at
    /// there, and one that is known higher up holds its own slot, so a
    /// key it finds shut out is one the walk would look at too.
    #[inline(always)]
    fn killed(&self, reading: Reading, k: u32) -> bool {
        self.killers[k as usize]
            .iter()
            .take_while(|&&i| i != NO_KEY)
            .any(|&i| {
                let (c, id) = self.p.keys[i as usize];
                let (first, last) = reading.slots(c);
                reading.held_by_other(&self.slots, first, id)
                    && reading.held_by_other(&self.slots, last, id)
            })
    }

    /// Keeps key `i`, which has just ruled out an interval of `2^k`
    /// magics, first among the keys [`killed`](Self::killed) looks at.
    fn note_killer(&mut self, k: u32, i: usize) {
        let killers = &mut self.killers[k as usize];
        let i = i as u32;
        // Moved to the front, from where it was or from the last place.
        let at = killers
            .iter()
            .position(|&kept| kept == i)
            .unwrap_or(KILLERS - 1);
        killers.copy_within(0..at, 1);
        killers[0] = i;
    }

    /// Whether the exact shifts leave the magics `[start, start + 2^k)` an
    /// `r` to take, once told of the slots held from `undo[mark]` on and
    /// the keys known from `known_here[known]` on; `leave` undoes it. Told
    /// only here, where the walk goes down: the intervals that clash or
    /// end never pay for it (a fifth of the work it did on rook h1 at 10
    /// bits).
    fn exact_allows(&mut self, start: u64, k: u32, mark: usize, known: usize) -> bool {
        let Some(exact) = &mut self.exact else {
            return true;
        };
        exact.enter();
        for &slot in &self.undo[mark..] {
            exact.hold(slot, self.slots[slot & (MAX_SLOTS - 1)]);
        }
        for &(key, slot) in &self.known_here[known..] {
            exact.know(key as usize, slot as usize);
        }
        #[cfg(test)]
        {
            // Told only where the walk goes down, the lookahead must still
            // know every slot held and every key known on the way.
            let held: Vec<(usize, u8)> = (0..1usize << self.p.bits)
                .filter(|&s| self.slots[s] != FREE)
                .map(|s| (s, self.slots[s]))
                .collect();
            let known: Vec<(usize, usize)> = self
                .known_here
                .iter()
                .map(|&(key, slot)| (key as usize, slot as usize))
                .collect();
            exact.assert_ruled(self.p.bits, &held, &known);
        }
        exact.allows(start, k)
    }

    /// Undoes [`exact_allows`](Self::exact_allows).
    fn exact_leave(&mut self, mark: usize) {
        if let Some(exact) = &mut self.exact {
            for &slot in &self.undo[mark..] {
                exact.release(slot, self.slots[slot & (MAX_SLOTS - 1)]);
            }
            exact.leave();
        }
    }

    /// The slot of the empty occupancy for the magics' complements (for
    /// the magics themselves, 0).
    fn top(&self) -> usize {
        ((1 << self.p.bits) - 1) & (MAX_SLOTS - 1)
    }

    /// In a walk with complements, the empty occupancy takes slot 0 for the
    /// magics and the top slot for their complements, so neither is held
    /// for it from the start. Once another attack set holds one, only the
    /// other side is left in the interval, and the other slot is held for
    /// the empty occupancy, as a walk of one part holds slot 0: `false`
    /// when both are held by others, which rules the interval out.
    fn pin_empty(&mut self) -> bool {
        let (empty, top) = (self.p.empty, self.top());
        let lost = |held: u8| held != FREE && held != empty;
        let top_lost = !self.complements || lost(self.slots[top]);
        let free_slot = match (lost(self.slots[0]), top_lost) {
            (true, true) => return false,
            (true, false) => top,
            (false, true) => 0,
            (false, false) => return true,
        };
        if self.slots[free_slot] == FREE {
            self.slots[free_slot] = empty;
            self.undo.push(free_slot);
            self.look.hold(free_slot, empty);
        }
        true
    }

    /// An interval `[start, start + span]` whose every key is known, none
    /// clashing with another: its magics hold the empty occupancy's slot 0
    /// too, unless another attack set holds it. Its lowest magic then, if
    /// any. In a walk with complements, the complements are magics where
    /// the top slot is the empty occupancy's to take: the walk then notes
    /// that the mirror holds a magic, and looks only for magics from there
    /// on, as a walk of one part does.
    fn leaf(&mut self, start: u64) -> Option<u64> {
        let empty_fits = |held: u8| held == FREE || held == self.p.empty;
        if self.extra == 0 || empty_fits(self.slots[0]) {
            return Some(start);
        }
        // `pin_empty` left the top slot to the empty occupancy.
        debug_assert!(self.complements);
        self.complements = false;
        None
    }

    /// A single magic `m`, some key of which still steps before `m + 1`:
    /// `m` itself, or its complement, tried directly.
    fn single(&mut self, m: u64) -> Option<u64> {
        debug_assert_eq!(self.extra, 1, "every key is known at one magic");
        if self.p.holds(m) {
            return Some(m);
        }
        if self.complements && self.p.holds(self.p.complement(m)) {
            self.complements = false;
        }
        None
    }
}

impl MagicQuestion {
    /// The walk of the magics `[start, start + 2^k)` (an aligned interval
    /// within one part), with their complements when `extra` is 1: its
    /// lowest magic, whether it still looked for complements at the end
    /// (none of them found to be a magic), and the intervals.
    pub(super) fn walk(
        &self,
        start: u64,
        k: u32,
        extra: u64,
        halt: Halt,
    ) -> Result<(Option<u64>, bool, u64), Stopped> {
        let p = self;
        assert!(p.bits <= MAX_SLOTS.ilog2(), "at most 12 bits");
        let mut slots = Box::new([FREE; MAX_SLOTS]);
        let mut look = Lookahead::new(
            &p.groups,
            p.width,
            p.bits,
            p.keys.len(),
            p.attack_sets,
            extra,
        );
        // The empty occupancy's slot is 0 for a magic and the top slot for
        // its complement: with complements, each leaf looks.
        if extra == 0 {
            slots[0] = p.empty;
            look.hold(0, p.empty);
        }
        let exact = (extra == 0 && !p.exact.is_empty())
            .then(|| ExactShifts::new(&p.exact, p.empty, p.attack_sets));
        let one_step = 1u64 << (p.width - p.bits);
        // `c (2^k - 1 + extra) - extra < one_step`, as `c` at most a bound;
        // with `2^k - 1 + extra` zero (a single magic, no extra) every key.
        let looked_to = std::array::from_fn(|k| {
            let run = (1u64 << k) - 1 + extra;
            let most = (one_step + extra - 1).checked_div(run).unwrap_or(u64::MAX);
            p.keys.partition_point(|&(c, _)| c <= most)
        });
        let mut walk = Walk {
            p,
            looked_to,
            slots,
            undo: Stack::new(),
            look,
            exact,
            known_here: Vec::new(),
            open: Stack::new(),
            nodes: 0,
            killers: [[NO_KEY; KILLERS]; 64],
            halt,
            extra,
            complements: extra == 1,
        };
        let magic = walk.search(start, k, 0..0, 0)?;
        Ok((magic, walk.complements, walk.nodes))
    }
}
