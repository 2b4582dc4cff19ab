//! The one routine that fills and checks every magic table during const
//! evaluation.
//!
//! Each scheme describes, per piece and square, how an occupancy becomes a
//! slot of one shared array ([`SquareHash`]); [`fill`] then visits every
//! relevant occupancy of every square, stores its attack set and stops the
//! build with a message naming piece, square and the two clashing
//! occupancies as soon as two of them need different contents in one slot.

use crate::geometry::{
    attacks_by_ray_walk, empty_board_attacks, next_subset, relevant_mask, square_name,
};
use crate::geometry::{AttackSets, Piece};
use crate::message::Message;

/// How one square's occupancies map to slots of the table:
/// `offset + (((occ & mask) * magic) >> shift)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct SquareHash {
    pub(crate) mask: u64,
    pub(crate) magic: u64,
    pub(crate) shift: u32,
    pub(crate) offset: usize,
}

impl SquareHash {
    pub(crate) const EMPTY: SquareHash = SquareHash {
        mask: 0,
        magic: 0,
        shift: 63,
        offset: 0,
    };

    #[inline(always)]
    pub(crate) const fn slot(&self, occ: u64) -> usize {
        self.offset + ((occ & self.mask).wrapping_mul(self.magic) >> self.shift) as usize
    }
}

/// The hash of every square: `[rook, bishop]`, each indexed by square.
pub(crate) type Layout = [[SquareHash; 64]; 2];

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

/// Checks that every square's slots lie inside a table of `n` entries and
/// that the shift leaves between 1 and `max_bits` index bits.
const fn check_bounds(layout: &Layout, n: usize) {
    let mut p = 0;
    while p < 2 {
        let piece = Piece::ALL[p];
        let mut sq = 0;
        while sq < 64 {
            let h = layout[p][sq];
            if h.shift < 64 - piece.max_bits() || h.shift > 63 {
                Message::new()
                    .str(piece.name())
                    .str(" on ")
                    .str(square_name(sq))
                    .str(": shift ")
                    .dec(h.shift as usize)
                    .str(" is out of range; use between 1 and ")
                    .dec(piece.max_bits() as usize)
                    .str(" index bits")
                    .panic();
            }
            let end = h.offset + (1usize << (64 - h.shift));
            if end > n {
                Message::new()
                    .str(piece.name())
                    .str(" on ")
                    .str(square_name(sq))
                    .str(": entries up to ")
                    .dec(end)
                    .str(" do not fit a table of ")
                    .dec(n)
                    .str("; give the table type the length the bits add up to")
                    .panic();
            }
            sq += 1;
        }
        p += 1;
    }
}

/// Visits every relevant occupancy of every square of `layout` as
/// `(piece, sq, occ, attacks, slot)`, each square's blocker patterns in turn.
macro_rules! for_each_occupancy {
    ($layout:expr, |$piece:ident, $sq:ident, $occ:ident, $att:ident, $slot:ident| $body:block) => {
        let mut p = 0;
        while p < 2 {
            let $piece = Piece::ALL[p];
            let mut $sq = 0;
            while $sq < 64 {
                let h = $layout[p][$sq];
                let mut sets = AttackSets::new($piece, $sq);
                while let Some(pat) = sets.next_pattern() {
                    let $att = pat.attacks;
                    let mut sub = 0;
                    loop {
                        let $occ = pat.blockers | sub;
                        let $slot = h.slot($occ);
                        $body
                        sub = next_subset(sub, pat.free);
                        if sub == 0 {
                            break;
                        }
                    }
                }
                $sq += 1;
            }
            p += 1;
        }
    };
}

/// Fills a table of `N` entries from `layout`, where occupancies meeting in
/// a slot must have the same attacks. Panics (a compile error in const
/// context) on the first clash.
pub(crate) const fn fill<const N: usize>(layout: &Layout) -> [u64; N] {
    check_bounds(layout, N);
    let mut table = [0u64; N];
    for_each_occupancy!(layout, |piece, sq, occ, att, i| {
        let e = table[i];
        if e == 0 {
            table[i] = att;
        } else if e != att {
            clash(layout, Sharing::Exact, piece, sq, occ, i);
        }
    });
    table
}

/// Fills a table of Hansen's post-masked slots: a slot holds the union of
/// the attack sets stored there, and each square masks its lookups with its
/// empty-board attacks. Panics on the first clash.
pub(crate) const fn fill_post_masked<const N: usize>(layout: &Layout) -> [u64; N] {
    check_bounds(layout, N);
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
    for_each_occupancy!(layout, |piece, sq, occ, att, i| {
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
    table
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
