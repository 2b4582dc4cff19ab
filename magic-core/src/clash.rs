//! The message of a failed fill: which two occupancies clash, found by
//! walking back over the squares that can reach the slot. Runs only when
//! a fill fails.

use crate::visit::Layout;
use crate::{attacks_by_ray_walk, empty_board_attacks, next_subset, relevant_mask};
use crate::{square_name, Message, Piece, SlotRule};

/// Finds an earlier occupancy that disagrees with `occ` of `piece` on `sq`
/// in slot `slot`: the message naming both.
pub(crate) const fn clash(
    layout: &Layout,
    rule: SlotRule,
    piece: Piece,
    sq: usize,
    occ: u64,
    slot: usize,
) -> Message {
    let att = attacks_by_ray_walk(piece, sq, occ);
    let pm = postmask(piece, sq, rule);
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
                if h.slot(o) == slot && !rule.admits(a, postmask(other, s, rule), att, pm) {
                    return clash_message(piece, sq, occ, other, s, o, slot);
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
    clash_message(piece, sq, occ, piece, sq, occ, slot)
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

/// The post-mask a rule gives a square: its empty-board attacks where
/// slots are post-masked, everything otherwise.
const fn postmask(piece: Piece, sq: usize, rule: SlotRule) -> u64 {
    match rule {
        SlotRule::Exact => !0,
        SlotRule::PostMasked => empty_board_attacks(piece, sq),
    }
}
