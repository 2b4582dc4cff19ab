//! The routines that fill and check every table, during const evaluation
//! (the builders of `magic-runtime`) and in the proc-macro alike.
//!
//! Each scheme describes, per piece and square, how an occupancy becomes a
//! slot of one shared array (a [`Layout`]). The fills visit every relevant
//! occupancy of every square, store what the scheme stores there, and stop
//! at the first two occupancies that need different contents in one slot,
//! with a message naming piece, square and both occupancies. A table is a
//! slice, so the same code fills a const builder's array and the
//! proc-macro's vector.

use crate::clash::clash;
use crate::slot_rule::post_masked_admits;
use crate::visit::{check_layout, check_len, for_each_occupancy, Layout, Length};
use crate::{empty_board_attacks, pext, AttackSets, Message, Piece, SlotRule};

/// Which contents a scheme's table holds, and so which fill makes it.
///
/// ```
/// use magic_core::{Scheme, Slots};
/// assert_eq!(Scheme::Shared.slots(), Slots::PostMasked);
/// assert_eq!(Scheme::PextPdep.slots(), Slots::Compressed);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Slots {
    /// One attack set per slot, `u64` ([`fill`]).
    Attacks,
    /// Unions of attack sets, masked per square on lookup ([`fill_post_masked`]).
    PostMasked,
    /// The number of the square's distinct attack set, `u8` ([`fill_pattern_bytes`]).
    PatternBytes,
    /// The attack set packed by the square's empty-board attacks, `u16`
    /// ([`fill_compressed`]).
    Compressed,
    /// A rook's attacks along its rank and along its file apart, a
    /// bishop's whole, `u64` ([`fill_lines`](crate::fill_lines)).
    Lines,
}

/// Fills `table` (zeroed) with attack sets from `layout`; occupancies
/// meeting in a slot must have the same attacks. Returns the table's
/// length, or the message of the first clash or misfit.
///
/// ```
/// use magic_core::{fill, layout_of, sets, Length, Scheme, DEFAULT_FANCY_LEN};
/// let bits = Scheme::Fancy.default_bits();
/// let (layout, length) = layout_of(Scheme::Fancy, [&sets::FANCY_ROOK, &sets::FANCY_BISHOP], [&bits[0], &bits[1]], [&[0; 64], &[0; 64]]).unwrap();
/// let mut table = vec![0; DEFAULT_FANCY_LEN];
/// assert_eq!(fill(&layout, &mut table, "FancyTables", length), Ok(DEFAULT_FANCY_LEN));
/// assert_eq!(table[0].count_ones(), 14); // rook a1, empty board
/// ```
pub const fn fill(
    layout: &Layout,
    table: &mut [u64],
    type_name: &str,
    length: Length,
) -> Result<usize, Message> {
    let n = table.len();
    if let Err(m) = check_layout(layout, n, type_name, length) {
        return Err(m);
    }
    let end = for_each_occupancy!(layout, n, type_name, |piece, sq, occ, att, _pattern, i| {
        // `SlotRule::Exact.admits`, written out: this is the line const
        // evaluation runs most, and a call costs it more than the test.
        let stored = table[i];
        if stored != att {
            if stored != 0 {
                return Err(clash(layout, SlotRule::Exact, piece, sq, occ, i));
            }
            table[i] = att;
        }
    });
    finish(type_name, n, end, length)
}

/// Fills `table` (zeroed) with Hansen's post-masked slots: a slot holds the
/// union of the attack sets stored there, and each square masks its
/// lookups with its empty-board attacks. `covered` (zeroed, as long as
/// `table`) is scratch space: the union of the post-masks of each slot's
/// users.
pub const fn fill_post_masked(
    layout: &Layout,
    table: &mut [u64],
    covered: &mut [u64],
    type_name: &str,
) -> Result<usize, Message> {
    let n = table.len();
    if let Err(m) = check_layout(layout, n, type_name, Length::LastUsed) {
        return Err(m);
    }
    let mut postmasks = [[0u64; 64]; 2];
    let mut sq = 0;
    while sq < 64 {
        postmasks[0][sq] = empty_board_attacks(Piece::Rook, sq);
        postmasks[1][sq] = empty_board_attacks(Piece::Bishop, sq);
        sq += 1;
    }
    let end = for_each_occupancy!(layout, n, type_name, |piece, sq, occ, att, _pattern, i| {
        let pm = postmasks[piece as usize][sq];
        let (stored, cover) = (table[i], covered[i]);
        // `SlotRule::PostMasked.admits`, written out, as in `fill`.
        if !post_masked_admits!(stored, cover, att, pm & !att) {
            return Err(clash(layout, SlotRule::PostMasked, piece, sq, occ, i));
        }
        table[i] = stored | att;
        covered[i] = cover | pm;
    });
    finish(type_name, n, end, Length::LastUsed)
}

/// Marks a slot no occupancy uses in a byte table.
pub const UNUSED_BYTE: u8 = u8::MAX;

/// Fills a byte table (Houdart), every byte [`UNUSED_BYTE`] to begin with:
/// each slot holds the number of the square's distinct attack set, in the
/// order [`distinct_attacks`] lists them. Occupancies meeting in a slot
/// must have the same attack set.
pub const fn fill_pattern_bytes(
    layout: &Layout,
    table: &mut [u8],
    type_name: &str,
    length: Length,
) -> Result<usize, Message> {
    let n = table.len();
    if let Err(m) = check_layout(layout, n, type_name, length) {
        return Err(m);
    }
    let end = for_each_occupancy!(layout, n, type_name, |piece, sq, occ, _att, pattern, i| {
        let e = table[i];
        if e == UNUSED_BYTE {
            table[i] = pattern as u8;
        } else if e as usize != pattern {
            return Err(clash(layout, SlotRule::Exact, piece, sq, occ, i));
        }
    });
    finish(type_name, n, end, length)
}

/// Where each square's list of distinct attack sets starts in the list
/// [`distinct_attacks`] fills: rooks then bishops, square by square.
///
/// ```
/// use magic_core::{attack_set_starts, distinct_attacks, DISTINCT_ATTACK_SETS};
/// let mut attacks = vec![0; DISTINCT_ATTACK_SETS];
/// assert_eq!(distinct_attacks(&mut attacks).unwrap(), attack_set_starts());
/// ```
pub const fn attack_set_starts() -> [[u16; 64]; 2] {
    let mut starts = [[0u16; 64]; 2];
    let mut n = 0;
    let mut p = 0;
    while p < 2 {
        let mut sq = 0;
        while sq < 64 {
            starts[p][sq] = n as u16;
            n += crate::distinct_attack_sets(Piece::ALL[p], sq);
            sq += 1;
        }
        p += 1;
    }
    starts
}

/// Fills `attacks` with every distinct attack set of every square, rooks
/// then bishops, square by square, each square's in blocker-pattern order;
/// returns where each square's list starts.
pub const fn distinct_attacks(attacks: &mut [u64]) -> Result<[[u16; 64]; 2], Message> {
    let mut starts = [[0u16; 64]; 2];
    let mut n = 0;
    let mut p = 0;
    while p < 2 {
        let mut sq = 0;
        while sq < 64 {
            starts[p][sq] = n as u16;
            let mut sets = AttackSets::new(Piece::ALL[p], sq);
            while let Some(pat) = sets.next_pattern() {
                if n < attacks.len() {
                    attacks[n] = pat.attacks;
                }
                n += 1;
            }
            sq += 1;
        }
        p += 1;
    }
    match check_len("the attack list", attacks.len(), n) {
        Ok(()) => Ok(starts),
        Err(m) => Err(m),
    }
}

/// Fills a table (zeroed) of attack sets compressed to `u16` by their
/// square's empty-board attacks (`pext(attacks, empty_board_attacks)`),
/// for lookups that expand them again with PDEP. Occupancies meeting in a
/// slot must have the same attacks.
pub const fn fill_compressed(
    layout: &Layout,
    table: &mut [u16],
    type_name: &str,
    length: Length,
) -> Result<usize, Message> {
    let n = table.len();
    if let Err(m) = check_layout(layout, n, type_name, length) {
        return Err(m);
    }
    // The compressed set of the current blocker pattern: computed once per
    // pattern, not per occupancy. No compressed set is 0: every slider
    // attacks at least one square.
    let (mut last, mut value) = ((2, 64, 0), 0u16);
    let end = for_each_occupancy!(layout, n, type_name, |piece, sq, occ, att, pattern, i| {
        if last.2 != pattern || last.1 != sq || last.0 != piece as usize {
            last = (piece as usize, sq, pattern);
            value = pext(att, empty_board_attacks(piece, sq)) as u16;
        }
        let e = table[i];
        if e == 0 {
            table[i] = value;
        } else if e != value {
            return Err(clash(layout, SlotRule::Exact, piece, sq, occ, i));
        }
    });
    finish(type_name, n, end, length)
}

/// The table's length once filled: an overlapping table must end at its
/// last used slot.
const fn finish(type_name: &str, n: usize, end: usize, length: Length) -> Result<usize, Message> {
    if let Length::LastUsed = length {
        if let Err(m) = check_len(type_name, n, end) {
            return Err(m);
        }
    }
    Ok(n)
}
