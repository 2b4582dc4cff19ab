//! A denser packing of fixed-shift and black-magic sub-tables than the
//! greedy [`pack`](crate::pack): sub-tables are laid left to right, each at
//! the lowest offset where its used slots fall on free ones, and the order
//! they are laid in is then improved by a seeded local search.
//!
//! Only free slots are filled, never slots that happen to hold the same
//! attack set: sub-tables of different squares almost never agree on a slot,
//! and ignoring that case lets the array be a plain bitset.

use crate::rng::SplitMix64;
use crate::SubTable;

/// A sub-table reduced to what placement needs.
struct Shape {
    /// The used slots as a bitset, from slot 0.
    words: Vec<u64>,
    /// The word with the most used slots, checked first.
    anchor: usize,
    /// The first used slot.
    first: usize,
    /// One past the last used slot.
    len: usize,
    count: usize,
}

impl Shape {
    fn new(t: &SubTable) -> Self {
        let len = t.used_len();
        let mut words = vec![0u64; len.div_ceil(64)];
        for (i, _) in t.entries.iter().enumerate().filter(|&(_, &a)| a != 0) {
            words[i / 64] |= 1 << (i % 64);
        }
        let anchor = (0..words.len())
            .max_by_key(|&w| (words[w].count_ones(), core::cmp::Reverse(w)))
            .unwrap_or(0);
        Shape {
            first: t.entries.iter().position(|&a| a != 0).unwrap_or(0),
            count: words.iter().map(|w| w.count_ones() as usize).sum(),
            anchor,
            words,
            len,
        }
    }
}

/// The 64 slots of `bits` from `pos` on.
#[inline]
fn window(bits: &[u64], pos: usize) -> u64 {
    let (w, s) = (pos / 64, pos % 64);
    let lo = bits.get(w).copied().unwrap_or(0) >> s;
    let hi = match s {
        0 => 0,
        _ => bits.get(w + 1).copied().unwrap_or(0) << (64 - s),
    };
    lo | hi
}

fn fits(bits: &[u64], shape: &Shape, offset: usize) -> bool {
    let a = shape.anchor;
    if shape.words.is_empty() {
        return true;
    }
    window(bits, offset + 64 * a) & shape.words[a] == 0
        && shape
            .words
            .iter()
            .enumerate()
            .all(|(w, &tw)| tw == 0 || window(bits, offset + 64 * w) & tw == 0)
}

/// The lowest offset at which `shape` fits, trying only offsets that put
/// its first used slot on a free slot.
fn lowest(bits: &[u64], shape: &Shape, from: usize) -> usize {
    let mut p = from + shape.first;
    loop {
        let mut w = p / 64;
        let mut free = !bits.get(w).copied().unwrap_or(0) & (!0u64 << (p % 64));
        while free == 0 {
            w += 1;
            free = !bits.get(w).copied().unwrap_or(0);
        }
        p = w * 64 + free.trailing_zeros() as usize;
        let offset = p - shape.first;
        if fits(bits, shape, offset) {
            return offset;
        }
        p += 1;
    }
}

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

/// Lays sub-tables in a given order, keeping the array after every step so
/// that a changed order is laid again only from the first change on.
struct Layer<'a> {
    shapes: &'a [Shape],
    order: Vec<usize>,
    snapshots: Vec<Vec<u64>>,
    offsets: Vec<usize>,
    ends: Vec<usize>,
}

impl<'a> Layer<'a> {
    fn new(shapes: &'a [Shape], order: Vec<usize>) -> Self {
        let n = shapes.len();
        let mut layer = Layer {
            shapes,
            order,
            snapshots: vec![Vec::new(); n + 1],
            offsets: vec![0; n],
            ends: vec![0; n + 1],
        };
        layer.lay_from(0);
        layer
    }

    fn lay_from(&mut self, k: usize) {
        for i in k..self.order.len() {
            let t = self.order[i];
            let shape = &self.shapes[t];
            let offset = lowest(&self.snapshots[i], shape, 0);
            let mut next = core::mem::take(&mut self.snapshots[i + 1]);
            next.clear();
            next.extend_from_slice(&self.snapshots[i]);
            place(&mut next, shape, offset);
            self.snapshots[i + 1] = next;
            self.offsets[t] = offset;
            self.ends[i + 1] = self.ends[i].max(offset + shape.len);
        }
    }

    /// What laying again from step `k` on changes: the order, the offsets,
    /// and the arrays and ends after step `k`.
    fn keep(&self, k: usize) -> Kept {
        Kept {
            order: self.order.clone(),
            offsets: self.offsets.clone(),
            snapshots: self.snapshots[k + 1..].to_vec(),
            ends: self.ends[k + 1..].to_vec(),
        }
    }

    /// The layout as [`keep`](Self::keep) saw it.
    fn restore(&mut self, k: usize, kept: Kept) {
        self.order = kept.order;
        self.offsets = kept.offsets;
        for (slot, saved) in self.snapshots[k + 1..].iter_mut().zip(kept.snapshots) {
            *slot = saved;
        }
        self.ends[k + 1..].copy_from_slice(&kept.ends);
    }

    /// The array length.
    fn len(&self) -> usize {
        self.ends[self.order.len()]
    }
}

/// A layout's state from one step on, kept to undo a change.
struct Kept {
    order: Vec<usize>,
    offsets: Vec<usize>,
    snapshots: Vec<Vec<u64>>,
    ends: Vec<usize>,
}

/// The first order: left to right, each step the sub-table whose lowest
/// fit starts earliest (by blocks of `block` slots), the larger on ties:
/// coarse blocks let large sub-tables go first within a stretch.
fn left_to_right(shapes: &[Shape], block: usize) -> Vec<usize> {
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
            let offset = lowest(&bits, &shapes[t], low[t]);
            if offset == low[t] {
                place(&mut bits, &shapes[t], offset);
                order.push(t);
                left.swap_remove(i);
                break;
            }
            low[t] = offset;
        }
    }
    order
}

/// Packs fixed-shift or black-magic sub-tables (exact sharing) densely:
/// a left-to-right layout, then `effort` seeded changes of the order (a
/// swap, or a move of one sub-table, over at most 30 places), each kept
/// when the array gets no longer: equal lengths are kept too, so the
/// search walks across plateaus. The seed also picks the block size of the first layout, so that
/// restarts with consecutive seeds start from different layouts.
/// Deterministic for a given `effort` and `seed`. Returns each sub-table's
/// offset, in input order, and the array length.
///
/// ```
/// use magic_search::{pack_dense, published_set, Scheme};
/// let set = published_set(Scheme::Black).unwrap();
/// let (offsets, len) = pack_dense(&set.sub_tables(), 10, 1);
/// assert_eq!(offsets.len(), 128);
/// assert!(len < 95_000);
/// ```
pub fn pack_dense(tables: &[SubTable], effort: u64, seed: u64) -> (Vec<u32>, usize) {
    pack_dense_with(tables, effort, seed, |_| {})
}

/// [`pack_dense`], calling `step` with the best length so far after each of
/// the `effort` changes: for a progress bar.
///
/// ```
/// use magic_search::{pack_dense, pack_dense_with, published_set, Scheme};
/// let tables = published_set(Scheme::Black).unwrap().sub_tables();
/// let mut steps = 0;
/// let packed = pack_dense_with(&tables, 3, 0, |_| steps += 1);
/// assert_eq!((steps, packed), (3, pack_dense(&tables, 3, 0)));
/// ```
pub fn pack_dense_with<F: FnMut(usize)>(
    tables: &[SubTable],
    effort: u64,
    seed: u64,
    mut step: F,
) -> (Vec<u32>, usize) {
    let shapes: Vec<Shape> = tables.iter().map(Shape::new).collect();
    let n = shapes.len();
    if n == 0 {
        return (Vec::new(), 0);
    }
    let block = [1024, 256, 512, 2048][(seed % 4) as usize];
    let mut layer = Layer::new(&shapes, left_to_right(&shapes, block));
    let mut best = layer.len();
    let mut rng = SplitMix64::new(seed);
    let below = |rng: &mut SplitMix64, n: usize| (rng.next_u64() % n as u64) as usize;
    for _ in 0..effort {
        step(best);
        // Nearby changes: far ones undo the left-to-right layout's work.
        let i = below(&mut rng, n);
        let d = 1 + below(&mut rng, REACH);
        let j = match rng.next_u64() & 1 {
            0 => i.saturating_sub(d),
            _ => (i + d).min(n - 1),
        };
        if i == j {
            continue;
        }
        // Kept aside rather than laid again when the change is undone.
        let from = i.min(j);
        let kept = layer.keep(from);
        if rng.next_u64() & 1 == 0 {
            layer.order.swap(i, j);
        } else {
            let t = layer.order.remove(i);
            layer.order.insert(j, t);
        }
        layer.lay_from(from);
        let len = layer.len();
        if len <= best {
            best = len;
        } else {
            layer.restore(from, kept);
        }
    }
    let offsets = layer.offsets.iter().map(|&o| o as u32).collect();
    (offsets, best)
}

/// How far in the order one change moves a sub-table.
const REACH: usize = 30;
