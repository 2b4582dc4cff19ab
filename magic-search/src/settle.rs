//! Settles whether a square has a magic with a given number of index bits,
//! by a search that rules out every magic or finds one.
//!
//! Let `l` be the lowest square of the mask and `w = 64 - l`. Only the low
//! `w` bits of a magic `m` reach the index, and for an occupancy `occ`
//! with `c = occ >> l`, the index is the top `bits` bits of the `w`-bit
//! number `c * m mod 2^w`. Read as a fraction `t = m / 2^w` of a turn, that
//! is `floor(2^bits * frac(c * t))`: as `t` moves, each occupancy's index
//! steps up by one every `1 / (2^bits * c)` of a turn. So the search
//! narrows `t` from its highest bit down, as an interval: an occupancy's
//! index is known once the interval holds none of its steps; the first
//! two occupancies with different attack sets on one slot rule the whole
//! interval out, as does an occupancy with one step in the interval whose
//! two slots both hold another attack set (occupancies with more steps
//! are not looked at yet); and an interval where every index is known and
//! none clash holds magics (its lowest `m` among them). Occupancies with a small `c`
//! (those of squares near the piece's lowest one) are known after a few
//! bits; the bits below about `log2(c) + bits + 8` matter only next to
//! a step, so the search rarely goes that deep, unlike one that fixes the
//! magic's bits from the lowest up.
//!
//! Keys that differ by one bit `2^p` move together, by the same shift
//! `2^p m`: the [`Lookahead`](crate::shift_lookahead::Lookahead) rules an
//! interval out from that some levels before those keys are known one by
//! one. Where `2^p m` is a whole number of slots, fixed by the magic's
//! lowest bits, the [`ExactShifts`](crate::exact_shift::ExactShifts) rule
//! out each of its values as the keys below the bit become known
//! (in a walk of one part, whose empty occupancy lies at slot 0).

mod stack;
mod walk;

use crate::exact_shift::{exact_groups, ExactGroup};
use crate::shift_lookahead::{shift_groups, ShiftGroup};
use crate::{Occupancies, Piece};
use std::ops::Range;
use std::sync::atomic::AtomicBool;
use std::time::Instant;
use walk::{Halt, FREE};

/// What [`MagicQuestion::part`] found in one part of the magics of a square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settled {
    /// The lowest magic (its low `w` bits; the others do not matter) of the
    /// part searched, or `None` when the part holds none.
    pub magic: Option<u64>,
    /// Intervals looked at.
    pub nodes: u64,
}

/// A part's search called off (by [`MagicQuestion::part_until`]'s flag)
/// before it settled the part.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stopped {
    /// Intervals looked at before it stopped.
    pub nodes: u64,
    /// How far the walk got: no magic of the part lies below this one
    /// (its low `w` bits), which
    /// [`part_from_until`](MagicQuestion::part_from_until) goes on from.
    pub reached: u64,
    /// Whether the walk was of the part with its mirror, still answering
    /// for the mirror ([`MagicQuestion::pair_until`]): then no magic of the
    /// mirror lies above the complement of `reached` (`2^w - 1 - reached`)
    /// either, and [`pair_from_until`](MagicQuestion::pair_from_until) goes
    /// on from there for both.
    pub with_mirror: bool,
}

/// Whether `piece` on a square has a magic with so many index bits: the
/// square's occupancies as the search sees them, made once and searched
/// part by part (by threads, or by the shards of a job array).
///
/// ```
/// use magic_search::{MagicQuestion, Piece, Scratch, Occupancies, Hash};
/// // Bishop b1 at 4 bits has magics; the lowest is in the first part that
/// // holds any.
/// let b1 = MagicQuestion::new(Piece::Bishop, 1, 4);
/// let found = (0..b1.parts()).find_map(|part| b1.part(part).magic);
/// let magic = found.unwrap();
/// assert!(Scratch::default().fits(&Occupancies::new(Piece::Bishop, 1), Hash::Multiply, magic, 4));
/// ```
pub struct MagicQuestion {
    /// `occ >> l` and the number of its attack set, for every occupancy
    /// but the empty one (index 0 whatever the magic).
    pub(crate) keys: Vec<(u64, u8)>,
    /// The attack set number of the empty occupancy.
    pub(crate) empty: u8,
    /// How many attack sets there are.
    attack_sets: usize,
    pub(crate) width: u32,
    pub(crate) bits: u32,
    /// The keys that move together, for the lookahead.
    groups: Vec<ShiftGroup>,
    /// The keys that move together by whole slots, for the other
    /// lookahead.
    exact: Vec<ExactGroup>,
}

impl MagicQuestion {
    /// The question for `piece` on `sq` at `bits` index bits.
    pub fn new(piece: Piece, sq: usize, bits: u32) -> Self {
        let o = Occupancies::new(piece, sq);
        let low = o.mask.trailing_zeros();
        let mut keys = Vec::new();
        let mut empty = 0;
        for (&occ, &id) in o.occupancies.iter().zip(&o.ids) {
            let id = u8::try_from(id).expect("at most 144 attack sets");
            if occ == 0 {
                empty = id;
            } else {
                keys.push((occ >> low, id));
            }
        }
        MagicQuestion::with_keys(keys, empty, 64 - low, bits)
    }

    fn with_keys(mut keys: Vec<(u64, u8)>, empty: u8, width: u32, bits: u32) -> Self {
        // The walk's arithmetic is on 64 bits: a mask never holds a1, so
        // its lowest square is at least 1.
        assert!(width < 64, "a mask that holds a1");
        // Small keys are known first: check them first.
        keys.sort_by_key(|&(c, _)| c);
        let attack_sets = keys
            .iter()
            .map(|&(_, id)| id)
            .chain([empty])
            .max()
            .map_or(0, usize::from)
            + 1;
        let groups = shift_groups(&keys, bits);
        let exact = exact_groups(&keys, width, bits);
        MagicQuestion {
            keys,
            empty,
            attack_sets,
            width,
            bits,
            groups,
            exact,
        }
    }
}

impl MagicQuestion {
    /// The complement of magic `m` within the `width` bits that matter:
    /// `2^width - 1 - m`.
    fn complement(&self, m: u64) -> u64 {
        !m & ((1 << self.width) - 1)
    }

    /// Whether `m` is a magic, every key's slot computed directly.
    pub(crate) fn holds(&self, m: u64) -> bool {
        let drop = self.width - self.bits;
        let below_width = (1u64 << self.width) - 1;
        let mut slots = vec![FREE; 1 << self.bits];
        slots[0] = self.empty;
        self.keys.iter().all(|&(c, id)| {
            let slot = &mut slots[((c.wrapping_mul(m) & below_width) >> drop) as usize];
            let fits = *slot == FREE || *slot == id;
            *slot = id;
            fits
        })
    }
}

/// How many top bits of the magic split the work into parts: shards and
/// threads take parts.
const SETTLE_SPLIT: u32 = 12;

/// The lowest bit of the shift that the `shift_in_magic` and `shared`
/// schemes keep in a magic's top six bits.
const SHIFT_AT: u32 = 58;

/// `magic` with the shift of `bits` index bits in its top six bits, where
/// the `shift_in_magic` and `shared` schemes read it, or `None` when that
/// changes one of its low `width` bits, those that reach the index.
pub(crate) fn carry_shift(magic: u64, bits: u32, width: u32) -> Option<u64> {
    let carried = magic & ((1 << SHIFT_AT) - 1) | u64::from(64 - bits) << SHIFT_AT;
    let reach = 1u64.checked_shl(width).map_or(!0, |w| w - 1);
    ((carried ^ magic) & reach == 0).then_some(carried)
}

impl MagicQuestion {
    /// How many low bits of a magic reach the index: `64 - lsb(mask)`.
    pub fn width(&self) -> u32 {
        self.width
    }

    /// How many parts the magics are searched in, by their top 12 bits that
    /// matter: 4,096 (fewer when fewer than 12 bits matter).
    pub fn parts(&self) -> u64 {
        1 << SETTLE_SPLIT.min(self.width)
    }

    /// Searches part `part` (of [`parts`](Self::parts)): its lowest magic,
    /// or none.
    ///
    /// # Panics
    ///
    /// If `part` is not below [`parts`](Self::parts).
    pub fn part(&self, part: u64) -> Settled {
        let never = AtomicBool::new(false);
        self.part_until(part, &never)
            .expect("a flag nobody raises does not stop the search")
    }

    /// Searches part `part` as [`part`](Self::part) does, until `stop` is
    /// raised (from another thread: a time limit, a signal): then `Err`,
    /// and the part is neither ruled out nor known to hold a magic.
    ///
    /// ```
    /// use magic_search::{MagicQuestion, Piece};
    /// use std::sync::atomic::AtomicBool;
    /// let c1 = MagicQuestion::new(Piece::Bishop, 2, 4);
    /// let raised = AtomicBool::new(true);
    /// assert!(c1.part_until(0, &raised).is_err());
    /// let lowered = AtomicBool::new(false);
    /// assert_eq!(c1.part_until(0, &lowered).unwrap().magic, None);
    /// ```
    ///
    /// # Panics
    ///
    /// If `part` is not below [`parts`](Self::parts).
    pub fn part_until(&self, part: u64, stop: &AtomicBool) -> Result<Settled, Stopped> {
        self.part_from_until(part, self.first_of(part), stop)
    }

    /// The first magic of part `part` (its low `w` bits).
    ///
    /// ```
    /// use magic_search::{MagicQuestion, Piece};
    /// let c1 = MagicQuestion::new(Piece::Rook, 2, 10);
    /// assert_eq!(c1.first_of(1234), 1234 << 51);
    /// assert_eq!(c1.part_of(c1.first_of(1234)), 1234);
    /// ```
    pub fn first_of(&self, part: u64) -> u64 {
        part << (self.width - SETTLE_SPLIT.min(self.width))
    }

    /// The share of part `part`'s magics that lie below `magic`, from 0 to
    /// 1: how far a walk stopped there ([`Stopped::reached`]) got.
    ///
    /// ```
    /// use magic_search::{MagicQuestion, Piece};
    /// let h1 = MagicQuestion::new(Piece::Rook, 7, 11);
    /// let (first, next) = (h1.first_of(2688), h1.first_of(2689));
    /// assert_eq!(h1.share_below(2688, first), 0.0);
    /// assert_eq!(h1.share_below(2688, first + (next - first) / 4), 0.25);
    /// assert_eq!(h1.share_below(2688, next), 1.0);
    /// ```
    pub fn share_below(&self, part: u64, magic: u64) -> f64 {
        let size = self.first_of(1);
        let below = magic.saturating_sub(self.first_of(part)).min(size);
        below as f64 / size as f64
    }

    /// Searches part `part` from magic `from` on, as
    /// [`part_until`](Self::part_until) searches it whole, where a walk
    /// stopped before has ruled out every magic below `from`
    /// ([`Stopped::reached`]): the lowest magic of the part, or none, and
    /// the intervals looked at from `from` on (the magics from `from` to
    /// the part's end are walked as the aligned intervals they split into,
    /// each from its top, so the count differs a little from a walk of
    /// the whole part). A run cut short goes on from where it stopped.
    ///
    /// ```
    /// use magic_search::{MagicQuestion, Piece};
    /// use std::sync::atomic::{AtomicBool, Ordering};
    /// // Rook c2 at 9 bits: part 3,904 holds a magic. Stop a walk of it
    /// // at once, then go on from where it stopped.
    /// let c2 = MagicQuestion::new(Piece::Rook, 10, 9);
    /// let whole = c2.part(3_904);
    /// let raised = AtomicBool::new(true);
    /// let stopped = c2.part_until(3_904, &raised).unwrap_err();
    /// raised.store(false, Ordering::Relaxed);
    /// let rest = c2.part_from_until(3_904, stopped.reached, &raised).unwrap();
    /// assert_eq!(rest.magic, whole.magic);
    /// ```
    ///
    /// # Panics
    ///
    /// If `from` does not lie in part `part`, or `part` is not below
    /// [`parts`](Self::parts).
    pub fn part_from_until(
        &self,
        part: u64,
        from: u64,
        stop: &AtomicBool,
    ) -> Result<Settled, Stopped> {
        self.part_from_halting(
            part,
            from,
            Halt {
                flag: stop,
                by: None,
            },
        )
    }

    /// [`part_from_until`](Self::part_from_until), stopping also when the
    /// time `by` comes: a walk taken in slices, each going on where the
    /// one before stopped, so that how far it got can be kept as it goes.
    ///
    /// ```
    /// use magic_search::{MagicQuestion, Piece};
    /// use std::sync::atomic::AtomicBool;
    /// use std::time::{Duration, Instant};
    /// // Rook a1 at 11 bits: a part takes hours, a slice a tenth of a second.
    /// let a1 = MagicQuestion::new(Piece::Rook, 0, 11);
    /// let (first, never) = (a1.first_of(2688), AtomicBool::new(false));
    /// let by = Instant::now() + Duration::from_millis(100);
    /// let slice = a1.part_from_until_by(2688, first, &never, by).unwrap_err();
    /// assert!(slice.reached > first);
    /// let next = Instant::now() + Duration::from_millis(100);
    /// let on = a1.part_from_until_by(2688, slice.reached, &never, next).unwrap_err();
    /// assert!(on.reached > slice.reached);
    /// ```
    ///
    /// # Panics
    ///
    /// As [`part_from_until`](Self::part_from_until).
    pub fn part_from_until_by(
        &self,
        part: u64,
        from: u64,
        stop: &AtomicBool,
        by: Instant,
    ) -> Result<Settled, Stopped> {
        let halt = Halt {
            flag: stop,
            by: Some(by),
        };
        self.part_from_halting(part, from, halt)
    }

    /// [`part_from_until`](Self::part_from_until), until `halt`.
    fn part_from_halting(&self, part: u64, from: u64, halt: Halt) -> Result<Settled, Stopped> {
        self.walk_from(part, from, false, halt)
            .map(|(settled, _)| settled)
    }

    /// The walk of part `part` from magic `from` on, answering for the
    /// mirror too while `with_mirror` (see [`pair_until`](Self::pair_until))
    /// until a complement is found to be a magic: what the part holds, and
    /// whether the walk still answered for the mirror at its end.
    fn walk_from(
        &self,
        part: u64,
        from: u64,
        mut with_mirror: bool,
        halt: Halt,
    ) -> Result<(Settled, bool), Stopped> {
        assert!(part < self.parts(), "part {part} is past the last");
        assert_eq!(self.part_of(from), part, "{from:#x} lies in another part");
        let end = self.first_of(part) + (1 << (self.width - SETTLE_SPLIT.min(self.width)));
        let (mut at, mut nodes) = (from, 0);
        while at < end {
            // The largest aligned interval from `at` that ends by `end`.
            let k = at.trailing_zeros().min((end - at).ilog2());
            let extra = u64::from(with_mirror);
            let (magic, still, seen) =
                self.walk(at, k, extra, halt).map_err(|stopped| Stopped {
                    nodes: nodes + stopped.nodes,
                    ..stopped
                })?;
            nodes += seen;
            // Once a complement is a magic, only the part is left to walk:
            // by itself, which costs less.
            with_mirror = still;
            if magic.is_some() {
                return Ok((Settled { magic, nodes }, with_mirror));
            }
            at += 1 << k;
        }
        Ok((Settled { magic: None, nodes }, with_mirror))
    }

    /// The part whose magics are the complements (`2^w - 1 - m`) of those
    /// of part `part`: `parts - 1 - part`.
    ///
    /// ```
    /// use magic_search::{MagicQuestion, Piece};
    /// let c1 = MagicQuestion::new(Piece::Rook, 2, 10);
    /// assert_eq!((c1.parts(), c1.mirror(0), c1.mirror(1234)), (4096, 4095, 2861));
    /// ```
    pub fn mirror(&self, part: u64) -> u64 {
        self.parts() - 1 - part
    }

    /// The parts whose magics can carry their shift, `64 - bits`, in their
    /// top six bits, where the `shift_in_magic` and `shared` schemes read it
    /// (`magic >> 58`): every part where at most 58 bits of a magic matter,
    /// but where more do (a rook on the first rank: 63), only those whose
    /// top bits are the shift's.
    ///
    /// ```
    /// use magic_search::{MagicQuestion, Piece};
    /// // Rook c1: 63 bits matter, and 10 bits take the shift 54, 0b110110;
    /// // bits 58 to 62 of a magic are its low five, 0b10110 = 22, the top
    /// // five bits of the part.
    /// let c1 = MagicQuestion::new(Piece::Rook, 2, 10);
    /// assert_eq!(c1.shift_carrying_parts(), 22 << 7..23 << 7);
    /// // Rook c2: 55 bits matter; the shift takes bits no product reaches.
    /// let c2 = MagicQuestion::new(Piece::Rook, 10, 9);
    /// assert_eq!(c2.shift_carrying_parts(), 0..c2.parts());
    /// ```
    pub fn shift_carrying_parts(&self) -> Range<u64> {
        let fixed = self.width.saturating_sub(SHIFT_AT);
        let free = SETTLE_SPLIT.min(self.width) - fixed;
        let top = u64::from(64 - self.bits) & ((1 << fixed) - 1);
        top << free..(top + 1) << free
    }

    /// `magic` (its low `w` bits, as a settle finds it) with its shift in
    /// its top six bits, or `None` when that would change bits that reach
    /// the index: when it lies outside the
    /// [`shift_carrying_parts`](Self::shift_carrying_parts).
    ///
    /// ```
    /// use magic_search::{MagicQuestion, Piece};
    /// let c1 = MagicQuestion::new(Piece::Rook, 2, 10);
    /// assert_eq!(c1.carrying_shift(22 << 58 | 0x123), Some(54 << 58 | 0x123));
    /// assert_eq!(c1.carrying_shift(21 << 58 | 0x123), None);
    /// ```
    pub fn carrying_shift(&self, magic: u64) -> Option<u64> {
        carry_shift(magic, self.bits, self.width)
    }

    /// The part that holds `magic`, by its low `w` bits.
    ///
    /// ```
    /// use magic_search::{MagicQuestion, Piece};
    /// let c1 = MagicQuestion::new(Piece::Rook, 2, 10);
    /// assert_eq!(c1.part_of(0x8000_0000_0000_0000 | 1234 << 51 | 99), 1234);
    /// ```
    pub fn part_of(&self, magic: u64) -> u64 {
        let reach = (1 << self.width) - 1;
        (magic & reach) >> (self.width - SETTLE_SPLIT.min(self.width))
    }

    /// Searches part `part` and its [`mirror`](Self::mirror) in one walk,
    /// as [`part_until`](Self::part_until) searches each: what it finds in
    /// the part, and in the mirror, or `None` for the mirror when the walk
    /// left it open: when it stopped at a magic of the part, or found a
    /// complement that is a magic (the mirror then holds one, and a search
    /// of the mirror by itself finds its lowest). The intervals are counted
    /// in the part.
    ///
    /// For an occupancy's key `c`, the index of the complement `!m` is
    /// that of `-(m + 1)`: the top bits of `-c (m + 1)`, which, mirrored
    /// (`2^bits - 1 - index`), are the index of `c x` for `x` just below
    /// `m + 1`. So a walk that reads every key up to the next magic, not
    /// included, knows the indices of the magics of an interval and of
    /// their complements at once, one the other mirrored; the attack sets
    /// that clash are the same, and only the empty occupancy, always at
    /// slot 0, takes slot 0 for the one and the top slot for the other.
    /// Ruling out a part and its mirror then costs about what one part
    /// costs, where the table has a few hundred slots or more: with fewer,
    /// holding neither slot for the empty occupancy until another attack
    /// set takes one rules out too little.
    ///
    /// ```
    /// use magic_search::{MagicQuestion, Piece};
    /// let b1 = MagicQuestion::new(Piece::Bishop, 1, 4);
    /// for part in [0, 5, 1000, 2047] {
    ///     let (low, high) = b1.pair(part);
    ///     assert_eq!(low.magic, b1.part(part).magic);
    ///     if let Some(high) = high {
    ///         assert_eq!(high.magic, b1.part(b1.mirror(part)).magic);
    ///     }
    /// }
    /// ```
    pub fn pair_until(
        &self,
        part: u64,
        stop: &AtomicBool,
    ) -> Result<(Settled, Option<Settled>), Stopped> {
        self.pair_from_until(part, self.first_of(part), stop)
    }

    /// Searches part `part` and its mirror as [`pair_until`](Self::pair_until)
    /// does, from magic `from` on, where a walk of the pair stopped before
    /// still answering for the mirror ([`Stopped::with_mirror`]) has ruled
    /// out every magic of the part below `from` and every complement of
    /// them: what the part holds and the mirror, as `pair_until` answers,
    /// and the intervals from `from` on. A walk stopped once it no longer
    /// answered for the mirror goes on with
    /// [`part_from_until`](Self::part_from_until) instead.
    ///
    /// ```
    /// use magic_search::{MagicQuestion, Piece};
    /// use std::sync::atomic::{AtomicBool, Ordering};
    /// // Rook c2 at 9 bits: parts 194 and 3,901 hold no magic. Stop a walk
    /// // of the pair at once, then go on from where it stopped.
    /// let c2 = MagicQuestion::new(Piece::Rook, 10, 9);
    /// let raised = AtomicBool::new(true);
    /// let stopped = c2.pair_until(194, &raised).unwrap_err();
    /// assert!(stopped.with_mirror);
    /// raised.store(false, Ordering::Relaxed);
    /// let (low, high) = c2.pair_from_until(194, stopped.reached, &raised).unwrap();
    /// assert_eq!((low.magic, high.map(|h| h.magic)), (None, Some(None)));
    /// ```
    ///
    /// # Panics
    ///
    /// If `from` does not lie in part `part`, or `part` is not below
    /// [`parts`](Self::parts).
    pub fn pair_from_until(
        &self,
        part: u64,
        from: u64,
        stop: &AtomicBool,
    ) -> Result<(Settled, Option<Settled>), Stopped> {
        let halt = Halt {
            flag: stop,
            by: None,
        };
        self.pair_from_halting(part, from, halt)
    }

    /// [`pair_from_until`](Self::pair_from_until), stopping also when the
    /// time `by` comes, as [`part_from_until_by`](Self::part_from_until_by)
    /// does for one part.
    ///
    /// # Panics
    ///
    /// As [`pair_from_until`](Self::pair_from_until).
    pub fn pair_from_until_by(
        &self,
        part: u64,
        from: u64,
        stop: &AtomicBool,
        by: Instant,
    ) -> Result<(Settled, Option<Settled>), Stopped> {
        let halt = Halt {
            flag: stop,
            by: Some(by),
        };
        self.pair_from_halting(part, from, halt)
    }

    /// [`pair_from_until`](Self::pair_from_until), until `halt`.
    fn pair_from_halting(
        &self,
        part: u64,
        from: u64,
        halt: Halt,
    ) -> Result<(Settled, Option<Settled>), Stopped> {
        let (low, with_mirror) = self.walk_from(part, from, true, halt)?;
        // A walk that stopped at a magic, or found a complement that is one,
        // did not see every complement.
        let mirror = (low.magic.is_none() && with_mirror).then_some(Settled {
            magic: None,
            nodes: 0,
        });
        Ok((low, mirror))
    }

    /// [`pair_until`](Self::pair_until) with no way to stop it.
    ///
    /// # Panics
    ///
    /// If `part` is not below [`parts`](Self::parts).
    pub fn pair(&self, part: u64) -> (Settled, Option<Settled>) {
        let never = AtomicBool::new(false);
        self.pair_until(part, &never)
            .expect("a flag nobody raises does not stop the search")
    }

    /// Whether walking a part and its mirror at once
    /// ([`pair_until`](Self::pair_until)) costs less than walking them one
    /// by one: with at least 64 slots. With fewer, holding neither slot 0
    /// nor the top slot for the empty occupancy until another attack set
    /// takes one rules out too little (on 1 part in 61 of bishops b1, c1,
    /// d1 and b2 at 3 and 4 bits, with their mirrors: 0.85 to 1.45 times
    /// the intervals of the parts one by one, against 0.67 for bishop c3 at
    /// 6 bits and 0.54 for rook c2 at 9).
    ///
    /// ```
    /// use magic_search::{MagicQuestion, Piece};
    /// assert!(MagicQuestion::new(Piece::Rook, 2, 10).pairs_pay());
    /// assert!(!MagicQuestion::new(Piece::Bishop, 2, 4).pairs_pay());
    /// ```
    pub fn pairs_pay(&self) -> bool {
        self.bits >= 6
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::rays::Rays;
    use crate::{relevant_mask, SplitMix64};

    /// The lowest of `magics` for a problem, every one tried: the index
    /// taken from the product of the occupancy itself, as a table reads it.
    fn lowest_by_trying(ids: &[(u64, u8)], bits: u32, magics: Range<u64>) -> Option<u64> {
        magics.into_iter().find(|&m| {
            let mut slots = vec![FREE; 1 << bits];
            ids.iter().all(|&(occ, id)| {
                let slot = &mut slots[(occ.wrapping_mul(m) >> (64 - bits)) as usize];
                let fits = *slot == FREE || *slot == id;
                *slot = id;
                fits
            })
        })
    }

    /// A made-up square whose mask lies in the top `width` bits (so that
    /// every magic can be tried), with `mask_bits` bits, and whose
    /// occupancies fall into `classes` random classes.
    fn made_up(
        rng: &mut SplitMix64,
        width: u32,
        mask_bits: u64,
        classes: u64,
    ) -> (u64, Vec<(u64, u8)>) {
        let low = 64 - width;
        let mut mask = 1u64 << low;
        while u64::from(mask.count_ones()) < mask_bits {
            mask |= 1 << (low + 1 + (rng.next_u64() % u64::from(width - 1)) as u32);
        }
        let mut ids = Vec::new();
        let mut occ = 0u64;
        loop {
            ids.push((occ, (rng.next_u64() % classes) as u8));
            occ = occ.wrapping_sub(mask) & mask;
            if occ == 0 {
                break;
            }
        }
        (mask, ids)
    }

    /// A made-up square small enough to try every magic, `widths` bits
    /// of which matter, with three to five mask bits and an index of two to
    /// four bits: its width, index bits, mask and occupancies.
    pub(crate) fn small_made_up(
        rng: &mut SplitMix64,
        widths: Range<u32>,
    ) -> (u32, u32, u64, Vec<(u64, u8)>) {
        let width = widths.start + (rng.next_u64() % u64::from(widths.len() as u32)) as u32;
        let mask_bits = 3 + rng.next_u64() % 3;
        let bits = 2 + (rng.next_u64() % 3) as u32;
        let classes = 2 + rng.next_u64() % (1 << bits);
        let (mask, ids) = made_up(rng, width, mask_bits, classes);
        (width, bits, mask, ids)
    }

    /// A made-up square for 64 slots, too wide to try every magic (20 to
    /// 28 bits matter), with six to eight mask bits: 64 to 256 occupancies.
    fn wide_made_up(rng: &mut SplitMix64) -> (u64, Vec<(u64, u8)>) {
        let width = 20 + (rng.next_u64() % 9) as u32;
        let mask_bits = 6 + rng.next_u64() % 3;
        let classes = 2 + rng.next_u64() % 24;
        made_up(rng, width, mask_bits, classes)
    }

    /// The question of a made-up square.
    pub(crate) fn question(mask: u64, ids: &[(u64, u8)], bits: u32) -> MagicQuestion {
        let low = mask.trailing_zeros();
        let keys = ids[1..].iter().map(|&(o, id)| (o >> low, id)).collect();
        MagicQuestion::with_keys(keys, ids[0].1, 64 - low, bits)
    }

    /// The lowest magic the search finds for a question, and the intervals
    /// it looks at up to the part that holds it.
    fn settling(question: &MagicQuestion) -> (Option<u64>, u64) {
        let mut nodes = 0;
        for part in 0..question.parts() {
            let settled = question.part(part);
            nodes += settled.nodes;
            if settled.magic.is_some() {
                return (settled.magic, nodes);
            }
        }
        (None, nodes)
    }

    /// On made-up squares, the search finds the lowest magic there is, or
    /// none when there is none.
    #[test]
    fn the_search_finds_the_lowest_magic_every_magic_tried_finds() {
        let mut rng = SplitMix64::new(5);
        let (mut found, mut none) = (0, 0);
        for round in 0..400 {
            let (width, bits, mask, ids) = small_made_up(&mut rng, 10..17);
            let expected = lowest_by_trying(&ids, bits, 0..1 << width);
            assert_eq!(
                settling(&question(mask, &ids, bits)).0,
                expected,
                "round {round}: mask {mask:#x}, {bits} bits"
            );
            match expected {
                Some(_) => found += 1,
                None => none += 1,
            }
        }
        // Both answers were checked.
        assert!(found > 100 && none > 100, "{found} found, {none} none");
    }

    /// Whether a pair's answer is the lowest magic of each part, `expected`:
    /// the mirror's may be left open only where the walk stopped at a
    /// magic of the part or of the mirror.
    fn pair_agrees(
        (low, high): (Settled, Option<Settled>),
        expected: (Option<u64>, Option<u64>),
    ) -> bool {
        low.magic == expected.0
            && match high {
                Some(high) => high.magic == expected.1,
                None => expected.0.is_some() || expected.1.is_some(),
            }
    }

    /// On made-up squares, a walk of a part and its mirror finds in each
    /// the lowest magic that trying every magic of the part finds, or none.
    #[test]
    fn a_part_and_its_mirror_walked_at_once_give_what_trying_every_magic_gives() {
        let mut rng = SplitMix64::new(11);
        let (mut low, mut high, mut none) = (0, 0, 0);
        for round in 0..150 {
            let (width, bits, mask, ids) = small_made_up(&mut rng, 8..14);
            let q = question(mask, &ids, bits);
            let per_part = 1u64 << (width - SETTLE_SPLIT.min(width));
            let lowest_in =
                |part: u64| lowest_by_trying(&ids, bits, part * per_part..(part + 1) * per_part);
            for part in 0..q.parts() / 2 {
                let expected = (lowest_in(part), lowest_in(q.mirror(part)));
                assert!(
                    pair_agrees(q.pair(part), expected),
                    "round {round}, part {part}: mask {mask:#x}, {bits} bits, {expected:?}"
                );
                match expected {
                    (Some(_), _) => low += 1,
                    (None, Some(_)) => high += 1,
                    (None, None) => none += 1,
                }
            }
        }
        // Each way a pair can come out was checked.
        assert!(
            low > 100 && high > 100 && none > 100,
            "{low}, {high}, {none}"
        );
    }

    /// The first-rank rooks whose seventh-rank square moves the index by
    /// whole slots: from the f-file on at 11 bits, from the g-file on at
    /// 10; h1 at 11 bits by `4 (m mod 512)` slots.
    #[test]
    fn the_seventh_rank_moves_a_first_rank_rooks_index_by_whole_slots_from_the_f_file_on() {
        let shifts = |sq: usize, bits: u32| -> Vec<(usize, usize)> {
            let q = MagicQuestion::new(Piece::Rook, sq, bits);
            q.exact.iter().map(|g| g.shifts()).collect()
        };
        assert_eq!(shifts(7, 11), [(512, 4)]);
        assert_eq!(shifts(6, 11), [(1024, 2)]);
        assert_eq!(shifts(5, 11), [(2048, 1)]);
        assert_eq!(shifts(4, 11), []);
        assert_eq!(shifts(7, 10), [(512, 2)]);
        assert_eq!(shifts(6, 10), [(1024, 1)]);
        assert_eq!(shifts(5, 10), []);
    }

    /// On made-up squares whose parts are small enough to try every magic
    /// of one, a part searched from any magic up to its lowest (where a
    /// walk stopped before may have got) gives that lowest magic, or none,
    /// as trying them gives.
    #[test]
    fn a_part_searched_from_where_a_walk_stopped_gives_its_lowest_magic() {
        let mut rng = SplitMix64::new(19);
        let (mut found, mut none) = (0, 0);
        for round in 0..100 {
            // Parts of 64 to 4,096 magics, each tried.
            let (width, bits, mask, ids) = small_made_up(&mut rng, 18..25);
            let q = question(mask, &ids, bits);
            let per_part = 1u64 << (width - SETTLE_SPLIT.min(width));
            for _ in 0..4 {
                let part = rng.next_u64() % q.parts();
                let magics = part * per_part..(part + 1) * per_part;
                let lowest = lowest_by_trying(&ids, bits, magics.clone());
                let up_to = lowest.unwrap_or(magics.end - 1);
                let from = magics.start + rng.next_u64() % (up_to - magics.start + 1);
                let never = AtomicBool::new(false);
                let settled = q.part_from_until(part, from, &never).unwrap();
                assert_eq!(
                    settled.magic, lowest,
                    "round {round}, part {part}, from {from}"
                );
                match lowest {
                    Some(_) => found += 1,
                    None => none += 1,
                }
            }
        }
        assert!(found > 40 && none > 40, "{found} found, {none} none");
    }

    /// Rook c2 at 9 bits, part 3,904 (it holds a magic), walked in slices
    /// of a millisecond, each from where the one before stopped, as
    /// `settle --keep-every` walks a part: the same lowest magic as one
    /// walk, however the slices fall.
    #[test]
    fn a_part_walked_in_slices_gives_the_lowest_magic_of_one_walk() {
        let c2 = MagicQuestion::new(Piece::Rook, 10, 9);
        let whole = c2.part(3_904);
        assert!(whole.magic.is_some());
        let never = AtomicBool::new(false);
        let mut from = c2.first_of(3_904);
        let sliced = loop {
            let by = Instant::now() + std::time::Duration::from_millis(1);
            match c2.part_from_until_by(3_904, from, &never, by) {
                Ok(settled) => break settled.magic,
                Err(stopped) => {
                    assert!(stopped.reached >= from);
                    assert!(whole.magic.is_some_and(|m| stopped.reached <= m));
                    from = stopped.reached;
                }
            }
        };
        assert_eq!(sliced, whole.magic);
    }

    /// A pair walked in slices, each going on where the one before
    /// stopped (by itself once it no longer answers for the mirror), gives
    /// what one walk of the pair gives, however the slices fall: where
    /// neither part holds a magic (rook c2 at 9 bits, parts 194 and
    /// 3,901), where the part does (c2, 64), and where the mirror does
    /// (rook c3 at 10 bits, parts 1 and 4,094), which the walk finds as a
    /// complement near the part's end, leaving the rest to walk alone.
    #[test]
    fn a_pair_walked_in_slices_gives_what_one_walk_of_it_gives() {
        let c2 = MagicQuestion::new(Piece::Rook, 10, 9);
        let c3 = MagicQuestion::new(Piece::Rook, 18, 10);
        let never = AtomicBool::new(false);
        for (q, part, case) in [(&c2, 194, "none"), (&c2, 64, "part"), (&c3, 1, "mirror")] {
            let whole = q.pair(part);
            let seen = match whole {
                (Settled { magic: Some(_), .. }, None) => "part",
                (_, Some(_)) => "none",
                (_, None) => "mirror",
            };
            assert_eq!(seen, case, "part {part}");
            let mut at = Stopped {
                nodes: 0,
                reached: q.first_of(part),
                with_mirror: true,
            };
            let (mut slices, mut alone) = (0, false);
            let sliced = loop {
                let by = Instant::now() + std::time::Duration::from_micros(300);
                let walked = match at.with_mirror {
                    true => q.pair_from_until_by(part, at.reached, &never, by),
                    false => {
                        (q.part_from_until_by(part, at.reached, &never, by)).map(|low| (low, None))
                    }
                };
                match walked {
                    Ok((low, high)) => break (low.magic, high),
                    Err(stopped) => {
                        assert!(stopped.reached >= at.reached);
                        // Once alone, alone to the end.
                        assert!(at.with_mirror || !stopped.with_mirror);
                        alone |= !stopped.with_mirror;
                        slices += 1;
                        // Each slice goes on: a few hundred are plenty.
                        assert!(slices < 10_000, "part {part}: no progress");
                        at = stopped;
                    }
                }
            };
            assert!(slices > 2, "{slices} slices");
            assert_eq!(sliced, (whole.0.magic, whole.1), "part {part}");
            // The walk went on alone where, and only where, the mirror's
            // magic made it.
            if case != "part" {
                assert_eq!(alone, case == "mirror", "part {part}");
            }
        }
    }

    /// On made-up squares of 64 slots small enough to try every magic,
    /// with key bits that move the index by whole slots, the search with
    /// the [`ExactShifts`] finds the lowest magic there is, or none, and
    /// rules some intervals out that the walk without them looks at.
    #[test]
    fn the_exact_shifts_keep_the_lowest_magic_every_magic_tried_finds() {
        let mut rng = SplitMix64::new(17);
        let (mut found, mut none, mut pruned, mut rounds) = (0, 0, 0, 0);
        while rounds < 100 {
            let width = 14 + (rng.next_u64() % 2) as u32;
            let (mask_bits, classes) = (6 + rng.next_u64() % 2, 2 + rng.next_u64() % 12);
            let (mask, ids) = made_up(&mut rng, width, mask_bits, classes);
            let with = question(mask, &ids, 6);
            if with.exact.is_empty() {
                continue;
            }
            rounds += 1;
            let expected = lowest_by_trying(&ids, 6, 0..1 << width);
            let (magic, nodes) = settling(&with);
            assert_eq!(magic, expected, "round {rounds}: mask {mask:#x}");
            let without = MagicQuestion {
                exact: Vec::new(),
                ..question(mask, &ids, 6)
            };
            let (alone, more) = settling(&without);
            assert_eq!(alone, expected, "round {rounds}: mask {mask:#x}");
            assert!(nodes <= more, "round {rounds}: {nodes} against {more}");
            pruned += usize::from(nodes < more);
            match expected {
                Some(_) => found += 1,
                None => none += 1,
            }
        }
        assert!(found > 5 && none > 5, "{found} found, {none} none");
        assert!(pruned >= 50, "fewer intervals in {pruned} of 100");
    }

    /// With 64 slots or more, the lookahead rules intervals out before
    /// their keys are known, and finds in every part the same lowest magic,
    /// or none, as the walk alone (which the test above checks against
    /// trying every magic), on made-up squares too wide to try them all.
    #[test]
    fn the_lookahead_keeps_the_lowest_magic_the_walk_alone_finds() {
        let mut rng = SplitMix64::new(7);
        let (mut found, mut none, mut pruned) = (0, 0, 0);
        let rounds = 24;
        for round in 0..rounds {
            let (mask, ids) = wide_made_up(&mut rng);
            let looking = question(mask, &ids, 6);
            assert!(
                !looking.groups.is_empty(),
                "round {round}: nothing to look ahead with"
            );
            let walk_alone = MagicQuestion {
                groups: Vec::new(),
                exact: Vec::new(),
                ..question(mask, &ids, 6)
            };
            let (mut nodes, mut more) = (0, 0);
            for part in (0..looking.parts()).step_by(128) {
                let (ahead, alone) = (looking.part(part), walk_alone.part(part));
                assert_eq!(
                    ahead.magic, alone.magic,
                    "round {round}, part {part}: mask {mask:#x}"
                );
                match alone.magic {
                    Some(_) => found += 1,
                    None => none += 1,
                }
                nodes += ahead.nodes;
                more += alone.nodes;
            }
            assert!(
                nodes <= more,
                "round {round}: {nodes} intervals against {more}"
            );
            if nodes < more {
                pruned += 1;
            }
        }
        assert!(
            found > 50 && none > 50,
            "{found} parts with a magic, {none} without"
        );
        // With this seed it rules intervals out on 9 of the 24 squares.
        assert!(
            pruned >= rounds / 3,
            "fewer intervals in {pruned} of {rounds}"
        );
    }

    /// With the lookahead, on made-up squares too wide to try every magic
    /// and on rook c2 at 9 bits, a part and its mirror walked at once give
    /// the answers of the two parts walked one by one (checked against
    /// trying every magic above), from about half the intervals.
    #[test]
    fn with_the_lookahead_a_pair_gives_its_parts_answers_from_half_the_intervals() {
        let mut rng = SplitMix64::new(13);
        let (mut found, mut none) = (0, 0);
        for round in 0..16 {
            let (mask, ids) = wide_made_up(&mut rng);
            let q = question(mask, &ids, 6);
            for part in (0..q.parts() / 2).step_by(97) {
                let (c, d) = (q.part(part), q.part(q.mirror(part)));
                assert!(
                    pair_agrees(q.pair(part), (c.magic, d.magic)),
                    "round {round}, part {part}: mask {mask:#x}"
                );
                match (c.magic, d.magic) {
                    (None, None) => none += 1,
                    _ => found += 1,
                }
            }
        }
        assert!(
            found > 20 && none > 20,
            "{found} pairs with a magic, {none} without"
        );
        // Part 3,233 of rook c2 and its mirror hold no magic.
        let c2 = MagicQuestion::new(Piece::Rook, 10, 9);
        let (a, b) = c2.pair(3_233);
        let b = b.expect("a walk that found nothing settles the mirror");
        let (c, d) = (c2.part(3_233), c2.part(c2.mirror(3_233)));
        assert_eq!(
            (a.magic, b.magic, c.magic, d.magic),
            (None, None, None, None)
        );
        let (paired, one_by_one) = (a.nodes + b.nodes, c.nodes + d.nodes);
        assert!(
            10 * paired < 6 * one_by_one,
            "{paired} intervals against {one_by_one}"
        );
    }

    /// On rook c2 at 9 bits, the lookahead gives the walk's answer, no
    /// magic in one part and a magic in the other, from fewer intervals.
    #[test]
    fn the_lookahead_gives_the_same_answers_from_fewer_intervals() {
        let with = MagicQuestion::new(Piece::Rook, 10, 9);
        let without = MagicQuestion {
            groups: Vec::new(),
            exact: Vec::new(),
            ..MagicQuestion::new(Piece::Rook, 10, 9)
        };
        let answers = [3_233, 3_904].map(|part| (with.part(part), without.part(part)));
        for (a, b) in answers {
            assert_eq!(a.magic, b.magic);
            assert!(
                2 * a.nodes < b.nodes,
                "{} intervals against {}",
                a.nodes,
                b.nodes
            );
        }
        assert_eq!(answers.map(|(a, _)| a.magic.is_some()), [false, true]);
    }

    /// Rook c1 at 12 bits: the lowest magic of the first part that can
    /// carry the shift, with its shift put in, indexes every occupancy as
    /// a `shift_in_magic` table reads it (`>> (magic >> 58)`) with no two
    /// attack sets on one slot; the lowest magic of the part just below
    /// cannot carry it.
    #[test]
    fn a_magic_of_the_parts_that_carry_the_shift_keeps_it_in_its_top_bits() {
        let c1 = MagicQuestion::new(Piece::Rook, 2, 12);
        let (mask, rays) = (relevant_mask(Piece::Rook, 2), Rays::new(Piece::Rook, 2));
        let indexes_all = |magic: u64| {
            let mut slots = vec![None; 1 << 12];
            let mut occ = 0u64;
            loop {
                let index = (occ.wrapping_mul(magic) >> (magic >> 58)) as usize;
                let attacks = rays.attacks(occ);
                if *slots[index].get_or_insert(attacks) != attacks {
                    return false;
                }
                occ = occ.wrapping_sub(mask) & mask;
                if occ == 0 {
                    return true;
                }
            }
        };
        let parts = c1.shift_carrying_parts();
        assert_eq!(parts.end - parts.start, 128);
        let lowest = |part| {
            c1.part(part)
                .magic
                .expect("rook c1 has magics with 12 bits")
        };
        let carried = c1.carrying_shift(lowest(parts.start));
        assert!(carried.is_some_and(indexes_all), "{carried:x?}");
        assert_eq!(c1.carrying_shift(lowest(parts.start - 1)), None);
    }
}
