//! The routines that fill and check every table during const evaluation.
//!
//! Each scheme describes, per piece and square, how an occupancy becomes a
//! slot of one shared array ([`SquareHash`]). The fills then visit every
//! relevant occupancy of every square, store what the scheme stores there,
//! and stop the build as soon as two occupancies need different contents in
//! one slot, with a message naming piece, square and both occupancies.

use crate::geometry::{
    attacks_by_ray_walk, empty_board_attacks, next_subset, relevant_mask, square_name,
};
use crate::geometry::{AttackSets, Piece};
use crate::message::Message;
use crate::pext::pext;

/// How an occupancy becomes an index inside a square's sub-table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum HashKind {
    /// `((occ & mask) * magic) >> (64 - bits)`.
    Magic,
    /// Black magics: `((occ | !mask) * magic) >> (64 - bits)`.
    BlackMagic,
    /// Two 32-bit products: `((lo * magic_lo) ^ (hi * magic_hi)) >> (32 - bits)`
    /// on the halves of `occ & mask`.
    Magic32,
    /// `pext(occ, mask)`: the relevant bits, packed.
    Pext,
}

/// How one square's occupancies map to slots of the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct SquareHash {
    pub(crate) kind: HashKind,
    pub(crate) mask: u64,
    pub(crate) magic: u64,
    pub(crate) bits: u32,
    pub(crate) offset: usize,
}

impl SquareHash {
    pub(crate) const EMPTY: SquareHash = SquareHash {
        kind: HashKind::Magic,
        mask: 0,
        magic: 0,
        bits: 1,
        offset: 0,
    };

    /// A multiply-shift hash of `bits` index bits.
    pub(crate) const fn magic(
        piece: Piece,
        sq: usize,
        magic: u64,
        bits: u32,
        offset: usize,
    ) -> Self {
        SquareHash {
            kind: HashKind::Magic,
            mask: relevant_mask(piece, sq),
            magic,
            bits,
            offset,
        }
    }

    /// The index of `occ` inside this square's sub-table.
    #[inline(always)]
    pub(crate) const fn index(&self, occ: u64) -> usize {
        (match self.kind {
            HashKind::Magic => (occ & self.mask).wrapping_mul(self.magic) >> (64 - self.bits),
            HashKind::BlackMagic => (occ | !self.mask).wrapping_mul(self.magic) >> (64 - self.bits),
            HashKind::Magic32 => {
                let o = occ & self.mask;
                let lo = (o as u32).wrapping_mul(self.magic as u32);
                let hi = ((o >> 32) as u32).wrapping_mul((self.magic >> 32) as u32);
                ((lo ^ hi) >> (32 - self.bits)) as u64
            }
            HashKind::Pext => pext(occ, self.mask),
        }) as usize
    }

    #[inline(always)]
    pub(crate) const fn slot(&self, occ: u64) -> usize {
        self.offset + self.index(occ)
    }
}

/// The hash of every square: `[rook, bishop]`, each indexed by square.
pub(crate) type Layout = [[SquareHash; 64]; 2];

/// How long the table must be.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Length {
    /// Sub-tables one after the other: the sum of their sizes.
    Sum(usize),
    /// Overlapping sub-tables: up to the last slot any occupancy uses.
    LastUsed,
}

/// How slots may be shared.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Sharing {
    /// A slot holds one attack set; occupancies meeting there must agree.
    Exact,
    /// Hansen's post-masked slots: a slot holds the union of the attack sets
    /// stored there, and each square masks its lookups with its empty-board
    /// attacks. Two users agree when neither adds a square inside the other's
    /// post-mask that the other does not attack.
    PostMasked,
}

const fn postmask(piece: Piece, sq: usize, sharing: Sharing) -> u64 {
    match sharing {
        Sharing::Exact => !0,
        Sharing::PostMasked => empty_board_attacks(piece, sq),
    }
}

/// Whether attack sets `a` (post-mask `pa`) and `b` (post-mask `pb`) can
/// live in one slot.
const fn compatible(a: u64, pa: u64, b: u64, pb: u64, sharing: Sharing) -> bool {
    match sharing {
        Sharing::Exact => a == b,
        Sharing::PostMasked => b & pa & !a == 0 && a & pb & !b == 0,
    }
}

/// Checks, before any occupancy is visited, that every square's index bits
/// are possible for its hash and that a `Sum` length is the one asked for.
const fn check_layout(layout: &Layout, n: usize, type_name: &str, length: Length) {
    let mut p = 0;
    while p < 2 {
        let piece = Piece::ALL[p];
        let mut sq = 0;
        while sq < 64 {
            let h = layout[p][sq];
            let max = match h.kind {
                HashKind::Pext => h.mask.count_ones(),
                _ => piece.max_bits(),
            };
            if h.bits == 0 || h.bits > max {
                Message::new()
                    .str(piece.name())
                    .str(" on ")
                    .str(square_name(sq))
                    .str(": ")
                    .dec(h.bits as usize)
                    .str(" index bits are out of range; use 1 to ")
                    .dec(max as usize)
                    .panic();
            }
            sq += 1;
        }
        p += 1;
    }
    if let Length::Sum(needed) = length {
        check_len(type_name, n, needed);
    }
}

/// Stops the build unless a table type's length is the one its inputs need.
pub(crate) const fn check_len(type_name: &str, n: usize, needed: usize) {
    if n != needed {
        Message::new()
            .str("the magics need a table of ")
            .dec(needed)
            .str(" entries, not ")
            .dec(n)
            .str("; write ")
            .str(type_name)
            .str("<")
            .dec(needed)
            .str(">")
            .panic();
    }
}

/// Visits every relevant occupancy of every square of `layout` as
/// `(piece, sq, occ, attacks, pattern, slot)`, each square's blocker
/// patterns in turn (`pattern` numbers a square's distinct attack sets from
/// 0), and stops the build if a slot falls outside a table of `$n` entries.
/// Evaluates to one past the last slot used.
macro_rules! for_each_occupancy {
    ($layout:expr, $n:expr, $type_name:expr,
     |$piece:ident, $sq:ident, $occ:ident, $att:ident, $pattern:ident, $slot:ident| $body:block) => {{
        let mut end = 0;
        let mut p = 0;
        while p < 2 {
            let $piece = Piece::ALL[p];
            let mut $sq = 0;
            while $sq < 64 {
                let h = $layout[p][$sq];
                let is_pext = matches!(h.kind, HashKind::Pext);
                let mut sets = AttackSets::new($piece, $sq);
                let mut $pattern = 0usize;
                while let Some(pat) = sets.next_pattern() {
                    let $att = pat.attacks;
                    // For PEXT, the index of `blockers | sub` is the packed
                    // blockers plus the packed `sub`, which walks the subsets
                    // of the packed `free` in step with `sub` (pext keeps order).
                    let (base, packed_free) = match is_pext {
                        true => (pext(pat.blockers, h.mask), pext(pat.free, h.mask)),
                        false => (0, 0),
                    };
                    let mut sub = 0;
                    let mut packed = 0;
                    loop {
                        let $occ = pat.blockers | sub;
                        let $slot = match is_pext {
                            true => h.offset + (base | packed) as usize,
                            false => h.slot($occ),
                        };
                        if $slot >= $n {
                            past_the_end($piece, $sq, $occ, $slot, $n, $type_name);
                        }
                        if $slot >= end {
                            end = $slot + 1;
                        }
                        $body
                        sub = sub.wrapping_sub(pat.free) & pat.free;
                        if sub == 0 {
                            break;
                        }
                        if is_pext {
                            packed = packed.wrapping_sub(packed_free) & packed_free;
                        }
                    }
                    $pattern += 1;
                }
                $sq += 1;
            }
            p += 1;
        }
        end
    }};
}

const fn past_the_end(
    piece: Piece,
    sq: usize,
    occ: u64,
    slot: usize,
    n: usize,
    type_name: &str,
) -> ! {
    Message::new()
        .str(piece.name())
        .str(" on ")
        .str(square_name(sq))
        .str(": occupancy ")
        .hex(occ)
        .str(" uses entry ")
        .dec(slot)
        .str(", past the end of ")
        .str(type_name)
        .str("<")
        .dec(n)
        .str(">; check its offset")
        .panic()
}

/// Fills a table of `N` attack sets from `layout`; occupancies meeting in a
/// slot must have the same attacks. Panics (a compile error in const
/// context) on the first clash.
pub(crate) const fn fill<const N: usize>(
    layout: &Layout,
    type_name: &str,
    length: Length,
) -> [u64; N] {
    check_layout(layout, N, type_name, length);
    let mut table = [0u64; N];
    let end = for_each_occupancy!(layout, N, type_name, |piece, sq, occ, att, _pattern, i| {
        let e = table[i];
        if e == 0 {
            table[i] = att;
        } else if e != att {
            clash(layout, Sharing::Exact, piece, sq, occ, i);
        }
    });
    if let Length::LastUsed = length {
        check_len(type_name, N, end);
    }
    table
}

/// Fills a table of Hansen's post-masked slots: a slot holds the union of
/// the attack sets stored there, and each square masks its lookups with its
/// empty-board attacks. Panics on the first clash.
pub(crate) const fn fill_post_masked<const N: usize>(layout: &Layout, type_name: &str) -> [u64; N] {
    check_layout(layout, N, type_name, Length::LastUsed);
    let mut table = [0u64; N];
    // Union of the post-masks of the squares using each slot.
    let mut covered = [0u64; N];
    let mut postmasks = [[0u64; 64]; 2];
    let mut sq = 0;
    while sq < 64 {
        postmasks[0][sq] = empty_board_attacks(Piece::Rook, sq);
        postmasks[1][sq] = empty_board_attacks(Piece::Bishop, sq);
        sq += 1;
    }
    let end = for_each_occupancy!(layout, N, type_name, |piece, sq, occ, att, _pattern, i| {
        let pm = postmasks[piece as usize][sq];
        // `table[i]` is the union of earlier users and `covered[i]` the union
        // of their post-masks: neither side may add a square the other's
        // post-mask covers but the other does not attack.
        let e = table[i];
        if e & pm & !att != 0 || att & covered[i] & !e != 0 {
            clash(layout, Sharing::PostMasked, piece, sq, occ, i);
        }
        table[i] = e | att;
        covered[i] |= pm;
    });
    check_len(type_name, N, end);
    table
}

/// Marks a slot no occupancy uses in a byte table.
pub(crate) const UNUSED_BYTE: u8 = u8::MAX;

/// Fills a byte table (Houdart): each slot holds the number of the square's
/// distinct attack set, in the order [`distinct_attacks`] lists them.
/// Occupancies meeting in a slot must have the same attack set.
pub(crate) const fn fill_pattern_bytes<const N: usize>(
    layout: &Layout,
    type_name: &str,
    length: Length,
) -> [u8; N] {
    check_layout(layout, N, type_name, length);
    let mut table = [UNUSED_BYTE; N];
    let end = for_each_occupancy!(layout, N, type_name, |piece, sq, occ, _att, pattern, i| {
        let e = table[i];
        if e == UNUSED_BYTE {
            table[i] = pattern as u8;
        } else if e as usize != pattern {
            clash(layout, Sharing::Exact, piece, sq, occ, i);
        }
    });
    if let Length::LastUsed = length {
        check_len(type_name, N, end);
    }
    table
}

/// Every distinct attack set of every square, rooks then bishops, square by
/// square, each square's in blocker-pattern order; and where each square's
/// list starts.
pub(crate) const fn distinct_attacks<const M: usize>() -> ([u64; M], [[u16; 64]; 2]) {
    let mut attacks = [0u64; M];
    let mut starts = [[0u16; 64]; 2];
    let mut n = 0;
    let mut p = 0;
    while p < 2 {
        let mut sq = 0;
        while sq < 64 {
            starts[p][sq] = n as u16;
            let mut sets = AttackSets::new(Piece::ALL[p], sq);
            while let Some(pat) = sets.next_pattern() {
                attacks[n] = pat.attacks;
                n += 1;
            }
            sq += 1;
        }
        p += 1;
    }
    check_len("the attack list", M, n);
    (attacks, starts)
}

/// Finds an earlier occupancy that disagrees with `occ` of `piece` on `sq`
/// in slot `slot` and panics with both. Runs only when the build fails.
const fn clash(
    layout: &Layout,
    sharing: Sharing,
    piece: Piece,
    sq: usize,
    occ: u64,
    slot: usize,
) -> ! {
    let att = attacks_by_ray_walk(piece, sq, occ);
    let pm = postmask(piece, sq, sharing);
    let mut p = 0;
    while p < 2 {
        let other = Piece::ALL[p];
        let mut s = 0;
        while s < 64 {
            let h = layout[other as usize][s];
            // Only squares whose sub-table spans the slot can meet there;
            // scanning the others would cost more than rustc lets a
            // constant evaluation run.
            if slot < h.offset || slot >= h.offset + (1 << h.bits) {
                s += 1;
                continue;
            }
            let mask = relevant_mask(other, s);
            let mut o = 0;
            loop {
                let a = attacks_by_ray_walk(other, s, o);
                if h.slot(o) == slot
                    && !compatible(att, pm, a, postmask(other, s, sharing), sharing)
                {
                    clash_message(piece, sq, occ, other, s, o, slot).panic();
                }
                o = next_subset(o, mask);
                if o == 0 {
                    break;
                }
            }
            s += 1;
        }
        p += 1;
    }
    // Unreachable when the fill loop is right; still a clear message.
    clash_message(piece, sq, occ, piece, sq, occ, slot).panic()
}

const fn clash_message(
    piece: Piece,
    sq: usize,
    occ: u64,
    other: Piece,
    other_sq: usize,
    other_occ: u64,
    slot: usize,
) -> Message {
    if piece as u8 == other as u8 && sq == other_sq {
        Message::new()
            .str(piece.name())
            .str(" magic for ")
            .str(square_name(sq))
            .str(" is wrong: occupancies ")
            .hex(other_occ)
            .str(" and ")
            .hex(occ)
            .str(" collide in entry ")
            .dec(slot)
            .str(" with different attacks; search this square again or give it more bits")
    } else {
        Message::new()
            .str(other.name())
            .str(" on ")
            .str(square_name(other_sq))
            .str(" and ")
            .str(piece.name())
            .str(" on ")
            .str(square_name(sq))
            .str(" clash in entry ")
            .dec(slot)
            .str(": occupancies ")
            .hex(other_occ)
            .str(" and ")
            .hex(occ)
            .str(" need different attacks; move their offsets apart")
    }
}

/// Fills a table of attack sets compressed to `u16` by their square's
/// empty-board attacks (`pext(attacks, empty_board_attacks)`), for lookups
/// that expand them again with PDEP. Occupancies meeting in a slot must have
/// the same attacks.
pub(crate) const fn fill_compressed<const N: usize>(
    layout: &Layout,
    type_name: &str,
    length: Length,
) -> [u16; N] {
    check_layout(layout, N, type_name, length);
    let mut table = [0u16; N];
    // The compressed set of the current blocker pattern: computed once per
    // pattern, not per occupancy. No compressed set is 0: every slider
    // attacks at least one square.
    let (mut last, mut value) = ((Piece::Rook, 64, 0), 0u16);
    let end = for_each_occupancy!(layout, N, type_name, |piece, sq, occ, att, _pattern, i| {
        if last.0 as u8 != piece as u8 || last.1 != sq || last.2 != att {
            last = (piece, sq, att);
            value = pext(att, empty_board_attacks(piece, sq)) as u16;
        }
        let e = table[i];
        if e == 0 {
            table[i] = value;
        } else if e != value {
            clash(layout, Sharing::Exact, piece, sq, occ, i);
        }
    });
    if let Length::LastUsed = length {
        check_len(type_name, N, end);
    }
    table
}
