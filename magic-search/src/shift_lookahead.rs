//! A lookahead for [`settle`](crate::MagicQuestion)'s walk, which rules
//! out an interval of magics several levels before its keys are known one
//! by one.
//!
//! For a bit `p` of the keys, every key `c' + 2^p` with `c' < 2^p` hashes
//! to `c' m + 2^p m mod 2^w`: key `c'` moved by one shift, `2^p m`, the
//! same for all of them. Where `c'` is known to lie in slot `s` and the
//! shift in slot `d`, `c' + 2^p` lies in slot `s + d` or `s + d + 1`; so a
//! shift slot `d` is ruled out as soon as one known `c'` finds both of
//! those slots held by other attack sets, and the interval is ruled out
//! when no shift slot is left in the arc the shift sweeps over it. The
//! walk alone waits until each key `c' + 2^p` steps at most once, about
//! `p + bits` levels down; the lookahead starts five levels sooner, with
//! the shift's arc 32 slots wide, and tests the arc at once as the bits
//! of a word.
//!
//! The shift and the known keys are placed to half a slot (a cell): a key
//! whose run over the interval lies in one half of its slot, added to a
//! shift in one half of its slot, falls in one slot, not in either of
//! two. On the rooks of the first two ranks, whose file squares lie 8
//! bits apart, the lookahead takes the walk through several times fewer
//! intervals; the cells alone, 1.4 to 2.4 times fewer than whole slots
//! (rook c1 at 10 bits, one part: 209 million intervals with slots, 88
//! million with cells). Quarter cells, whose arc must start a level
//! later to fit a word, rule out less (rook c2 at 9 bits: 21.0 million
//! intervals against 19.0 million).

/// The keys `c' + 2^bit`, as `c'` and the attack set of the sum.
pub(crate) struct ShiftGroup {
    bit: u32,
    /// The first depth at which the shift's arc is at most 33 slots wide.
    from_depth: u32,
    /// The attack set of the key `2^bit` alone (`c' = 0`, slot 0 exactly),
    /// when it is a key.
    alone: Option<u8>,
    /// For every key index, the attack set of the key plus `2^bit`, or
    /// `NONE` when the key is not below `2^bit` or the sum is no key.
    target: Vec<u8>,
    /// The key indices whose `target` is set.
    members: Vec<u32>,
}

/// No attack set.
const NONE: u8 = u8::MAX;

/// How many levels before its keys step once a group starts: the arc then
/// spans at most `2^ARC_BITS + 1` slots.
const ARC_BITS: u32 = 5;

/// The shift is placed to `2^-CELL_BITS` of a slot (a cell): where a key
/// `c'` is known to a part of its slot, the sum then falls in one slot
/// for most cells of the shift, not in either of two.
const CELL_BITS: u32 = 1;

/// Cells to a slot: also the most a known key's run covers, as it lies
/// in one slot.
const SLOT_CELLS: u32 = 1 << CELL_BITS;

/// The most words a bit set of the cells takes: a table has at most
/// `2^12` slots.
const MAX_WORDS: usize = (1 << (12 + CELL_BITS)) / 64;

/// The most keys a question has: a mask has at most 12 squares.
const MAX_KEYS: usize = 1 << 12;

/// The most words the bit sets of every attack set take: a question has
/// fewer than 256 attack sets (they are numbered by bytes).
const MAX_HELD: usize = 256 * MAX_WORDS;

/// Groups with fewer keys below their bit than this gain too little.
const MIN_BELOW: usize = 16;

/// The groups of `keys` (sorted by `c`, every one distinct and nonzero)
/// for an index of `bits` bits: none below 64 slots, where a word holds
/// the whole table.
pub(crate) fn shift_groups(keys: &[(u64, u8)], bits: u32) -> Vec<ShiftGroup> {
    if bits < 6 {
        return Vec::new();
    }
    let id_of = |c: u64| {
        keys.binary_search_by_key(&c, |&(k, _)| k)
            .ok()
            .map(|i| keys[i].1)
    };
    let all = keys.iter().fold(0, |m, &(c, _)| m | c);
    let mut groups = Vec::new();
    let mut rest = all;
    while rest != 0 {
        let bit = rest.trailing_zeros();
        rest &= rest - 1;
        let below = (1u64 << bit) - 1;
        if (1usize << (all & below).count_ones()) < MIN_BELOW {
            continue;
        }
        let target: Vec<u8> = keys
            .iter()
            .map(|&(c, _)| {
                if c & !below == 0 {
                    id_of(c | 1 << bit).unwrap_or(NONE)
                } else {
                    NONE
                }
            })
            .collect();
        let members = (0..keys.len() as u32)
            .filter(|&i| target[i as usize] != NONE)
            .collect();
        groups.push(ShiftGroup {
            bit,
            from_depth: (bit + bits).saturating_sub(ARC_BITS),
            alone: id_of(1 << bit),
            target,
            members,
        });
    }
    groups
}

/// The shift cells of a group still open at one interval: bit `j` of
/// `open` is cell `first + j` (mod the cell count).
#[derive(Clone, Copy)]
struct ShiftArc {
    first: usize,
    open: u128,
    started: bool,
}

/// Where a known key lies: its first cell, and how many more its run
/// covers (fewer than [`SLOT_CELLS`], as the run lies in one slot).
#[derive(Clone, Copy)]
struct KnownAt {
    cell: u16,
    more: u8,
}

/// A key not known.
const UNKNOWN: KnownAt = KnownAt {
    cell: u16::MAX,
    more: 0,
};

/// The lookahead's state along the walk's path.
pub(crate) struct Lookahead<'a> {
    groups: &'a [ShiftGroup],
    width: u32,
    /// Words in a bit set of the cells.
    words: usize,
    /// A cell's size in units of the magic's low `width` bits, as a power
    /// of two: a run or shift from `x` starts in cell `x >> unit`.
    unit: u32,
    /// The cell count less one: a cell number wraps around the table.
    cell_mask: u64,
    /// For each attack set, the cells of the slots it holds (one bit set
    /// after another), and the cells of the free slots: bit sets of
    /// `2^(bits + CELL_BITS)` bits, in [`MAX_HELD`] and [`MAX_WORDS`]
    /// words whatever the bits and the attack sets, so that a word masked
    /// to fit needs no bound check.
    held: Box<[u64; MAX_HELD]>,
    free: Box<[u64; MAX_WORDS]>,
    /// Where each known key lies, or [`UNKNOWN`]: [`MAX_KEYS`] long, for
    /// the same reason.
    key_at: Box<[KnownAt; MAX_KEYS]>,
    /// For each key, the groups it is a member of, as bits: a group
    /// stands for a bit of the keys, which are below `2^63`.
    member_of: Vec<u64>,
    /// The keys known, in the order they became known: within one
    /// interval, in the keys' order, as the walk looks at them.
    known: Vec<usize>,
    /// For each `k`, a bound on the keys that are members of a group whose
    /// arc may go on from the parent of an interval of `2^k` magics (one
    /// started a level higher): the keys [`enter`](Self::enter) checks
    /// against an arc it already has lie below it.
    going_on_below: [usize; 64],
    /// Each group's arc at every interval on the path, a level after another.
    arcs: Vec<ShiftArc>,
    /// 1 when an interval `[start, start + 2^k)` stands for the magics up
    /// to `start + 2^k` itself, not included (a walk that also answers for
    /// the complements, which read the index just below the next magic),
    /// else 0.
    extra: u64,
}

/// The 128 bits from bit `at` on of the union of two bit sets of the same
/// length, wrapping around their end: the words are joined first, so that
/// the window is shifted out once.
fn window_of_union(a: &[u64], b: &[u64], at: usize) -> u128 {
    debug_assert_eq!(a.len(), b.len());
    let last = a.len() - 1;
    let at = at & (a.len() * 64 - 1);
    let (word, shift) = (at / 64, at % 64);
    let union = |i: usize| a[i] | b[i];
    let low = u128::from(union(word)) | u128::from(union((word + 1) & last)) << 64;
    let high = u128::from(union((word + 2) & last));
    // `high << (128 - shift)` in two steps, so that a shift of 0 adds nothing.
    (low >> shift) | ((high << 1) << (127 - shift))
}

impl<'a> Lookahead<'a> {
    /// An empty table of `2^bits` slots (at least 64) for `keys` keys and
    /// `attack_sets` attack sets, the magic's low `width` bits reaching
    /// the index.
    pub(crate) fn new(
        groups: &'a [ShiftGroup],
        width: u32,
        bits: u32,
        keys: usize,
        attack_sets: usize,
        extra: u64,
    ) -> Self {
        // A cell is at least one unit of the magic's low bits.
        let groups = if width >= bits + CELL_BITS {
            groups
        } else {
            &[]
        };
        let words = if groups.is_empty() {
            0
        } else {
            (1 << (bits + CELL_BITS)) / 64
        };
        debug_assert!(groups.len() <= 64, "a group for each bit of the keys");
        Lookahead {
            groups,
            width,
            words,
            unit: width.saturating_sub(bits + CELL_BITS),
            cell_mask: (words * 64).saturating_sub(1) as u64,
            held: {
                debug_assert!(attack_sets <= 256, "attack sets numbered by bytes");
                let held = vec![0; MAX_HELD].into_boxed_slice();
                held.try_into().unwrap_or_else(|_| unreachable!())
            },
            free: Box::new([u64::MAX; MAX_WORDS]),
            key_at: Box::new([UNKNOWN; MAX_KEYS]),
            member_of: (0..if groups.is_empty() { 0 } else { keys })
                .map(|key| {
                    let member = groups.iter().map(|group| group.target[key] != NONE);
                    member.rev().fold(0, |bits, m| bits << 1 | u64::from(m))
                })
                .collect(),
            known: Vec::new(),
            going_on_below: core::array::from_fn(|k| {
                let parent_depth = width.checked_sub(k as u32 + 1);
                let started = |g: &&ShiftGroup| parent_depth.is_some_and(|d| d >= g.from_depth);
                let member_below = |g: &ShiftGroup| g.members.last().map_or(0, |&m| m as usize + 1);
                groups
                    .iter()
                    .filter(started)
                    .map(member_below)
                    .max()
                    .unwrap_or(0)
            }),
            arcs: Vec::new(),
            extra,
        }
    }

    /// Whether it looks ahead at all: with no group, every call does
    /// nothing and [`enter`](Self::enter) rules nothing out.
    fn is_on(&self) -> bool {
        !self.groups.is_empty()
    }

    /// The word and the bits of the cells of `slot`.
    fn cells_of(slot: usize) -> (usize, u64) {
        let cell = slot << CELL_BITS;
        let bits = (1u64 << SLOT_CELLS) - 1;
        (cell / 64, bits << (cell % 64))
    }

    /// Attack set `id` now holds `slot`.
    ///
    /// This and [`release`](Self::release) and [`know`](Self::know) write
    /// even when the lookahead is off, where nothing reads what they
    /// write: their arrays are long enough whatever the question, and a
    /// test for it on every key would cost more (2% of the walk's
    /// instructions on rook h2 at 10 bits).
    #[inline(always)]
    pub(crate) fn hold(&mut self, slot: usize, id: u8) {
        let (word, bits) = Self::cells_of(slot);
        self.held[(id as usize * self.words + word) & (MAX_HELD - 1)] |= bits;
        self.free[word & (MAX_WORDS - 1)] &= !bits;
    }

    /// `slot`, held by attack set `id`, is free again.
    #[inline(always)]
    pub(crate) fn release(&mut self, slot: usize, id: u8) {
        let (word, bits) = Self::cells_of(slot);
        self.held[(id as usize * self.words + word) & (MAX_HELD - 1)] &= !bits;
        self.free[word & (MAX_WORDS - 1)] |= bits;
    }

    /// Key `key` is known to lie in one slot: its run, `c' m` over the
    /// interval, goes from `lo` to `hi` (in units of the magic's low
    /// `width` bits).
    #[inline(always)]
    pub(crate) fn know(&mut self, key: usize, lo: u64, hi: u64) {
        let unit = self.unit;
        let (first, last) = (lo >> unit, hi >> unit);
        self.key_at[key & (MAX_KEYS - 1)] = KnownAt {
            cell: (first & self.cell_mask) as u16,
            more: (last - first) as u8,
        };
        self.known.push(key);
    }

    /// How many keys are known: what [`enter`](Self::enter) and
    /// [`forget_since`](Self::forget_since) take to mean the keys known
    /// after it.
    pub(crate) fn known_count(&self) -> usize {
        self.known.len()
    }

    /// The keys known after the first `count` are no longer known.
    pub(crate) fn forget_since(&mut self, count: usize) {
        for &key in &self.known[count..] {
            self.key_at[key & (MAX_KEYS - 1)] = UNKNOWN;
        }
        self.known.truncate(count);
    }

    /// The slots attack set `id` holds.
    fn held_by(&self, id: u8) -> &[u64] {
        let from = id as usize * self.words;
        &self.held[from..from + self.words]
    }

    /// The cells from `at` on (128 of them) whose slots are free or held
    /// by attack set `id`.
    #[inline(always)]
    fn fits(&self, id: u8, at: usize) -> u128 {
        window_of_union(&self.free[..self.words], self.held_by(id), at)
    }

    /// The shift cells `j`, from `first` on, for which a key of attack set
    /// `id` at `key` plus the shift can fall in a slot that is free or its
    /// own: the sum lies in the cells from `key.cell + first + j` to
    /// `more + 1` after it (the parts of a cell add up to one more).
    fn fits_sum(&self, id: u8, key: KnownAt, first: usize) -> u128 {
        // With half-slot cells, `more` is 0 or 1 (a run lies in one slot):
        // the sum spans one or two cells after the first, taken without a
        // loop.
        const _: () = assert!(SLOT_CELLS == 2, "fits_sum takes two cells a slot");
        debug_assert!(u32::from(key.more) < SLOT_CELLS);
        let fits = self.fits(id, key.cell as usize + first);
        let third = 0u128.wrapping_sub(u128::from(key.more));
        fits | fits >> 1 | (fits >> 2 & third)
    }

    /// Looks ahead at the interval `[start, start + 2^k)`, where the keys
    /// known after the first `before` became known: `false` when some
    /// group has no shift slot left, which rules the interval out; else
    /// its arcs are kept until [`leave`](Self::leave).
    pub(crate) fn enter(&mut self, start: u64, k: u32, before: usize) -> bool {
        if !self.is_on() {
            return true;
        }
        let depth = self.width - k;
        let cells = self.words * 64;
        let unit = self.unit;
        let below_width = (1u64 << self.width) - 1;
        let span = (1u64 << k) - 1;
        let level = self.arcs.len();
        let parents = level.checked_sub(self.groups.len());
        // The groups whose arc goes on from the parent's: they still have
        // the keys known here to check.
        let mut going_on = 0u64;
        for (g, group) in self.groups.iter().enumerate() {
            if depth < group.from_depth {
                self.arcs.push(ShiftArc {
                    first: 0,
                    open: 0,
                    started: false,
                });
                continue;
            }
            // The shift sweeps `[lo, lo + 2^bit span]` (or up to just
            // below `lo + 2^bit (span + 1)` with the extra magic), at most
            // 33 slots: 66 cells, and with a key's cells after them, 69 of
            // the 128 bits of a window.
            let lo = (start << group.bit) & below_width;
            let sweep = (u128::from(span + self.extra) << group.bit) - u128::from(self.extra);
            let first = (lo >> unit) as usize;
            let len = ((u128::from(lo) + sweep) >> unit) as usize - first;
            debug_assert!(len + SLOT_CELLS as usize + 1 < 128, "an arc of {len} cells");
            let first = first & (cells - 1);
            let whole = u128::MAX >> (127 - len);
            let parent = parents.map(|p| self.arcs[p + g]).filter(|a| a.started);
            let open = match parent {
                // Started above: the parent's open cells within this arc.
                Some(up) => {
                    going_on |= 1 << g;
                    let shift = (first + cells - up.first) & (cells - 1);
                    (up.open >> shift) & whole
                }
                // Starting here: every known key below the bit.
                None => {
                    let mut open = whole;
                    if let Some(id) = group.alone {
                        open &= self.fits(id, first);
                    }
                    for &key in &group.members {
                        let at = self.key_at[key as usize];
                        if at.cell != UNKNOWN.cell {
                            let id = group.target[key as usize];
                            open &= self.fits_sum(id, at, first);
                            if open == 0 {
                                break;
                            }
                        }
                    }
                    open
                }
            };
            if open == 0 {
                self.arcs.truncate(level);
                return false;
            }
            self.arcs.push(ShiftArc {
                first,
                open,
                started: true,
            });
        }
        // The keys that became known here, each in the groups it is a
        // member of only (most keys are in none or one). Most of them lie
        // past the members of every group going on (on rook h2 at 10 bits,
        // nearly all): as they come in order, the loop stops at the first,
        // and the walk takes 8% fewer instructions.
        let below = self.going_on_below[k as usize & 63];
        debug_assert!(self.known[before..].is_sorted());
        for &key in self.known[before..].iter().take_while(|&&key| key < below) {
            let mut groups = self.member_of[key] & going_on;
            while groups != 0 {
                let g = groups.trailing_zeros() as usize;
                groups &= groups - 1;
                let arc = self.arcs[level + g];
                let id = self.groups[g].target[key];
                let open = arc.open & self.fits_sum(id, self.key_at[key], arc.first);
                if open == 0 {
                    self.arcs.truncate(level);
                    return false;
                }
                self.arcs[level + g].open = open;
            }
        }
        true
    }

    /// Drops the arcs [`enter`](Self::enter) kept for the interval left.
    pub(crate) fn leave(&mut self) {
        if !self.is_on() {
            return;
        }
        let level = self.arcs.len() - self.groups.len();
        self.arcs.truncate(level);
    }
}
