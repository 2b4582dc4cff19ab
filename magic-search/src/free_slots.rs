//! Sub-tables laid on a bitset of used slots: each at the lowest offset
//! where its used slots all fall on free ones, 64 offsets a step. Both
//! the greedy [`pack`](crate::pack) (where no two sub-tables can agree on
//! a slot) and the denser packing of `magic-search pack` place this way.

use crate::SubTable;

/// A sub-table reduced to what placement needs.
pub(crate) struct Shape {
    /// The used slots as a bitset, from slot 0.
    pub(crate) words: Vec<u64>,
    /// The word with the most used slots, checked first.
    pub(crate) anchor: usize,
    /// The first used slot.
    #[cfg_attr(not(feature = "tools"), allow(dead_code))]
    pub(crate) first: usize,
    /// Used slots spread over the sub-table, checked for a block of 64
    /// offsets at once before any offset is checked in full.
    pub(crate) probes: Vec<usize>,
    /// One past the last used slot.
    #[cfg_attr(not(feature = "tools"), allow(dead_code))]
    pub(crate) len: usize,
    /// How many slots are used.
    #[cfg_attr(not(feature = "tools"), allow(dead_code))]
    pub(crate) count: usize,
}

/// How many used slots of a sub-table probe a block of offsets.
const PROBES: usize = 16;

impl Shape {
    /// The shape of `t`'s used slots.
    #[cfg_attr(not(feature = "tools"), allow(dead_code))]
    pub(crate) fn new(t: &SubTable) -> Self {
        Self::of(&used_slots(&t.entries))
    }

    /// The shape of a sub-table whose used slots are `used` (as
    /// [`used_slots`] lists them).
    pub(crate) fn of(used: &[(usize, u64)]) -> Self {
        let len = used.last().map_or(0, |&(i, _)| i + 1);
        let mut words = vec![0u64; len.div_ceil(64)];
        let mut k = 0;
        while k < used.len() {
            let i = used[k].0;
            words[i / 64] |= 1 << (i % 64);
            k += 1;
        }
        Self::with_words(words, used)
    }

    /// The shape of a sub-table whose used slots are `used`, with them as
    /// a bitset in `words` (which may go on past the last used slot).
    pub(crate) fn with_words(mut words: Vec<u64>, used: &[(usize, u64)]) -> Self {
        let len = used.last().map_or(0, |&(i, _)| i + 1);
        words.truncate(len.div_ceil(64));
        let mut anchor = 0;
        let mut w = 1;
        while w < words.len() {
            if words[w].count_ones() > words[anchor].count_ones() {
                anchor = w;
            }
            w += 1;
        }
        let step = used.len().div_ceil(PROBES).max(1);
        let mut probes = Vec::with_capacity(PROBES);
        let mut k = 0;
        while k < used.len() {
            probes.push(used[k].0);
            k += step;
        }
        Shape {
            first: used.first().map_or(0, |&(i, _)| i),
            probes,
            count: used.len(),
            anchor,
            words,
            len,
        }
    }
}

/// The used slots of a sub-table's `entries` (those not 0), in order, each
/// with its attack set.
pub(crate) fn used_slots(entries: &[u64]) -> Vec<(usize, u64)> {
    // Counted first, then written in place: `push` is a call per slot in
    // the unoptimised macro.
    let mut count = 0;
    let mut i = 0;
    while i < entries.len() {
        count += usize::from(entries[i] != 0);
        i += 1;
    }
    let mut used_vec = vec![(0, 0); count];
    let used = used_vec.as_mut_slice();
    let (mut i, mut k) = (0, 0);
    while i < entries.len() {
        if entries[i] != 0 {
            used[k] = (i, entries[i]);
            k += 1;
        }
        i += 1;
    }
    used_vec
}

/// The 64 slots of `bits` from `pos` on; slots past the end are free.
///
/// Here and below, plain indexed loops: the macro places sub-tables
/// unoptimised, where `Option` helpers, iterator adapters and closures
/// are calls that cost several times the work.
#[inline(always)] // also unoptimised, where the macro packs
fn window(bits: &[u64], pos: usize) -> u64 {
    let (w, s) = (pos / 64, pos % 64);
    let lo = if w < bits.len() { bits[w] >> s } else { 0 };
    let hi = if s != 0 && w + 1 < bits.len() {
        bits[w + 1] << (64 - s)
    } else {
        0
    };
    lo | hi
}

/// Whether `shape` laid at `offset` uses only free slots of `bits`.
pub(crate) fn fits(bits: &[u64], shape: &Shape, offset: usize) -> bool {
    let words = shape.words.as_slice();
    if words.is_empty() {
        return true;
    }
    let a = shape.anchor;
    if window(bits, offset + 64 * a) & words[a] != 0 {
        return false;
    }
    let mut w = 0;
    while w < words.len() {
        if words[w] != 0 && window(bits, offset + 64 * w) & words[w] != 0 {
            return false;
        }
        w += 1;
    }
    true
}

/// The lowest offset from `from` on at which `shape` fits. Offsets are
/// taken 64 at a time: each probe rules out, in one step, the offsets that
/// put it on a used slot, and only those left are checked in full.
pub(crate) fn lowest(bits: &[u64], shape: &Shape, from: usize) -> usize {
    let probes = shape.probes.as_slice();
    let mut base = from;
    loop {
        let mut left = !0u64;
        let mut k = 0;
        while k < probes.len() && left != 0 {
            left &= !window(bits, base + probes[k]);
            k += 1;
        }
        while left != 0 {
            let offset = base + left.trailing_zeros() as usize;
            if fits(bits, shape, offset) {
                return offset;
            }
            left &= left - 1;
        }
        base += 64;
    }
}
