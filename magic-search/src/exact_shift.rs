//! A lookahead for [`settle`](crate::MagicQuestion)'s walk over the keys
//! whose bit moves the index by whole slots.
//!
//! The index drops the low `w - bits` bits of `c m mod 2^w`. Where a bit
//! `p` of the keys is at least that high, `2^p m mod 2^w` is
//! `2^p (m mod 2^(w - p))`, a whole number of slots: the shift
//! `d = r << e`, with `r = m mod 2^(w - p)` and `e = p - (w - bits)`. So
//! every key `c' + 2^p` (bit `p` clear in `c'`) lies exactly `d` slots
//! after `c'`, whatever the magic's other bits, and `r` is made of the
//! magic's lowest bits, which the walk fixes last. A rook on the first
//! rank has such a bit from the f-file on at 11 bits and from the g-file
//! on at 10 (its seventh-rank square), and half of its keys hold it: the
//! walk alone knows those only at single magics, and the [`Lookahead`]
//! only a few levels above.
//!
//! Here each `r` is ruled out as soon as a known key `c'` at slot `s`
//! finds slot `s + d` held by another attack set than that of `c' + 2^p`,
//! and an interval is ruled out when none of the `r` its magics take is
//! left. Only slots a multiple of `2^e` apart meet, so each of the `2^e`
//! classes of slots (by `s mod 2^e`) is a bit set of its own, of
//! `2^(w - p)` bits, as is the set of the `r` ruled out: a key known, or
//! a slot held, rules out a rotation of one class in a few words.
//!
//! It pays less than its first-level pruning suggests, as each key costs
//! two such rotations: on rook h1 at 10 bits (the part 2816, which holds
//! no magic) the walk looks at 52.7 million intervals instead of 108.8
//! million, in 47.5 s instead of 58.9 s. The walk tells it of an
//! interval's slots and keys only where it goes down from there, not in
//! the intervals that clash or end: 41.5 s against 46.9 s, side by side.
//!
//! [`Lookahead`]: crate::shift_lookahead

/// No attack set.
const NONE: u8 = u8::MAX;

/// The keys `c' + 2^bit` for one bit that moves the index by whole slots.
pub(crate) struct ExactGroup {
    /// How many low bits of the magic the shift takes, `w - bit`: `r`
    /// takes `2^(w - bit)` values, each a bit of a class.
    period_bits: u32,
    /// The shift is `r << step_bits` slots: `bit - w + bits`.
    step_bits: u32,
    /// The attack set of the key `2^bit` alone, when it is a key: the sum
    /// of the empty occupancy, which lies at slot 0.
    alone: Option<u8>,
    /// For every key index, the attack set of the key plus `2^bit`, or
    /// `NONE` when bit `bit` is set in the key or the sum is no key.
    target: Vec<u8>,
}

impl ExactGroup {
    /// How many values `r` takes, and how many slots apart they are:
    /// `2^period_bits` and `2^step_bits`.
    #[cfg(test)]
    pub(crate) fn shifts(&self) -> (usize, usize) {
        (1 << self.period_bits, 1 << self.step_bits)
    }
}

/// The groups of `keys` (sorted by `c`, every one distinct and nonzero)
/// of a question whose magics' low `width` bits reach an index of `bits`
/// bits: those whose classes of slots fill a word or more.
pub(crate) fn exact_groups(keys: &[(u64, u8)], width: u32, bits: u32) -> Vec<ExactGroup> {
    let drop = width - bits;
    let all = keys.iter().fold(0, |m, &(c, _)| m | c);
    let id_of = |c: u64| {
        keys.binary_search_by_key(&c, |&(k, _)| k)
            .ok()
            .map(|i| keys[i].1)
    };
    (drop..width)
        .filter(|&bit| all >> bit & 1 == 1 && width - bit >= 6)
        .map(|bit| ExactGroup {
            period_bits: width - bit,
            step_bits: bit - drop,
            alone: id_of(1 << bit),
            target: keys
                .iter()
                .map(|&(c, _)| match c >> bit & 1 {
                    0 => id_of(c | 1 << bit).unwrap_or(NONE),
                    _ => NONE,
                })
                .collect(),
        })
        .collect()
}

/// A known key: where it lies in `known_any` and `known_by`, its target,
/// and whether it made each of those bits new, and its slot mixed.
#[derive(Clone, Copy)]
struct Known {
    at: usize,
    target: u8,
    new_any: bool,
    new_by: bool,
    new_mixed: bool,
}

/// A group's state along the walk's path. Its bit sets are the table's
/// slots class by class: slot `s` is bit `s >> e` of class `s mod 2^e`.
struct GroupState {
    /// `e`: there are `2^e` classes.
    step_bits: u32,
    /// Words in a class: `2^period_bits / 64`.
    class_words: usize,
    or_rotated: OrRotated,
    /// The slots each attack set holds (one table after another), and
    /// those any holds.
    held_by: Vec<u64>,
    held_any: Vec<u64>,
    /// The slots of the known keys with a target, each at bit `-(s >> e)`
    /// of its class (so that a rotation by `t >> e` puts it at `r`): of
    /// all of them, and of those of each target.
    known_any: Vec<u64>,
    known_by: Vec<u64>,
    /// The slots, as in `known_any`, of known keys of two targets or more
    /// (never on a rook's table: keys of one attack set have one target),
    /// how many there are, and a class of none, to rotate.
    mixed: Vec<u64>,
    mixed_count: usize,
    none: Vec<u64>,
    /// The `r` ruled out, and their copies on entering each interval of
    /// the path.
    ruled: Vec<u64>,
    saved: Vec<u64>,
    /// The keys known, in order, and how many were on entering each
    /// interval of the path.
    known: Vec<Known>,
    known_at: Vec<usize>,
}

impl GroupState {
    fn new(group: &ExactGroup, attack_sets: usize) -> Self {
        let class_words = (1 << group.period_bits) / 64;
        let words = class_words << group.step_bits;
        GroupState {
            step_bits: group.step_bits,
            class_words,
            or_rotated: or_rotated_for(class_words),
            held_by: vec![0; words * attack_sets],
            held_any: vec![0; words],
            known_any: vec![0; words],
            known_by: vec![0; words * attack_sets],
            mixed: vec![0; words],
            mixed_count: 0,
            none: vec![0; class_words],
            ruled: vec![0; class_words],
            saved: Vec::new(),
            known: Vec::new(),
            known_at: Vec::new(),
        }
    }

    /// Words in a table: all the classes.
    fn words(&self) -> usize {
        self.class_words << self.step_bits
    }

    /// The first word of the class of `slot`, and the bit of `slot` in it.
    fn class_of(&self, slot: usize) -> (usize, usize) {
        let class = slot & ((1 << self.step_bits) - 1);
        (class * self.class_words, slot >> self.step_bits)
    }

    /// Attack set `id` now holds `slot`: every `r` that puts the sum of a
    /// known key of another target there is ruled out.
    fn hold(&mut self, slot: usize, id: u8) {
        let (class, at) = self.class_of(slot);
        let (word, bit) = (class + at / 64, 1u64 << (at % 64));
        let table = id as usize * self.words();
        self.held_by[table + word] |= bit;
        self.held_any[word] |= bit;
        // `r = (slot - s) >> e` for each known key `s` of this class of
        // another target, or of several.
        let class = class..class + self.class_words;
        (self.or_rotated)(
            &mut self.ruled,
            &self.known_any[class.clone()],
            &self.known_by[table..][class.clone()],
            at,
        );
        if self.mixed_count != 0 {
            (self.or_rotated)(&mut self.ruled, &self.mixed[class], &self.none, at);
        }
    }

    fn release(&mut self, slot: usize, id: u8) {
        let (class, at) = self.class_of(slot);
        let (word, bit) = (class + at / 64, 1u64 << (at % 64));
        let table = id as usize * self.words();
        self.held_by[table + word] &= !bit;
        self.held_any[word] &= !bit;
    }

    /// A key whose sum is of attack set `target` lies at `slot`: every `r`
    /// that puts the sum on a slot another attack set holds is ruled out.
    fn know(&mut self, slot: usize, target: u8) {
        let (class, at) = self.class_of(slot);
        let back = (self.class_words * 64 - at) & (self.class_words * 64 - 1);
        let table = target as usize * self.words();
        // `r = (t - slot) >> e` for each slot `t` of this class.
        let range = class..class + self.class_words;
        (self.or_rotated)(
            &mut self.ruled,
            &self.held_any[range.clone()],
            &self.held_by[table..][range],
            back,
        );
        let (word, bit) = (class + back / 64, 1u64 << (back % 64));
        let new_any = self.known_any[word] & bit == 0;
        let new_by = self.known_by[table + word] & bit == 0;
        let new_mixed = !new_any && new_by && self.mixed[word] & bit == 0;
        self.known_any[word] |= bit;
        self.known_by[table + word] |= bit;
        if new_mixed {
            self.mixed[word] |= bit;
            self.mixed_count += 1;
        }
        self.known.push(Known {
            at: word * 64 + back % 64,
            target,
            new_any,
            new_by,
            new_mixed,
        });
    }

    fn enter(&mut self) {
        self.saved.extend_from_slice(&self.ruled);
        self.known_at.push(self.known.len());
    }

    fn leave(&mut self) {
        let words = self.words();
        let count = self.known_at.pop().expect("an interval entered");
        for k in self.known.drain(count..).rev() {
            let (word, bit) = (k.at / 64, 1u64 << (k.at % 64));
            if k.new_any {
                self.known_any[word] &= !bit;
            }
            if k.new_by {
                self.known_by[k.target as usize * words + word] &= !bit;
            }
            if k.new_mixed {
                self.mixed[word] &= !bit;
                self.mixed_count -= 1;
            }
        }
        let from = self.saved.len() - self.ruled.len();
        self.ruled.copy_from_slice(&self.saved[from..]);
        self.saved.truncate(from);
    }

    /// Whether some `r` from `first` to `last` is not ruled out.
    fn open_between(&self, first: usize, last: usize) -> bool {
        (first / 64..=last / 64).any(|w| {
            let mut open = !self.ruled[w];
            if w == first / 64 {
                open &= u64::MAX << (first % 64);
            }
            if w == last / 64 {
                open &= u64::MAX >> (63 - last % 64);
            }
            open != 0
        })
    }
}

/// The lookahead's state along the walk's path.
pub(crate) struct ExactShifts<'a> {
    groups: &'a [ExactGroup],
    states: Vec<GroupState>,
}

impl<'a> ExactShifts<'a> {
    /// An empty table for `groups` and `attack_sets` attack sets, but for
    /// the empty occupancy, of attack set `empty`, at slot 0. With no
    /// group, every call does nothing.
    pub(crate) fn new(groups: &'a [ExactGroup], empty: u8, attack_sets: usize) -> Self {
        let mut shifts = ExactShifts {
            groups,
            states: groups
                .iter()
                .map(|group| GroupState::new(group, attack_sets))
                .collect(),
        };
        shifts.hold(0, empty);
        for (group, state) in groups.iter().zip(&mut shifts.states) {
            if let Some(target) = group.alone {
                state.know(0, target);
            }
        }
        shifts
    }

    /// Attack set `id` now holds `slot`.
    #[inline]
    pub(crate) fn hold(&mut self, slot: usize, id: u8) {
        for state in &mut self.states {
            state.hold(slot, id);
        }
    }

    /// `slot`, held by attack set `id`, is free again.
    #[inline]
    pub(crate) fn release(&mut self, slot: usize, id: u8) {
        for state in &mut self.states {
            state.release(slot, id);
        }
    }

    /// Key `key` lies at `slot` over the whole interval.
    #[inline]
    pub(crate) fn know(&mut self, key: usize, slot: usize) {
        for (group, state) in self.groups.iter().zip(&mut self.states) {
            let target = group.target[key];
            if target != NONE {
                state.know(slot, target);
            }
        }
    }

    /// On entering an interval, before its keys are placed: what they rule
    /// out is dropped again by [`leave`](Self::leave).
    #[inline]
    pub(crate) fn enter(&mut self) {
        for state in &mut self.states {
            state.enter();
        }
    }

    /// Whether the magics `[start, start + 2^k)` can still take an `r` of
    /// every group that no known key rules out.
    #[inline]
    pub(crate) fn allows(&self, start: u64, k: u32) -> bool {
        self.groups
            .iter()
            .zip(&self.states)
            .all(|(group, state)| match k >= group.period_bits {
                true => state.open_between(0, (1 << group.period_bits) - 1),
                false => {
                    let r = (start & ((1 << group.period_bits) - 1)) as usize;
                    state.open_between(r, r + (1 << k) - 1)
                }
            })
    }

    /// Leaves the interval last entered: its keys are no longer known and
    /// what they ruled out is open again (its slots are released one by
    /// one).
    #[inline]
    pub(crate) fn leave(&mut self) {
        for state in &mut self.states {
            state.leave();
        }
    }
}

/// `ruled |= (a & !b)` rotated up by `by` bits, within their length.
type OrRotated = fn(&mut [u64], &[u64], &[u64], usize);

/// The [`OrRotated`] for bit sets of `words` words (a power of two, at
/// most 64): each sized at compile time, so that its loop is unrolled and
/// bound checks are gone, for it runs for every key known and every slot
/// held; chosen once, not at every call.
fn or_rotated_for(words: usize) -> OrRotated {
    match words {
        1 => or_rotated::<1>,
        2 => or_rotated::<2>,
        4 => or_rotated::<4>,
        8 => or_rotated::<8>,
        16 => or_rotated::<16>,
        32 => or_rotated::<32>,
        _ => or_rotated::<64>,
    }
}

#[inline(never)]
fn or_rotated<const N: usize>(ruled: &mut [u64], a: &[u64], b: &[u64], by: usize) {
    let ruled: &mut [u64; N] = ruled.try_into().expect("a power of two words");
    let a: &[u64; N] = a.try_into().expect("as many words");
    let b: &[u64; N] = b.try_into().expect("as many words");
    let source: [u64; N] = core::array::from_fn(|i| a[i] & !b[i]);
    let (word_shift, bit_shift) = (by / 64 % N, (by % 64) as u32);
    for i in 0..N {
        let here = source[i];
        let rotated = match bit_shift {
            0 => here,
            s => here << s | source[(i + N - 1) % N] >> (64 - s),
        };
        ruled[(i + word_shift) % N] |= rotated;
    }
}

/// The `r` ruled out, from scratch: those for which some known key with
/// a target (its slot, and the target) finds the slot `r << e` after it
/// held by another attack set, on a table of `2^bits` slots.
#[cfg(test)]
fn ruled_from_scratch(
    group: &ExactGroup,
    bits: u32,
    held: &[(usize, u8)],
    known: &[(usize, u8)],
) -> Vec<bool> {
    let slots = 1usize << bits;
    // The distances from a known key to a slot held by another attack set.
    let mut bad = vec![false; slots];
    for &(s, target) in known {
        for &(t, id) in held {
            if id != target {
                bad[(t + slots - s) % slots] = true;
            }
        }
    }
    (0..1usize << group.period_bits)
        .map(|r| bad[(r << group.step_bits) % slots])
        .collect()
}

#[cfg(test)]
impl ExactShifts<'_> {
    /// Panics unless every group has ruled out exactly the `r` that the
    /// `held` slots (each with its attack set) and the `known` keys (each
    /// `(key, slot)`, and the empty occupancy's partner) rule out from
    /// scratch, on a table of `2^bits` slots: what a walk told of them
    /// must have. Returns how many groups have some `r` ruled out.
    pub(crate) fn assert_ruled(
        &self,
        bits: u32,
        held: &[(usize, u8)],
        known: &[(usize, usize)],
    ) -> usize {
        let mut some_ruled = 0;
        for (group, state) in self.groups.iter().zip(&self.states) {
            let targets: Vec<(usize, u8)> = group
                .alone
                .map(|alone| (0, alone))
                .into_iter()
                .chain(known.iter().map(|&(key, slot)| (slot, group.target[key])))
                .filter(|&(_, target)| target != NONE)
                .collect();
            let expected = ruled_from_scratch(group, bits, held, &targets);
            for (r, &ruled) in expected.iter().enumerate() {
                let bit = state.ruled[r / 64] >> (r % 64) & 1 == 1;
                assert_eq!(
                    bit,
                    ruled,
                    "r = {r}, steps of {} slots",
                    1 << group.step_bits
                );
            }
            some_ruled += usize::from(expected.contains(&true));
        }
        some_ruled
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::SplitMix64;

    /// What a path of the walk did at one interval: the slots it held, with
    /// their attack sets, and the keys it placed, with their slots.
    #[derive(Default)]
    struct Frame {
        held: Vec<(usize, u8)>,
        known: Vec<(usize, usize)>,
    }

    /// Made-up keys on a 256-slot table whose key bits 8 to 10 move the
    /// index by whole slots (1, 2 and 4 slots a step of `r`): random holds
    /// and keys, entered and left as a walk does, leave in every group
    /// exactly the `r` ruled out that the held slots and known keys rule
    /// out from scratch.
    #[test]
    fn the_shifts_ruled_out_are_those_the_known_keys_rule_out() {
        let mut rng = SplitMix64::new(3);
        // Width 16, 8 index bits: key bits from 8 on move it by whole
        // slots, those up to 10 with 64 values of `r` or more.
        let (width, bits, attack_sets) = (16, 8, 5u8);
        // Every nonzero sum of these bits, of one of five attack sets.
        let positions = [0, 3, 5, 8, 9, 10, 13, 15];
        let keys: Vec<(u64, u8)> = (1u64..1 << positions.len())
            .map(|subset| {
                let c = positions
                    .iter()
                    .enumerate()
                    .filter(|&(i, _)| subset >> i & 1 == 1)
                    .fold(0, |c, (_, &p)| c | 1u64 << p);
                (c, (c.wrapping_mul(0x9e37_79b9) >> 7) as u8 % attack_sets)
            })
            .collect::<std::collections::BTreeMap<_, _>>()
            .into_iter()
            .collect();
        let groups = exact_groups(&keys, width, bits);
        let steps: Vec<u32> = groups.iter().map(|g| g.step_bits).collect();
        assert_eq!(steps, [0, 1, 2]);
        assert!(groups.iter().all(|g| g.alone.is_some()), "2^bit is a key");
        let mut shifts = ExactShifts::new(&groups, 0, usize::from(attack_sets));
        let members: Vec<usize> = (0..keys.len())
            .filter(|&i| groups.iter().any(|g| g.target[i] != NONE))
            .collect();
        let mut frames: Vec<Frame> = Vec::new();
        let mut slots = vec![None; 1 << bits];
        slots[0] = Some(0u8);
        let (mut checked, mut some_ruled) = (0, 0);
        for _ in 0..3_000 {
            match rng.next_u64() % 8 {
                0 | 1 if frames.len() < 12 => {
                    shifts.enter();
                    frames.push(Frame::default());
                }
                0..=2 => {
                    if let Some(frame) = frames.pop() {
                        for &(slot, id) in frame.held.iter().rev() {
                            shifts.release(slot, id);
                            slots[slot] = None;
                        }
                        shifts.leave();
                    }
                }
                _ if !frames.is_empty() => {
                    let key = members[(rng.next_u64() % members.len() as u64) as usize];
                    let slot = (rng.next_u64() % (1 << bits)) as usize;
                    let id = keys[key].1;
                    let frame = frames.last_mut().expect("a frame");
                    match slots[slot] {
                        None => {
                            slots[slot] = Some(id);
                            shifts.hold(slot, id);
                            frame.held.push((slot, id));
                        }
                        Some(held) if held != id => continue,
                        Some(_) => {}
                    }
                    shifts.know(key, slot);
                    frame.known.push((slot, key));
                }
                _ => continue,
            }
            let held: Vec<(usize, u8)> = slots
                .iter()
                .enumerate()
                .filter_map(|(s, id)| id.map(|id| (s, id)))
                .collect();
            let known: Vec<(usize, usize)> = frames
                .iter()
                .flat_map(|f| &f.known)
                .map(|&(slot, key)| (key, slot))
                .collect();
            some_ruled += shifts.assert_ruled(bits, &held, &known);
            checked += groups.len();
        }
        assert!(
            checked > 3_000 && some_ruled > 1_500,
            "{checked}, {some_ruled}"
        );
    }
}
