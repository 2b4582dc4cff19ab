//! The routines that fill and check every table during const evaluation.
//!
//! Each scheme describes, per piece and square, how an occupancy becomes a
//! slot of one shared array (a [`Layout`]). The fills visit every relevant
//! occupancy of every square, store what the scheme stores there, and stop
//! the build as soon as two occupancies need different contents in one
//! slot, with a message naming piece, square and both occupancies.

use crate::clash::clash;
use crate::visit::{check_layout, check_len, for_each_occupancy, Length};
use crate::{empty_board_attacks, pext, AttackSets, Piece, SlotRule};

pub(crate) use crate::visit::Layout;

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
        if !SlotRule::Exact.admits(table[i], 0, att, !0) {
            clash(layout, SlotRule::Exact, piece, sq, occ, i);
        }
        table[i] = att;
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
        // of their post-masks.
        if !SlotRule::PostMasked.admits(table[i], covered[i], att, pm) {
            clash(layout, SlotRule::PostMasked, piece, sq, occ, i);
        }
        table[i] |= att;
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
            clash(layout, SlotRule::Exact, piece, sq, occ, i);
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
            clash(layout, SlotRule::Exact, piece, sq, occ, i);
        }
    });
    if let Length::LastUsed = length {
        check_len(type_name, N, end);
    }
    table
}
