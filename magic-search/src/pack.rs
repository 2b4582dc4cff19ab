//! Placing sub-tables in one shared array so that they overlap where their
//! slots allow it.

use crate::free_slots::{lowest, used_slots, Shape};
use crate::occupancies::Occupancies;
use crate::rays::Rays;
use crate::search::halfway_to_front;
use crate::{
    empty_board_attacks, next_subset, relevant_mask, Budget, Hash, Piece, SlotRule, SplitMix64,
};

/// One square's sub-table before placement: `entries[i]` is the attack set
/// stored in slot `i`, or 0 where no occupancy maps.
///
/// ```
/// use magic_search::{Piece, SubTable};
/// let t = SubTable { piece: Piece::Bishop, square: 0, entries: vec![0, 1 << 9] };
/// assert_eq!(t.entries.iter().filter(|&&e| e != 0).count(), 1);
/// ```
#[derive(Clone, Debug)]
pub struct SubTable {
    /// The piece.
    pub piece: Piece,
    /// The square, a1 = 0.
    pub square: usize,
    /// The slots, 0 for unused.
    pub entries: Vec<u64>,
}

impl SubTable {
    /// The sub-table of a square for a magic with `bits` index bits.
    ///
    /// ```
    /// use magic_search::{find_magic, Piece, SearchOptions, SubTable};
    /// let m = find_magic(Piece::Bishop, 0, 6, 1, &SearchOptions::default()).unwrap();
    /// let t = SubTable::new(Piece::Bishop, 0, m, 6);
    /// assert_eq!(t.entries.len(), 64);
    /// assert!(t.entries.iter().filter(|&&e| e != 0).count() >= 7);
    /// ```
    pub fn new(piece: Piece, square: usize, magic: u64, bits: u32) -> Self {
        Self::with_hash(piece, square, Hash::Multiply, magic, bits)
    }

    /// The sub-table of a square for a magic of any [`Hash`](enum@crate::Hash).
    ///
    /// ```
    /// use magic_search::{Hash, Piece, SubTable};
    /// let t = SubTable::with_hash(Piece::Rook, 0, Hash::Black, 0, 12);
    /// assert_eq!(t.entries.iter().filter(|&&e| e != 0).count(), 1); // all in one slot
    /// ```
    pub fn with_hash(piece: Piece, square: usize, hash: Hash, magic: u64, bits: u32) -> Self {
        // The occupancies enumerated here, in plain steps: `Occupancies`
        // also numbers and orders them for the search, which packing
        // every sub-table of a seeded set, unoptimised, would pay again.
        let mask = relevant_mask(piece, square);
        let rays = Rays::new(piece, square);
        let mut entries = vec![0; 1 << bits];
        let slots = entries.as_mut_slice();
        let mut occ = 0;
        loop {
            slots[hash.index(mask, magic, bits, occ)] = rays.attacks(occ);
            occ = next_subset(occ, mask);
            if occ == 0 {
                break;
            }
        }
        SubTable {
            piece,
            square,
            entries,
        }
    }

    /// One past the last used slot.
    ///
    /// ```
    /// use magic_search::{Piece, SubTable};
    /// let t = SubTable { piece: Piece::Rook, square: 0, entries: vec![0, 3, 0] };
    /// assert_eq!(t.used_len(), 2);
    /// ```
    pub fn used_len(&self) -> usize {
        self.entries
            .iter()
            .rposition(|&e| e != 0)
            .map_or(0, |last| last + 1)
    }
}

/// The shared array as it fills, 0 past its end.
struct Array {
    /// One past the last slot of every sub-table laid so far, used or not.
    end: usize,
    /// The union of the attack sets laid in each slot.
    attacks: Vec<u64>,
    /// The union of their post-masks, with [`SlotRule::PostMasked`]
    /// (empty with the exact rule, which reads none).
    covered: Vec<u64>,
    /// The used slots as a bitset, for [`SlotRule::Exact`].
    used: Vec<u64>,
    /// What the attack sets of each sub-table laid so far have in common,
    /// and all of them together: whether a slot can hold the same attack
    /// set for two sub-tables ([`may_agree`]).
    laid: Vec<(u64, u64)>,
}

/// The bits every attack set of a sub-table's used `slots` has, and the
/// bits any has.
fn common_and_any(slots: &[(usize, u64)]) -> (u64, u64) {
    let (mut common, mut any) = (!0, 0);
    for &(_, a) in slots {
        common &= a;
        any |= a;
    }
    (common, any)
}

/// Whether two sub-tables, by what their attack sets have in common and
/// all together, could both hold the same attack set: it would hold both
/// common parts and lie within both unions. Sub-tables of different
/// squares never can: each set holds the squares next to its own along
/// the piece's lines, which no set of another square holds all of.
fn may_agree((common_a, any_a): (u64, u64), (common_b, any_b): (u64, u64)) -> bool {
    (common_a | common_b) & !(any_a & any_b) == 0
}

impl Array {
    /// The lowest offset from `from` on where every used slot of a
    /// sub-table fits, its slots given in `mixed` order: neighbouring slots
    /// fail together, slots spread over the sub-table fail sooner. Offsets
    /// where the front slot does not fit are skipped by one comparison
    /// each; the others are checked in full, and a slot that fails there
    /// moves halfway to the front, since it is likely to fail at the next
    /// offsets too. The order changes how soon an offset is rejected, never
    /// which offset is found.
    ///
    /// Plain indexed loops: the macro packs unoptimised, where iterator
    /// adapters, closures and calls cost several times more.
    fn lowest_fit(
        &self,
        mixed: &mut [(usize, u64)],
        postmask: u64,
        rule: SlotRule,
        from: usize,
    ) -> usize {
        if mixed.is_empty() {
            return from;
        }
        // The exact rule reads no post-masks, and keeps none.
        let covered = match rule {
            SlotRule::Exact => self.attacks.as_slice(),
            SlotRule::PostMasked => self.covered.as_slice(),
        };
        let attacks = self.attacks.as_slice();
        let mut offset = from;
        loop {
            let (front, a) = mixed[0];
            offset = rule.first_admitting(attacks, covered, offset + front, a, postmask) - front;
            let mut k = 1;
            while k < mixed.len() {
                let (i, a) = mixed[k];
                let at = offset + i;
                // Past the end of the array, a slot is free.
                if at < attacks.len() && !rule.admits(attacks[at], covered[at], a, postmask) {
                    break;
                }
                k += 1;
            }
            if k == mixed.len() {
                return offset;
            }
            halfway_to_front(mixed, k);
            offset += 1;
        }
    }

    /// The lowest offset where `table` fits, with every offset up to it
    /// counted in `attempts`.
    fn fit(&self, table: &Prepared, rule: SlotRule, attempts: &mut u64) -> usize {
        let from = match rule {
            SlotRule::Exact => self.end.saturating_sub(PACK_WINDOW),
            SlotRule::PostMasked => 0,
        };
        let offset = match (rule, &table.shape) {
            // Where no slot laid so far can hold one of the sub-table's
            // attack sets, it fits exactly where its used slots fall on
            // free ones: a bitset, 64 offsets a step.
            (SlotRule::Exact, Some(shape)) if !self.may_agree(table.sets) => {
                lowest(&self.used, shape, from)
            }
            _ => {
                let mut mixed = table.used.clone();
                SplitMix64::check_order().shuffle(&mut mixed);
                self.lowest_fit(&mut mixed, table.postmask, rule, from)
            }
        };
        // Every offset from the first it may take counts as tried,
        // skipped or not.
        *attempts += (offset - from) as u64 + 1;
        offset
    }

    /// Whether a slot laid so far may hold one of the attack sets of a
    /// sub-table, by what they have in common and all together (`sets`).
    fn may_agree(&self, sets: (u64, u64)) -> bool {
        self.laid.iter().any(|&laid| may_agree(laid, sets))
    }

    fn place(&mut self, table: &Prepared, offset: usize, rule: SlotRule) {
        let (slots, len, postmask) = (table.used.as_slice(), table.span, table.postmask);
        // Only the post-masked rule reads what slots cover.
        let covers = rule == SlotRule::PostMasked;
        self.end = self.end.max(offset + len);
        // Packers are made with room for every sub-table end to end, which
        // no layout passes: each sub-table lies at or before the end of
        // those laid before it.
        debug_assert!(offset + len <= self.attacks.len());
        // Plain indexed loops: the macro packs unoptimised, where iterator
        // adapters and `Vec` indexing are calls.
        let (attacks, covered) = (self.attacks.as_mut_slice(), self.covered.as_mut_slice());
        let bits = self.used.as_mut_slice();
        let mut k = 0;
        while k < slots.len() {
            let (at, a) = (offset + slots[k].0, slots[k].1);
            attacks[at] |= a;
            if covers {
                covered[at] |= postmask;
            }
            bits[at / 64] |= 1 << (at % 64);
            k += 1;
        }
        if !slots.is_empty() {
            self.laid.push(table.sets);
        }
    }
}

/// A sub-table made ready to be laid: all that laying it needs and does
/// not depend on the array, so that it can be made on another thread.
pub(crate) struct Prepared {
    /// The used slots, each with its attack set.
    used: Vec<(usize, u64)>,
    /// What the used slots' attack sets have in common, and all together.
    sets: (u64, u64),
    /// What a slot's attack set is masked with on lookup.
    postmask: u64,
    /// The used slots as a bitset, with [`SlotRule::Exact`].
    shape: Option<Shape>,
    /// The whole sub-table's length, used slots or not.
    span: usize,
    /// One past the last used slot.
    used_len: usize,
}

impl Prepared {
    pub(crate) fn new(table: &SubTable, rule: SlotRule) -> Self {
        let used = used_slots(&table.entries);
        let span = table.entries.len();
        Self::of(table.piece, table.square, used, None, span, rule)
    }

    /// The sub-table of a square for a magic, made ready for `rule` from
    /// the occupancies a search enumerated for it (`o`): no ray is walked
    /// again, and the used slots are read off a bitset of them rather than
    /// off every slot (a fixed-shift sub-table has 4,096, most of them
    /// unused).
    pub(crate) fn found(
        (piece, sq): (Piece, usize),
        o: &Occupancies,
        hash: Hash,
        magic: u64,
        bits: u32,
        rule: SlotRule,
    ) -> Self {
        // Plain indexed loops: the macro packs unoptimised.
        let span = 1usize << bits;
        let mut entries_vec = vec![0; span];
        let mut words_vec = vec![0u64; span.div_ceil(64)];
        let (entries, words) = (entries_vec.as_mut_slice(), words_vec.as_mut_slice());
        let (occupancies, attacks) = (o.occupancies.as_slice(), o.attacks.as_slice());
        let mut k = 0;
        while k < occupancies.len() {
            let i = hash.index(o.mask, magic, bits, occupancies[k]);
            entries[i] = attacks[k];
            words[i / 64] |= 1 << (i % 64);
            k += 1;
        }
        let mut count = 0;
        let mut w = 0;
        while w < words.len() {
            count += words[w].count_ones() as usize;
            w += 1;
        }
        let mut used_vec = vec![(0, 0); count];
        let used = used_vec.as_mut_slice();
        let (mut w, mut k) = (0, 0);
        while w < words.len() {
            let mut word = words[w];
            while word != 0 {
                let i = 64 * w + word.trailing_zeros() as usize;
                used[k] = (i, entries[i]);
                k += 1;
                word &= word - 1;
            }
            w += 1;
        }
        Self::of(piece, sq, used_vec, Some(words_vec), span, rule)
    }

    /// A sub-table of `piece` on `sq` spanning `span` slots, with its
    /// `used` slots (and, if at hand, them as a bitset in `words`).
    fn of(
        piece: Piece,
        sq: usize,
        used: Vec<(usize, u64)>,
        words: Option<Vec<u64>>,
        span: usize,
        rule: SlotRule,
    ) -> Self {
        let (postmask, shape) = match rule {
            SlotRule::Exact => {
                let shape = match words {
                    Some(words) => Shape::with_words(words, &used),
                    None => Shape::of(&used),
                };
                (!0, Some(shape))
            }
            SlotRule::PostMasked => (empty_board_attacks(piece, sq), None),
        };
        Prepared {
            sets: common_and_any(&used),
            used_len: used.last().map_or(0, |&(i, _)| i + 1),
            used,
            postmask,
            shape,
            span,
        }
    }
}

/// How far back from the end of the array laid so far (every laid
/// sub-table's whole span) a sub-table is placed with [`SlotRule::Exact`]:
/// the lowest offset where it fits is looked for from there. A seeded
/// black set for seed 42 searches and packs in 0.36 G instructions of the
/// unoptimised macro with 32,768 against 0.57 G looking from the start,
/// in 3 to 4% more entries (254,691 against 246,608; over seeds 1 to 100,
/// 261,085 on average against 251,860); with 16,384, its packing tries
/// half as many offsets, for 262,486 entries on average (254,930 for seed
/// 42). Fixed-shift sets alike.
const PACK_WINDOW: usize = 16_384;

/// Places every sub-table at the lowest offset where all its used slots
/// agree with what is already there (with [`SlotRule::Exact`], from
/// 16,384 entries before the end of the array laid so far), largest
/// sub-tables first (ties in input order, so the result is
/// deterministic). Returns each sub-table's offset, in input order, and
/// the length of the array: one past the last used slot.
///
/// ```
/// use magic_search::{pack, SlotRule, SubTable, Piece};
/// let a = SubTable { piece: Piece::Rook, square: 0, entries: vec![5, 0, 0, 0] };
/// let b = SubTable { piece: Piece::Rook, square: 1, entries: vec![6, 0] };
/// let (offsets, len) = pack(&[a, b], SlotRule::Exact);
/// assert_eq!((offsets, len), (vec![0, 1], 2));
/// ```
pub fn pack(tables: &[SubTable], rule: SlotRule) -> (Vec<u32>, usize) {
    pack_within(tables, rule, None)
}

/// What one offset tried by [`pack`] counts against a [`Budget`]: each
/// compares up to a whole sub-table's used slots, about as much work as
/// [`PACK_ATTEMPT_COST`] search candidates.
pub const PACK_ATTEMPT_COST: u64 = 4;

/// [`pack`], counting every offset it tries against `budget` (at
/// [`PACK_ATTEMPT_COST`] each). Packing always finishes: a set past the
/// limit is told by [`Budget::exceeded`].
pub fn pack_within(
    tables: &[SubTable],
    rule: SlotRule,
    budget: Option<&Budget>,
) -> (Vec<u32>, usize) {
    pack_preferring(tables, rule, budget, |_, _| None).0
}

/// The sub-tables [`pack_preferring`] took from its alternatives, by their
/// index, with their magics.
pub(crate) type Adopted = Vec<(usize, u64)>;

/// Alternatives [`pack_preferring`] asks for, at most, for a sub-table
/// that would lengthen the array. Over seeds 1 to 100, with 128 every
/// shared set stays within the rooks' 65,536 entries; with 64, seed 2 went
/// over (67,581), and with 16 more seeds did.
const ALTERNATIVES: u32 = 128;

/// [`pack_within`], except that a sub-table that would end past the array
/// filled so far is offered to `alternative` (with its index in `tables`
/// and the attempt, 1 to [`ALTERNATIVES`]): the first sub-table it returns
/// (with its magic, and as many slots) that fits within the array is laid
/// in its place, and listed as `(index, magic)` with the layout.
/// The shared scheme this way hides the other sub-tables inside those of
/// the 32 rooks that make the array (for every seed of 1 to 100); with one
/// magic per square, a rook that fitted in no earlier sub-table lengthened
/// the array by 2,048 entries for four seeds in ten.
pub(crate) fn pack_preferring(
    tables: &[SubTable],
    rule: SlotRule,
    budget: Option<&Budget>,
    alternative: impl FnMut(usize, u32) -> Option<(SubTable, u64)>,
) -> ((Vec<u32>, usize), Adopted) {
    pack_preferring_around(&[], tables, rule, budget, alternative)
}

/// [`pack_preferring`], with each of `fixed` laid first at its offset.
fn pack_preferring_around(
    fixed: &[(SubTable, usize)],
    tables: &[SubTable],
    rule: SlotRule,
    budget: Option<&Budget>,
    mut alternative: impl FnMut(usize, u32) -> Option<(SubTable, u64)>,
) -> ((Vec<u32>, usize), Adopted) {
    let order = largest_first(tables.len(), |t| tables[t].entries.len());
    let ends = fixed.iter().map(|(t, offset)| offset + t.entries.len());
    let room = ends.max().unwrap_or(0) + tables.iter().map(|t| t.entries.len()).sum::<usize>();
    let mut packer = Packer::new(rule, room);
    for (table, offset) in fixed {
        packer.lay_at(Prepared::new(table, rule), *offset);
    }
    let mut offsets = vec![0; tables.len()];
    let mut adopted = Vec::new();
    for t in order {
        let table = Prepared::new(&tables[t], rule);
        let (offset, magic) = packer.lay_preferring(t, table, &mut alternative);
        offsets[t] = offset as u32;
        adopted.extend(magic.map(|magic| (t, magic)));
    }
    ((offsets, packer.finish(budget)), adopted)
}

/// Lays each of `fixed` at its offset, then `rest` as [`pack`] lays
/// sub-tables (largest first, each at the lowest offset where it fits):
/// the offsets of `rest`, in input order, and the array's length.
#[cfg(feature = "tools")]
pub(crate) fn pack_around(
    fixed: &[(SubTable, usize)],
    rest: &[SubTable],
    rule: SlotRule,
) -> (Vec<u32>, usize) {
    pack_preferring_around(fixed, rest, rule, None, |_, _| None).0
}

/// The order [`pack`] lays `n` sub-tables in, by their whole lengths
/// (`span`): largest first, ties in input order.
pub(crate) fn largest_first(n: usize, span: impl Fn(usize) -> usize) -> Vec<usize> {
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by_key(|&t| core::cmp::Reverse(span(t)));
    order
}

/// Sub-tables laid one at a time in one array, each at the lowest offset
/// where its used slots agree with what is already there: what [`pack`]
/// does for each sub-table in its order, for a caller that has them one
/// by one (a set's search hands each to the packer as it is found).
pub(crate) struct Packer {
    array: Array,
    rule: SlotRule,
    /// Offsets tried so far.
    attempts: u64,
    /// One past the last used slot of any sub-table laid so far.
    len: usize,
}

impl Packer {
    /// A packer with room for sub-tables of `room` slots in all, end to
    /// end: its arrays never grow, so they are never copied. Their slots
    /// are 0 until written, so the memory of those never reached is never
    /// touched.
    pub(crate) fn new(rule: SlotRule, room: usize) -> Self {
        let covered = match rule {
            SlotRule::Exact => Vec::new(),
            SlotRule::PostMasked => vec![0; room],
        };
        Packer {
            array: Array {
                end: 0,
                attacks: vec![0; room],
                covered,
                used: vec![0; room.div_ceil(64)],
                laid: Vec::new(),
            },
            rule,
            attempts: 0,
            len: 0,
        }
    }

    /// Lays `table` (number `t` of its set), or, where it would end past
    /// the array laid so far, the first of its alternatives that does not
    /// ([`pack_preferring`]); returns the offset, and the alternative's
    /// magic if one was taken.
    pub(crate) fn lay_preferring(
        &mut self,
        t: usize,
        table: Prepared,
        alternative: &mut impl FnMut(usize, u32) -> Option<(SubTable, u64)>,
    ) -> (usize, Option<u64>) {
        let (array, rule) = (&self.array, self.rule);
        let mut chosen = table;
        let mut offset = array.fit(&chosen, rule, &mut self.attempts);
        let mut adopted = None;
        let mut attempt = 0;
        while offset + chosen.used_len > array.end && attempt < ALTERNATIVES {
            attempt += 1;
            let Some((other, magic)) = alternative(t, attempt) else {
                break;
            };
            let other = Prepared::new(&other, rule);
            let fit = array.fit(&other, rule, &mut self.attempts);
            if fit + other.used_len <= array.end {
                (chosen, offset) = (other, fit);
                adopted = Some(magic);
            }
        }
        self.lay_at(chosen, offset);
        (offset, adopted)
    }

    /// Lays `table` at `offset`, wherever that is.
    pub(crate) fn lay_at(&mut self, table: Prepared, offset: usize) {
        self.array.place(&table, offset, self.rule);
        self.len = self.len.max(offset + table.used_len);
    }

    /// The length of the array (one past its last used slot), with every
    /// offset tried counted against `budget`.
    pub(crate) fn finish(self, budget: Option<&Budget>) -> usize {
        if let Some(budget) = budget {
            budget.spend(self.attempts * PACK_ATTEMPT_COST);
        }
        self.len
    }
}

#[cfg(test)]
mod tests {
    use crate::{SlotRule, SplitMix64};

    /// `SlotRule::first_admitting` stops at the first slot where
    /// `SlotRule::admits` holds, or at the end: over arrays from empty to
    /// full, with stored sets that agree with the one laid, contain it,
    /// or differ from it.
    #[test]
    fn the_first_admitting_slot_is_the_first_admits_allows() {
        let mut rng = SplitMix64::new(11);
        for round in 0..400 {
            let attacks = rng.next_u64() & rng.next_u64();
            let postmask = attacks | (rng.next_u64() & rng.next_u64());
            let len = 1 + (rng.next_u64() % 200) as usize;
            let fill = round % 5;
            let slot = |rng: &mut SplitMix64| match rng.next_u64() % 6 {
                _ if fill == 0 => 0,
                0 => 0,
                1 => attacks,
                2 => attacks | (rng.next_u64() & !postmask),
                _ => rng.next_u64() & rng.next_u64(),
            };
            let stored: Vec<u64> = (0..len).map(|_| slot(&mut rng)).collect();
            let covered: Vec<u64> = stored
                .iter()
                .map(|&s| match s {
                    0 => 0,
                    _ => s | (rng.next_u64() & rng.next_u64()),
                })
                .collect();
            let from = (rng.next_u64() % (len as u64 + 1)) as usize;
            for rule in [SlotRule::Exact, SlotRule::PostMasked] {
                let expected = (from..len)
                    .find(|&i| rule.admits(stored[i], covered[i], attacks, postmask))
                    .unwrap_or(len);
                assert_eq!(
                    rule.first_admitting(&stored, &covered, from, attacks, postmask),
                    expected,
                    "round {round}, {rule:?}"
                );
            }
        }
    }
}
