//! A denser packing of fixed-shift and black-magic sub-tables than the
//! greedy [`pack`](crate::pack): sub-tables are laid left to right, each at
//! the lowest offset where its used slots fall on free ones, and the order
//! they are laid in is then improved by a seeded local search.
//!
//! Only free slots are filled, never slots that happen to hold the same
//! attack set: sub-tables of different squares never agree on a slot (the
//! greedy packing checks it), and ignoring that case lets the array be a
//! plain bitset.

use crate::cooling::{keeps_worse, Halving};
use crate::free_slots::{fits, lowest, Shape};
use crate::rng::SplitMix64;
use crate::SubTable;

/// Marks the slots `shape` uses at `offset` as used.
fn place(bits: &mut Vec<u64>, shape: &Shape, offset: usize) {
    let need = (offset + shape.len).div_ceil(64) + 1;
    if bits.len() < need {
        bits.resize(need, 0);
    }
    for (w, &tw) in shape.words.iter().enumerate() {
        let pos = offset + 64 * w;
        let (i, s) = (pos / 64, pos % 64);
        bits[i] |= tw << s;
        if s != 0 {
            bits[i + 1] |= tw >> (64 - s);
        }
    }
}

/// Lays sub-tables in a given order, each in the shape of its chosen
/// magic, keeping the array after every step so that a changed order or
/// choice is laid again only from the first change on, and only until the
/// array is again what it was.
struct Layer<'a> {
    choices: &'a [Vec<Shape>],
    choice: Vec<usize>,
    order: Vec<usize>,
    snapshots: Vec<Vec<u64>>,
    offsets: Vec<usize>,
    ends: Vec<usize>,
}

impl<'a> Layer<'a> {
    /// Every sub-table in its first shape, laid in `order`.
    fn new(choices: &'a [Vec<Shape>], order: Vec<usize>) -> Self {
        Self::with_choice(choices, order, vec![0; choices.len()])
    }

    /// Every sub-table `t` in its shape `choice[t]`, laid in `order`.
    fn with_choice(choices: &'a [Vec<Shape>], order: Vec<usize>, choice: Vec<usize>) -> Self {
        let n = choices.len();
        let mut layer = Layer {
            choices,
            choice,
            order,
            snapshots: vec![Vec::new(); n + 1],
            offsets: vec![0; n],
            ends: vec![0; n + 1],
        };
        let mut first = layer.keep(0);
        layer.lay_from(0, n, &mut first);
        layer
    }

    /// The shape sub-table `t` is laid in.
    fn shape(&self, t: usize) -> &'a Shape {
        &self.choices[t][self.choice[t]]
    }

    /// Lays the order again from step `k` on, where the steps after `last`
    /// lay the same sub-tables in the same shapes as before: once the array
    /// after such a step is what it was, so is every later step, and laying
    /// stops. The arrays it replaces go to `kept`.
    fn lay_from(&mut self, k: usize, last: usize, kept: &mut Kept) {
        for i in k..self.order.len() {
            let t = self.order[i];
            let shape = self.shape(t);
            let offset = lowest(&self.snapshots[i], shape, 0);
            let mut next = self.snapshots[i].clone();
            place(&mut next, shape, offset);
            // Set even where the array comes out as it was: two sub-tables
            // of one shape that trade places leave the array unchanged,
            // each at the other's offset.
            self.offsets[t] = offset;
            if i >= last && same_slots(&next, &self.snapshots[i + 1]) {
                return;
            }
            kept.snapshots
                .push((i + 1, core::mem::replace(&mut self.snapshots[i + 1], next)));
            self.ends[i + 1] = self.ends[i].max(offset + shape.len);
        }
    }

    /// What laying again from step `k` on may change: the order, the
    /// choices, the offsets and the ends after step `k`; the arrays it
    /// replaces are added as they are replaced.
    fn keep(&self, k: usize) -> Kept {
        Kept {
            from: k,
            order: self.order.clone(),
            choice: self.choice.clone(),
            offsets: self.offsets.clone(),
            snapshots: Vec::new(),
            ends: self.ends[k + 1..].to_vec(),
        }
    }

    /// The layout as [`keep`](Self::keep) saw it.
    fn restore(&mut self, kept: Kept) {
        self.order = kept.order;
        self.choice = kept.choice;
        self.offsets = kept.offsets;
        for (step, saved) in kept.snapshots {
            self.snapshots[step] = saved;
        }
        self.ends[kept.from + 1..].copy_from_slice(&kept.ends);
    }

    /// The array length.
    fn len(&self) -> usize {
        self.ends[self.order.len()]
    }
}

/// Whether two arrays use the same slots: they may differ in how many
/// unused words they end with.
fn same_slots(a: &[u64], b: &[u64]) -> bool {
    let n = a.len().min(b.len());
    a[..n] == b[..n] && a[n..].iter().chain(&b[n..]).all(|&w| w == 0)
}

/// A layout's state from one step on, kept to undo a change.
struct Kept {
    from: usize,
    order: Vec<usize>,
    choice: Vec<usize>,
    offsets: Vec<usize>,
    /// The arrays replaced, with the step they followed.
    snapshots: Vec<(usize, Vec<u64>)>,
    ends: Vec<usize>,
}

/// The first order: left to right, each step the sub-table whose lowest
/// fit starts earliest (by blocks of `block` slots), the larger on ties:
/// coarse blocks let large sub-tables go first within a stretch.
fn left_to_right(shapes: &[&Shape], block: usize) -> Vec<usize> {
    let mut bits = Vec::new();
    let mut low = vec![0usize; shapes.len()];
    let mut left: Vec<usize> = (0..shapes.len()).collect();
    let mut order = Vec::with_capacity(shapes.len());
    let key = |t: usize, low: &[usize]| {
        (
            (low[t] + shapes[t].first) / block,
            core::cmp::Reverse(shapes[t].count),
            t,
        )
    };
    while !left.is_empty() {
        // Lowest fits only rise as the array fills: refresh the best lazily.
        loop {
            let (i, &t) = left
                .iter()
                .enumerate()
                .min_by_key(|&(_, &t)| key(t, &low))
                .expect("a sub-table is left");
            let offset = lowest(&bits, shapes[t], low[t]);
            if offset == low[t] {
                place(&mut bits, shapes[t], offset);
                order.push(t);
                left.swap_remove(i);
                break;
            }
            low[t] = offset;
        }
    }
    order
}

/// The array length of a layout: `offsets` (in input order) place every
/// sub-table with none of its used slots on another's. `None` when they
/// do not, or when an offset lies past all the sub-tables laid end to end.
///
/// ```
/// use magic_search::{layout_len, published_set, Scheme};
/// let set = published_set(Scheme::Black).unwrap();
/// let offsets: Vec<u32> = set.offsets.iter().flatten().copied().collect();
/// assert_eq!(layout_len(&set.sub_tables(), &offsets), Some(87_988));
/// assert_eq!(layout_len(&set.sub_tables(), &[0; 128]), None);
/// ```
pub fn layout_len(tables: &[SubTable], offsets: &[u32]) -> Option<usize> {
    let shapes: Vec<Shape> = tables.iter().map(Shape::new).collect();
    let shapes: Vec<&Shape> = shapes.iter().collect();
    is_layout(&shapes, offsets).then(|| span_of(&shapes, offsets))
}

/// Whether `offsets` place every sub-table, none on another's used slots,
/// within all of them laid end to end.
fn is_layout(shapes: &[&Shape], offsets: &[u32]) -> bool {
    let span: usize = shapes.iter().map(|s| s.len).sum();
    let mut bits = Vec::new();
    offsets.len() == shapes.len()
        && shapes.iter().zip(offsets).all(|(shape, &offset)| {
            let offset = offset as usize;
            let fit = offset <= span && fits(&bits, shape, offset);
            if fit {
                place(&mut bits, shape, offset);
            }
            fit
        })
}

/// The order of a layout: its sub-tables by their first used slot.
fn order_of(shapes: &[&Shape], offsets: &[u32]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..shapes.len()).collect();
    order.sort_by_key(|&t| (offsets[t] as usize + shapes[t].first, t));
    order
}

/// An order in which every sub-table's lowest fit is its offset in
/// `offsets`, so that laying the order gives the layout back exactly, or
/// `None` when there is none. Laid by their first used slots, 15 of the
/// published fixed-shift sub-tables fit lower than they are, and the
/// layout comes out 96,891 entries long instead of 88,772; this order
/// gives it back.
///
/// A sub-table at its own offset takes no slot that another's offset
/// needs, and only raises the others' lowest fits: so taking, pass after
/// pass, every sub-table whose lowest fit is already its offset (by first
/// used slot within a pass) finds such an order whenever one exists.
fn relaying_order(shapes: &[&Shape], offsets: &[u32]) -> Option<Vec<usize>> {
    let mut left = order_of(shapes, offsets);
    let mut bits = Vec::new();
    // Lowest fits only rise as the array fills.
    let mut low = vec![0usize; shapes.len()];
    let mut order = Vec::with_capacity(shapes.len());
    while !left.is_empty() {
        let before = left.len();
        left.retain(|&t| {
            let offset = offsets[t] as usize;
            low[t] = lowest(&bits, shapes[t], low[t]);
            let ready = low[t] == offset;
            if ready {
                place(&mut bits, shapes[t], offset);
                order.push(t);
            }
            !ready
        });
        if left.len() == before {
            return None;
        }
    }
    Some(order)
}

/// The layout a search from `offsets` starts with: laid by first used
/// slots when that comes out shorter (the published black layout does, by
/// 205 entries), else laid again exactly in the order that gives it back,
/// if there is one.
fn start_layer<'a>(choices: &'a [Vec<Shape>], firsts: &[&Shape], offsets: &[u32]) -> Layer<'a> {
    let by_first = Layer::new(choices, order_of(firsts, offsets));
    if by_first.len() < span_of(firsts, offsets) {
        return by_first;
    }
    match relaying_order(firsts, offsets) {
        Some(exact) => Layer::new(choices, exact),
        None => by_first,
    }
}

/// Packs fixed-shift or black-magic sub-tables (exact sharing) densely:
/// a left-to-right layout, then `effort` seeded changes of the order (a
/// swap, or a move of one sub-table, over at most 30 places), each kept
/// when the array gets no longer: equal lengths are kept too, so the
/// search walks across plateaus. The seed also picks the block size of
/// the first layout, so that restarts with consecutive seeds start from
/// different layouts. Deterministic for a given `effort` and `seed`.
/// Returns each sub-table's offset, in input order, and the array length.
///
/// [`pack_dense_with`] can start instead from a layout of one's own, such
/// as the offsets a magics file comes with.
///
/// ```
/// use magic_search::{pack_dense, published_set, Scheme};
/// let set = published_set(Scheme::Black).unwrap();
/// let (offsets, len) = pack_dense(&set.sub_tables(), 10, 1);
/// assert_eq!(offsets.len(), 128);
/// assert!(len < 95_000);
/// ```
pub fn pack_dense(tables: &[SubTable], effort: u64, seed: u64) -> (Vec<u32>, usize) {
    pack_dense_with(tables, None, effort, seed, |_| {})
}

/// [`pack_dense`], starting from the layout `start` when it is one (laid
/// again in an order that gives it back exactly, or by first used slots
/// when that comes out shorter; offsets that put a sub-table on another's
/// used slots are ignored) and never returning a longer one, nor another
/// of the same length, and calling
/// `step` with the best length so far before each of the `effort` changes:
/// for a progress bar, and to end the search early ([`GoOn`]).
///
/// ```
/// use magic_search::{pack_dense, pack_dense_with, published_set, Scheme};
/// let set = published_set(Scheme::Black).unwrap();
/// let tables = set.sub_tables();
/// let mut steps = 0;
/// let packed = pack_dense_with(&tables, None, 3, 0, |_| steps += 1);
/// assert_eq!((steps, packed), (3, pack_dense(&tables, 3, 0)));
///
/// // From the published layout (87,988 entries), no change is needed to
/// // come out shorter.
/// let published: Vec<u32> = set.offsets.iter().flatten().copied().collect();
/// let (_, len) = pack_dense_with(&tables, Some(&published), 0, 0, |_| {});
/// assert!(len < 87_988);
/// ```
pub fn pack_dense_with<F: FnMut(usize) -> R, R: GoOn>(
    tables: &[SubTable],
    start: Option<&[u32]>,
    effort: u64,
    seed: u64,
    step: F,
) -> (Vec<u32>, usize) {
    let choices: Vec<Vec<SubTable>> = tables.iter().map(|t| vec![t.clone()]).collect();
    let packed = pack_choosing(&choices, start, effort, seed, step);
    (packed.offsets, packed.len)
}

/// What the `step` of a search such as [`pack_annealing`] answers before
/// each change: `()` or `true` to go on, `false` to end the search there,
/// with the shortest layout found so far (on Ctrl-C, say).
///
/// ```
/// use magic_search::{pack_dense, pack_dense_with, published_set, Scheme};
/// let tables = published_set(Scheme::Black).unwrap().sub_tables();
/// let mut steps = 0;
/// let stopped = pack_dense_with(&tables, None, 1_000, 0, |_| {
///     steps += 1;
///     steps < 10
/// });
/// assert_eq!((steps, stopped), (10, pack_dense(&tables, 9, 0)));
/// ```
pub trait GoOn {
    /// Whether the search goes on.
    fn go_on(self) -> bool;
}

impl GoOn for () {
    fn go_on(self) -> bool {
        true
    }
}

impl GoOn for bool {
    fn go_on(self) -> bool {
        self
    }
}

/// A layout of sub-tables with a choice of magics.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Packing {
    /// For each sub-table, which of its choices is laid.
    pub choice: Vec<usize>,
    /// Each sub-table's offset, in input order.
    pub offsets: Vec<u32>,
    /// The array length: one past the last used slot.
    pub len: usize,
    /// The shortest array the search itself laid: longer than `len` when
    /// the start layout is kept.
    pub searched: usize,
}

/// [`pack_dense_with`] where each sub-table may be laid in any of its
/// `choices` (the sub-tables of other magics of its square, hash and bits,
/// such as [`candidate_sub_tables`](crate::candidate_sub_tables) finds;
/// the first is the one `start` places): besides changes of the order, a
/// quarter of the changes give one sub-table another of its choices. With a
/// single choice per sub-table, the same as [`pack_dense_with`].
///
/// # Panics
///
/// If a sub-table has no choice at all.
///
/// ```
/// use magic_search::{candidate_sub_tables, pack_choosing, published_set, Hash, Scheme};
/// let set = published_set(Scheme::Black).unwrap();
/// let choices: Vec<_> = set
///     .sub_tables()
///     .into_iter()
///     .map(|t| {
///         let (piece, sq, bits) = (t.piece, t.square, t.entries.len().trailing_zeros());
///         let more = candidate_sub_tables(Hash::Black, piece, sq, bits, 2, 100_000, 1);
///         std::iter::once(t).chain(more.into_iter().map(|(_, t)| t)).collect()
///     })
///     .collect();
/// let packed = pack_choosing(&choices, None, 50, 0, |_| {});
/// assert_eq!(packed.choice.len(), 128);
/// assert!(packed.len < 95_000);
/// ```
pub fn pack_choosing<F: FnMut(usize) -> R, R: GoOn>(
    choices: &[Vec<SubTable>],
    start: Option<&[u32]>,
    effort: u64,
    seed: u64,
    step: F,
) -> Packing {
    pack_annealing(choices, start, effort, seed, 0, 1, step)
}

/// [`pack_choosing`], annealing: a change that lengthens the array by `d`
/// entries is taken too, with chance 2^(-d / T), where the temperature `T`
/// starts at `temperature` entries and halves again and again (in a
/// straight line within each halving) to about 1 by the last change.
/// Taking only no longer arrays stops in the first valley whose every
/// neighbouring order is longer. The shortest layout seen is returned. A
/// `temperature` of 0 is [`pack_choosing`] itself, change for change.
///
/// With `blocks` of 2 or more, a quarter of the changes of order move a
/// run of 2 to `blocks` sub-tables that follow one another in the order,
/// all at once: sub-tables that interleave keep doing so where one moved
/// alone would fall into another's gaps. A `blocks` of 0 or 1 moves one
/// sub-table at a time and draws what it always drew.
/// Deterministic for given arguments on every platform.
///
/// # Panics
///
/// If a sub-table has no choice at all.
///
/// ```
/// use magic_search::{layout_len, pack_annealing, published_set, Scheme, SubTable};
/// let set = published_set(Scheme::FixedShift).unwrap();
/// let tables = set.sub_tables();
/// let choices: Vec<Vec<SubTable>> = tables.iter().map(|t| vec![t.clone()]).collect();
/// let packed = pack_annealing(&choices, None, 300, 2, 300, 6, |_| {});
/// assert_eq!(layout_len(&tables, &packed.offsets), Some(packed.len));
/// assert!(packed.len < 100_000);
/// ```
pub fn pack_annealing<F: FnMut(usize) -> R, R: GoOn>(
    choices: &[Vec<SubTable>],
    start: Option<&[u32]>,
    effort: u64,
    seed: u64,
    temperature: u32,
    blocks: usize,
    mut step: F,
) -> Packing {
    let choices: Vec<Vec<Shape>> = choices
        .iter()
        .map(|c| c.iter().map(Shape::new).collect())
        .collect();
    let n = choices.len();
    assert!(
        choices.iter().all(|c| !c.is_empty()),
        "every sub-table needs a choice"
    );
    if n == 0 {
        return Packing {
            choice: vec![0; n],
            offsets: vec![0; n],
            len: 0,
            searched: 0,
        };
    }
    let firsts: Vec<&Shape> = choices.iter().map(|c| &c[0]).collect();
    let block = [1024, 256, 512, 2048][(seed % 4) as usize];
    let start = start.filter(|offsets| is_layout(&firsts, offsets));
    let mut layer = match start {
        Some(offsets) => start_layer(&choices, &firsts, offsets),
        None => Layer::new(&choices, left_to_right(&firsts, block)),
    };
    let mut best = layer.len();
    // Annealing walks away from the shortest layout: its order and choice.
    let mut shortest = (layer.order.clone(), layer.choice.clone());
    let mut now = best;
    let cooling = Halving::new(temperature, effort);
    let mut rng = SplitMix64::new(seed);
    let choosable: Vec<usize> = (0..n).filter(|&t| choices[t].len() > 1).collect();
    for change in 0..effort {
        if !step(best).go_on() {
            break;
        }
        // Only with choices to make is a change drawn as a new choice, so
        // that single choices lay what `pack_dense` always laid.
        let kept = if !choosable.is_empty() && rng.next_u64() % 4 == 0 {
            change_choice(&mut layer, &mut rng, &choosable)
        } else {
            match change_order(&mut layer, &mut rng, blocks) {
                Some(kept) => kept,
                None => continue,
            }
        };
        let len = layer.len();
        if len <= now || keeps_worse(&mut rng, len - now, cooling.at(change)) {
            now = len;
            if len < best {
                best = len;
                shortest = (layer.order.clone(), layer.choice.clone());
            }
        } else {
            layer.restore(kept);
        }
    }
    if now > best {
        let (order, choice) = shortest;
        layer = Layer::with_choice(&choices, order, choice);
    }
    // Laid again by first used slots, a layout may come out longer than it
    // was; and a search that found none shorter gives it back as it was,
    // not another of the same length.
    if let Some(offsets) = start {
        let len = span_of(&firsts, offsets);
        if len <= best {
            return Packing {
                choice: vec![0; n],
                offsets: offsets.to_vec(),
                len,
                searched: best,
            };
        }
    }
    let offsets: Vec<u32> = layer.offsets.iter().map(|&o| o as u32).collect();
    debug_assert!(
        is_layout(
            &(0..n).map(|t| layer.shape(t)).collect::<Vec<_>>(),
            &offsets
        ),
        "the layout laid overlaps"
    );
    Packing {
        choice: layer.choice,
        offsets,
        len: best,
        searched: best,
    }
}

/// A number below `n`.
fn below(rng: &mut SplitMix64, n: usize) -> usize {
    (rng.next_u64() % n as u64) as usize
}

/// Gives one of the `choosable` sub-tables another of its choices and lays
/// the order again from there; returns what undoes it.
fn change_choice(layer: &mut Layer, rng: &mut SplitMix64, choosable: &[usize]) -> Kept {
    let t = choosable[below(rng, choosable.len())];
    let count = layer.choices[t].len();
    let other = 1 + below(rng, count - 1);
    let at = layer.order.iter().position(|&u| u == t).expect("t is laid");
    let mut kept = layer.keep(at);
    layer.choice[t] = (layer.choice[t] + other) % count;
    layer.lay_from(at, at, &mut kept);
    kept
}

/// Swaps two nearby sub-tables of the order, or moves one (or, with
/// `blocks` of 2 or more, a run of up to `blocks`), and lays the order
/// again from there; returns what undoes it, or `None` when the change
/// drawn changes nothing.
fn change_order(layer: &mut Layer, rng: &mut SplitMix64, blocks: usize) -> Option<Kept> {
    let n = layer.order.len();
    // Nearby changes: far ones undo the left-to-right layout's work.
    let i = below(rng, n);
    let d = 1 + below(rng, REACH);
    let j = match rng.next_u64() & 1 {
        0 => i.saturating_sub(d),
        _ => (i + d).min(n - 1),
    };
    if i == j {
        return None;
    }
    if blocks > 1 && rng.next_u64() % 4 == 0 {
        return move_block(layer, i, j, 2 + below(rng, blocks - 1));
    }
    // Kept aside rather than laid again when the change is undone.
    let (from, last) = (i.min(j), i.max(j));
    let mut kept = layer.keep(from);
    if rng.next_u64() & 1 == 0 {
        layer.order.swap(i, j);
    } else {
        let t = layer.order.remove(i);
        layer.order.insert(j, t);
    }
    layer.lay_from(from, last, &mut kept);
    Some(kept)
}

/// Moves the `k` sub-tables from step `i` of the order on so that they
/// start at step `j` (or as near it as the order allows), and lays the
/// order again from there; `None` when that changes nothing.
fn move_block(layer: &mut Layer, i: usize, j: usize, k: usize) -> Option<Kept> {
    let n = layer.order.len();
    if i + k > n {
        return None;
    }
    let to = j.min(n - k);
    if to == i {
        return None;
    }
    let (from, last) = (i.min(to), i.max(to) + k - 1);
    let mut kept = layer.keep(from);
    let block: Vec<usize> = layer.order.drain(i..i + k).collect();
    layer.order.splice(to..to, block);
    layer.lay_from(from, last, &mut kept);
    Some(kept)
}

/// The array length of a layout: one past its last used slot.
fn span_of(shapes: &[&Shape], offsets: &[u32]) -> usize {
    let end = |(shape, &offset): (&&Shape, &u32)| offset as usize + shape.len;
    shapes.iter().zip(offsets).map(end).max().unwrap_or(0)
}

/// How far in the order one change moves a sub-table.
const REACH: usize = 30;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{published_set, Scheme};

    fn shapes_of(scheme: Scheme) -> Vec<Shape> {
        let set = published_set(scheme).expect("a published set");
        set.sub_tables().iter().map(Shape::new).collect()
    }

    /// The lowest fit found by probing blocks of offsets is the first offset
    /// that fits, tried one by one.
    #[test]
    fn lowest_is_the_first_offset_that_fits() {
        let shapes = shapes_of(Scheme::Black);
        let mut rng = SplitMix64::new(7);
        for round in 0..40 {
            // Arrays from sparse to nearly full.
            let fill = round % 8;
            let bits: Vec<u64> = (0..1500)
                .map(|_| (0..fill).fold(0, |w, _| w | rng.next_u64()))
                .collect();
            for (t, shape) in shapes.iter().enumerate().step_by(5) {
                let from = (rng.next_u64() % 50_000) as usize;
                let first = (from..)
                    .find(|&o| fits(&bits, shape, o))
                    .expect("fits past the end");
                assert_eq!(
                    lowest(&bits, shape, from),
                    first,
                    "round {round}, sub-table {t}"
                );
            }
        }
    }

    /// The published fixed-shift layout comes out longer laid again by
    /// first used slots, and exactly as it was in the order that
    /// `relaying_order` finds; a search from it that finds no shorter one
    /// gives it back as it was.
    #[test]
    fn a_start_layout_is_laid_again_exactly() {
        let set = published_set(Scheme::FixedShift).expect("the published fixed-shift set");
        let tables = set.sub_tables();
        let published: Vec<u32> = set.offsets.iter().flatten().copied().collect();
        let choices: Vec<Vec<Shape>> = tables.iter().map(|t| vec![Shape::new(t)]).collect();
        let firsts: Vec<&Shape> = choices.iter().map(|c| &c[0]).collect();
        let relaid = Layer::new(&choices, order_of(&firsts, &published)).len();
        assert!(relaid > set.len, "{relaid}");
        let order = relaying_order(&firsts, &published).expect("an order that lays it again");
        assert_ne!(order, order_of(&firsts, &published));
        let exact = Layer::new(&choices, order);
        let offsets: Vec<u32> = exact.offsets.iter().map(|&o| o as u32).collect();
        assert_eq!(
            (offsets.as_slice(), exact.len()),
            (published.as_slice(), set.len)
        );
        let packed = pack_dense_with(&tables, Some(&published), 10, 0, |_| {});
        assert_eq!(packed, (published, set.len));
    }

    /// A layout whose every sub-table fits lower than it is with nothing
    /// laid is no lowest-fit layout of any order.
    #[test]
    fn a_layout_with_a_gap_below_has_no_relaying_order() {
        let set = published_set(Scheme::FixedShift).expect("the published fixed-shift set");
        let shapes: Vec<Shape> = set.sub_tables().iter().map(Shape::new).collect();
        let firsts: Vec<&Shape> = shapes.iter().collect();
        let published: Vec<u32> = set.offsets.iter().flatten().copied().collect();
        // Every sub-table one slot up: with nothing laid yet, each fits at
        // offset 0, below its own, so none can be laid first.
        let raised: Vec<u32> = published.iter().map(|&o| o + 1).collect();
        assert!(is_layout(&firsts, &raised));
        assert_eq!(relaying_order(&firsts, &raised), None);
    }

    /// A layout laid whole, in `order` with `choice`.
    fn laid<'a>(choices: &'a [Vec<Shape>], order: &[usize], choice: &[usize]) -> Layer<'a> {
        Layer::with_choice(choices, order.to_vec(), choice.to_vec())
    }

    /// Annealing hot, the search ends on a longer layout than the shortest
    /// it laid, and must give back that one, laid again from its order and
    /// choice: a valid layout of exactly the length it reports, and no
    /// longer than any length it reported on the way.
    #[test]
    fn annealing_gives_back_the_shortest_layout_it_laid() {
        let black = published_set(Scheme::Black).expect("the published black set");
        let fixed = published_set(Scheme::FixedShift).expect("the published fixed-shift set");
        let choices: Vec<Vec<SubTable>> = black
            .sub_tables()
            .into_iter()
            .zip(fixed.sub_tables())
            .map(|(a, b)| vec![a, b])
            .collect();
        let mut reported = usize::MAX;
        let hot = pack_annealing(&choices, None, 400, 3, 5_000, 1, |best| {
            reported = reported.min(best)
        });
        assert!(hot.len <= reported);
        let shapes: Vec<Shape> = choices
            .iter()
            .zip(&hot.choice)
            .map(|(c, &k)| Shape::new(&c[k]))
            .collect();
        let shapes: Vec<&Shape> = shapes.iter().collect();
        assert!(is_layout(&shapes, &hot.offsets));
        assert_eq!(span_of(&shapes, &hot.offsets), hot.len);
        let plain = pack_annealing(&choices, None, 400, 3, 0, 1, |_| {});
        assert_ne!(hot, plain, "annealing took no other path");
    }

    /// The published fixed-shift sub-tables, each with its own magic alone.
    fn fixed_shift_alone() -> Vec<Vec<Shape>> {
        shapes_of(Scheme::FixedShift)
            .into_iter()
            .map(|s| vec![s])
            .collect()
    }

    /// Two sub-tables of one shape that trade places in the order leave
    /// every array as it was, and each takes the other's offset: the
    /// search stops laying at the second, and must still move it.
    #[test]
    fn sub_tables_of_one_shape_trade_offsets() {
        let choices = fixed_shift_alone();
        let n = choices.len();
        let alike = |a: usize, b: usize| choices[a][0].words == choices[b][0].words;
        let (a, b) = (0..n)
            .flat_map(|a| (a + 1..n).map(move |b| (a, b)))
            .find(|&(a, b)| alike(a, b))
            .expect("two fixed-shift sub-tables of one shape");
        let mut layer = Layer::new(&choices, (0..n).collect());
        let before = layer.offsets.clone();
        let mut kept = layer.keep(a);
        layer.order.swap(a, b);
        layer.lay_from(a, b, &mut kept);
        assert_eq!((layer.offsets[a], layer.offsets[b]), (before[b], before[a]));
        let whole = laid(&choices, &layer.order, &layer.choice);
        assert_eq!(layer.offsets, whole.offsets);
        let offsets: Vec<u32> = layer.offsets.iter().map(|&o| o as u32).collect();
        let shapes: Vec<&Shape> = choices.iter().map(|c| &c[0]).collect();
        assert!(is_layout(&shapes, &offsets));
    }

    /// A run of sub-tables moved at once keeps its order, the others keep
    /// theirs, and laying again from the change gives what laying the whole
    /// new order gives; undone, the layout is back.
    #[test]
    fn a_block_moves_whole_and_lays_what_the_whole_order_lays() {
        let choices = fixed_shift_alone();
        let n = choices.len();
        let mut layer = Layer::new(&choices, (0..n).collect());
        let mut rng = SplitMix64::new(5);
        let mut moved = 0;
        for _ in 0..60 {
            let (i, j, k) = (
                below(&mut rng, n),
                below(&mut rng, n),
                2 + below(&mut rng, 7),
            );
            let before = (layer.order.clone(), layer.offsets.clone());
            let Some(kept) = move_block(&mut layer, i, j, k) else {
                assert!(i + k > n || j.min(n - k) == i);
                assert_eq!((&layer.order, &layer.offsets), (&before.0, &before.1));
                continue;
            };
            moved += 1;
            let to = j.min(n - k);
            assert_eq!(layer.order[to..to + k], before.0[i..i + k]);
            let others = |order: &[usize]| -> Vec<usize> {
                order
                    .iter()
                    .copied()
                    .filter(|t| !before.0[i..i + k].contains(t))
                    .collect()
            };
            assert_eq!(others(&layer.order), others(&before.0));
            let whole = laid(&choices, &layer.order, &layer.choice);
            assert_eq!((&layer.offsets, layer.len()), (&whole.offsets, whole.len()));
            if rng.next_u64() & 1 == 0 {
                layer.restore(kept);
                assert_eq!((&layer.order, &layer.offsets), (&before.0, &before.1));
            }
        }
        assert!(moved > 40, "{moved}");
    }

    /// Moving one sub-table at a time, `blocks` of 0 and 1 search alike;
    /// runs of up to 6 take another path.
    #[test]
    fn blocks_of_one_search_as_before() {
        let set = published_set(Scheme::FixedShift).expect("the published fixed-shift set");
        let choices: Vec<Vec<SubTable>> = set.sub_tables().into_iter().map(|t| vec![t]).collect();
        let run = |blocks| pack_annealing(&choices, None, 300, 1, 300, blocks, |_| {});
        assert_eq!(run(0), run(1));
        assert_ne!(run(1), run(6));
    }

    /// Laying again only until the array is what it was gives the layout of
    /// laying the whole order, after a change of order or of choice, and an
    /// undone change gives the layout back.
    #[test]
    fn a_change_lays_what_the_whole_order_lays() {
        // Two shapes per sub-table: the black and the fixed-shift magic's.
        let choices: Vec<Vec<Shape>> = shapes_of(Scheme::Black)
            .into_iter()
            .zip(shapes_of(Scheme::FixedShift))
            .map(|(a, b)| vec![a, b])
            .collect();
        let n = choices.len();
        let mut layer = Layer::new(&choices, (0..n).collect());
        let mut rng = SplitMix64::new(3);
        for round in 0..80 {
            let (i, j) = (
                (rng.next_u64() % n as u64) as usize,
                (rng.next_u64() % n as u64) as usize,
            );
            let before = (
                layer.order.clone(),
                layer.choice.clone(),
                layer.offsets.clone(),
            );
            let mut kept;
            if round % 2 == 0 {
                let (from, last) = (i.min(j), i.max(j));
                kept = layer.keep(from);
                layer.order.swap(i, j);
                layer.lay_from(from, last, &mut kept);
            } else {
                let t = layer.order[i];
                kept = layer.keep(i);
                layer.choice[t] ^= 1;
                layer.lay_from(i, i, &mut kept);
            }
            let whole = laid(&choices, &layer.order, &layer.choice);
            assert_eq!((&layer.offsets, layer.len()), (&whole.offsets, whole.len()));
            if rng.next_u64() & 1 == 0 {
                layer.restore(kept);
                let after = (
                    layer.order.clone(),
                    layer.choice.clone(),
                    layer.offsets.clone(),
                );
                assert_eq!(after, before);
                let again = laid(&choices, &layer.order, &layer.choice);
                assert_eq!(layer.len(), again.len());
                for (a, b) in layer.snapshots.iter().zip(&again.snapshots) {
                    assert!(same_slots(a, b));
                }
            }
        }
    }
}
