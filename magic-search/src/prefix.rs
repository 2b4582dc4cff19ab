//! Searching a magic bit by bit, from its lowest bit up, with pruning.
//!
//! The product `occ * magic` taken modulo 2^64 depends, for an occupancy
//! whose lowest set square is `p`, only on the magic's bits `0..=63 - p`:
//! higher bits are shifted out. So once the low bits of the magic are
//! fixed up to bit `k`, the index of every occupancy whose lowest square is
//! at least `63 - k` is known, and a clash among them rules out every magic
//! that starts with those bits. A depth-first search that fixes one bit at
//! a time checks each occupancy as soon as its index is known, and cuts the
//! tree there. A rook on the eighth rank (lowest relevant square on the
//! second rank) has 54 to 56 bits that matter; its rank occupancies are
//! placed after at most 7 bits, and each square further down the file
//! after 8 more.
//!
//! The tree is far too big to walk, but magics are not rare in it: a walk
//! with a bound on its nodes, and many such walks from different streams,
//! find the record fewer-bit rooks of the seventh and eighth ranks in
//! seconds to minutes. Which branch a walk tries first decides where it
//! looks. [`Lean::Even`] picks 0 or 1 at random. [`Lean::NegatedSparse`]
//! walks the bits of `-magic` instead (the low bits of `-magic` depend on
//! the low bits of `magic` alone, so the pruning holds) and tries 0 first
//! seven times in eight: the record seventh-rank rooks are negations of
//! multipliers with 7 to 12 bits set (`-0x1600183200` on e7), and such
//! walks find five of them where even walks find only f7.
//! [`Lean::OnesFrom`] sets every bit from a given one up and tries 0 first
//! three times in four below it: the record rooks of g7 and h7 have their
//! top 10 and 13 bits that matter all set and sparser bits below. About one
//! such walk in a thousand finds a 9-bit g7 magic (top 10 bits set), and
//! one in a few thousand the record 10-bit h7 one (top 13), where the other
//! leans found neither in an hour.

use crate::occupancies::Occupancies;
use crate::rng::SplitMix64;

/// Nodes one walk visits at most: tens of milliseconds.
pub const PREFIX_NODES: u64 = 1 << 21;

/// Not the number of any attack set.
const EMPTY: u32 = u32::MAX;

/// Which branch a walk tries first at each bit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lean {
    /// 0 or 1, at random: every magic alike.
    Even,
    /// The walk fixes the bits of `-magic`, 0 first seven times in eight:
    /// magics whose negation has few bits set.
    NegatedSparse,
    /// The walk fixes the bits of `magic`, 0 first three times in four
    /// below the given bit, and only 1 from it up: magics whose high bits
    /// that matter are all set.
    OnesFrom(u8),
}

impl Lean {
    /// The magic whose bits a walk fixes, as the multiplier that hashes.
    #[inline(always)]
    fn multiplier(self, walked: u64) -> u64 {
        match self {
            Lean::Even | Lean::OnesFrom(_) => walked,
            Lean::NegatedSparse => walked.wrapping_neg(),
        }
    }

    /// The branch tried first, drawn from `rng`.
    fn first(self, rng: &mut SplitMix64) -> u64 {
        let r = rng.next_u64();
        match self {
            Lean::Even => r & 1,
            Lean::NegatedSparse => u64::from(r % 8 == 0),
            Lean::OnesFrom(_) => u64::from(r % 4 == 0),
        }
    }

    /// The only value bit `k` may take, where the lean allows one.
    fn forced(self, k: usize) -> Option<u64> {
        match self {
            Lean::OnesFrom(from) if k >= usize::from(from) => Some(1),
            _ => None,
        }
    }
}

/// One walk's state: the slots filled so far, and how to undo them.
struct Walk<'a> {
    /// `levels[k]`: the occupancies (with the numbers of their attack sets)
    /// whose indices are known once bit `k` is fixed.
    levels: &'a [Vec<(u64, u32)>],
    shift: u32,
    lean: Lean,
    slots: Vec<u32>,
    filled: Vec<usize>,
    nodes: u64,
    rng: SplitMix64,
}

impl Walk<'_> {
    /// Places the occupancies of level `k` under the walked bits `magic`;
    /// on a clash, undoes them and says so.
    fn place(&mut self, k: usize, magic: u64) -> bool {
        let mark = self.filled.len();
        let magic = self.lean.multiplier(magic);
        for &(occ, id) in &self.levels[k] {
            let i = (occ.wrapping_mul(magic) >> self.shift) as usize;
            if self.slots[i] == EMPTY {
                self.slots[i] = id;
                self.filled.push(i);
            } else if self.slots[i] != id {
                self.undo(mark);
                return false;
            }
        }
        true
    }

    fn undo(&mut self, mark: usize) {
        for &i in &self.filled[mark..] {
            self.slots[i] = EMPTY;
        }
        self.filled.truncate(mark);
    }

    /// A magic whose bits below `k` are those of `magic`, if this walk
    /// finds one within its nodes.
    fn extend(&mut self, k: usize, magic: u64, budget: u64) -> Option<u64> {
        if k == self.levels.len() {
            return Some(magic);
        }
        self.nodes += 1;
        if self.nodes > budget {
            return None;
        }
        let (first, branches) = match self.lean.forced(k) {
            Some(bit) => (bit, 1),
            None => (self.lean.first(&mut self.rng), 2),
        };
        for bit in [first, first ^ 1].into_iter().take(branches) {
            let next = magic | bit << k;
            let mark = self.filled.len();
            if self.place(k, next) {
                if let Some(found) = self.extend(k + 1, next, budget) {
                    return Some(found);
                }
                self.undo(mark);
            }
            if self.nodes > budget {
                return None;
            }
        }
        None
    }
}

/// The occupancies of `o` by the bit of the magic that fixes their index,
/// each with the number of its attack set.
fn levels(o: &Occupancies) -> Vec<Vec<(u64, u32)>> {
    let lowest = o.mask.trailing_zeros() as usize;
    let mut levels = vec![Vec::new(); 64 - lowest];
    for (&occ, &id) in o.occupancies.iter().zip(&o.ids) {
        let k = match occ {
            0 => 0,
            _ => 63 - occ.trailing_zeros() as usize,
        };
        levels[k].push((occ, id as u32));
    }
    levels
}

/// One walk of at most `nodes` nodes, leaning as `lean` says, its choices
/// drawn from `rng`: a magic with `bits` index bits for the occupancies of
/// `o`, if it finds one. Its bits above `63 - lsb(mask)`, which do not
/// matter, are 0.
///
/// ```
/// use magic_search::{prefix_walk, Lean, Occupancies, Piece, Scratch, SplitMix64, PREFIX_NODES};
/// // A rook on b8 with 10 index bits, one fewer than its mask has: this
/// // stream's second walk finds one.
/// let o = Occupancies::new(Piece::Rook, 57);
/// let mut rng = SplitMix64::new(10);
/// let walk = |rng: &mut SplitMix64| prefix_walk(&o, 10, Lean::Even, rng, PREFIX_NODES);
/// let magic = (0..2).find_map(|_| walk(&mut rng)).unwrap();
/// assert!(Scratch::default().is_magic(&o, magic, 64 - 10));
/// ```
pub fn prefix_walk(
    o: &Occupancies,
    bits: u32,
    lean: Lean,
    rng: &mut SplitMix64,
    nodes: u64,
) -> Option<u64> {
    let levels = levels(o);
    let mut walk = Walk {
        levels: &levels,
        shift: 64 - bits,
        lean,
        slots: vec![EMPTY; 1 << bits],
        filled: Vec::new(),
        nodes: 0,
        rng: rng.clone(),
    };
    let found = walk.extend(0, 0, nodes);
    *rng = walk.rng;
    let period = u64::MAX >> o.mask.trailing_zeros();
    found.map(|walked| lean.multiplier(walked) & period)
}
