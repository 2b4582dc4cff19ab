//! The `settle` answers RECORDS.md gives for the shared tables, against the
//! state files in `data/settle/` that hold them: every part of a question
//! searched up to its answer, none below it with a magic; where a part took
//! under a few million intervals, the fewest of them walked again here to
//! the same count.

use magic_runtime::sets;
use magic_search::{
    fewer_bits_proven_impossible, fewest_known_bits, square_name, Hash, HuntTarget, MagicQuestion,
    Occupancies, Piece, Scratch, SettleState, Settled,
};
use std::sync::atomic::AtomicBool;

/// The most intervals of a part walked again in these (unoptimised) tests:
/// about five seconds. Rook c1's parts take 29 million or more.
const WALK_AGAIN_UNDER: u64 = 2_000_000;

/// The most prefixes of a part of a walk from the lowest bits walked again
/// in these tests, but for the cheapest part: a second or two, unoptimised.
const LOW_WALK_AGAIN_UNDER: u64 = 8_000_000;

/// Which parts of a question a state file holds.
#[derive(Clone, Copy)]
enum Parts {
    /// Those whose magics can carry the shift.
    CarryingTheShift,
    /// All 4,096.
    All,
}

/// Rook `sq`'s question at `bits` and its state file,
/// `data/settle/rook-<square>-<bits>.state`, read: the file's name, what
/// it holds, and the question as a target and to walk.
fn kept_state(sq: usize, bits: u32) -> (String, SettleState, HuntTarget, MagicQuestion) {
    let name = format!("rook-{}-{bits}.state", square_name(sq));
    let path = format!("{}/../data/settle/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let state = SettleState::parse(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
    let target: HuntTarget = format!("rook,{},{bits}", square_name(sq)).parse().unwrap();
    (
        name,
        state,
        target,
        MagicQuestion::new(Piece::Rook, sq, bits),
    )
}

/// A rook's question at `bits` and the parts of it kept in
/// `data/settle/rook-<square>-<bits>.state`, searched through `last`
/// (the last of the parts when `None`): what each found, in order, or a
/// panic naming the file and the part missing.
fn kept_parts(
    sq: usize,
    bits: u32,
    which: Parts,
    last: Option<u64>,
) -> (MagicQuestion, Vec<(u64, Settled)>) {
    let (name, state, target, question) = kept_state(sq, bits);
    let (parts, expected) = match which {
        Parts::CarryingTheShift => (question.shift_carrying_parts(), 128),
        Parts::All => (0..question.parts(), 4096),
    };
    assert_eq!(parts.end - parts.start, expected, "{name}");
    let last = last.unwrap_or(parts.end - 1);
    let kept = (parts.start..=last)
        .map(|part| match state.part(target, part) {
            Some(found) => (part, found),
            None => panic!("{name}: part {part} is not settled"),
        })
        .collect();
    (question, kept)
}

/// Checks that no part kept holds a magic.
fn no_part_holds_a_magic(kept: &[(u64, Settled)]) {
    for &(part, found) in kept {
        assert_eq!(found.magic, None, "part {part} holds a magic");
    }
}

/// Checks that no part holds a magic, and walks again the one that took
/// the fewest intervals when that is under [`WALK_AGAIN_UNDER`]; says
/// whether it did.
fn none_holds_a_magic(question: &MagicQuestion, kept: &[(u64, Settled)]) -> bool {
    no_part_holds_a_magic(kept);
    let &(part, found) = kept.iter().min_by_key(|(_, found)| found.nodes).unwrap();
    if found.nodes >= WALK_AGAIN_UNDER {
        return false;
    }
    assert_eq!(question.part(part), found, "part {part} walked again");
    true
}

/// Checks that no magic of the rook on `sq` with `bits` index bits
/// carries its shift: every part that could hold one settled without one.
/// Says whether a part was walked again.
fn no_magic_carries_the_shift(sq: usize, bits: u32) -> bool {
    let (question, kept) = kept_parts(sq, bits, Parts::CarryingTheShift, None);
    none_holds_a_magic(&question, &kept)
}

#[test]
fn no_ten_bit_magic_of_rook_c1_carries_its_shift() {
    no_magic_carries_the_shift(2, 10);
}

#[test]
fn no_ten_bit_magic_of_rook_e1_carries_its_shift() {
    no_magic_carries_the_shift(4, 10);
}

#[test]
fn no_ten_bit_magic_of_rook_f1_carries_its_shift() {
    no_magic_carries_the_shift(5, 10);
}

/// Two bits fewer than d1's mask: with such a magic, rook d1 and its
/// partner c2 would take 512 entries off the shared tables (RECORDS.md). None
/// exists at all, with its shift or without: one bit fewer than the best
/// known 10.
#[test]
fn rook_d1_has_no_nine_bit_magic() {
    assert!(
        no_magic_carries_the_shift(3, 9),
        "a part of d1 is walked again"
    );
    // The other parts were walked with their mirrors, two at once: the
    // walk of a part alone above is the one walked again.
    let (_, kept) = kept_parts(3, 9, Parts::All, None);
    no_part_holds_a_magic(&kept);
    assert!(fewer_bits_proven_impossible(Piece::Rook, 3));
}

#[test]
fn no_eleven_bit_magic_of_rook_a1_carries_its_shift() {
    assert!(
        no_magic_carries_the_shift(0, 11),
        "a part of a1 is walked again"
    );
}

/// Rook g2 has no 9-bit magic, one bit fewer than its mask: every part of
/// its magics ruled out, each walked at once with its mirror
/// ([`MagicQuestion::pair`]). A pair is kept as the lower part's intervals
/// and none for the mirror: the dearest pair under [`WALK_AGAIN_UNDER`] is
/// walked again to the same count.
#[test]
fn rook_g2_has_no_nine_bit_magic() {
    let (question, kept) = kept_parts(14, 9, Parts::All, None);
    no_part_holds_a_magic(&kept);
    let nodes = |part: u64| kept[part as usize].1.nodes;
    let (part, found) = kept
        .iter()
        .copied()
        .filter(|&(part, found)| {
            let mirror = question.mirror(part);
            part < mirror && nodes(mirror) == 0 && found.nodes < WALK_AGAIN_UNDER
        })
        .max_by_key(|(_, found)| found.nodes)
        .expect("a pair under the bound");
    // The mirror, answered by the same walk, has no intervals of its own.
    let mirror = Settled {
        magic: None,
        nodes: 0,
    };
    assert_eq!(
        question.pair(part),
        (found, Some(mirror)),
        "parts {part} and {} walked again",
        question.mirror(part)
    );
    assert_eq!(fewest_known_bits(Piece::Rook, 14), 10);
    assert!(fewer_bits_proven_impossible(Piece::Rook, 14));
}

/// Rook d1's lowest 10-bit magic that carries its shift: every part below
/// its own ruled out, and the magic, its shift put in, is the best sets'
/// d1 magic and indexes every occupancy of d1 in 10 bits.
#[test]
fn the_best_sets_hold_the_lowest_ten_bit_magic_of_rook_d1_that_carries_its_shift() {
    let magic = sets::BEST_FANCY_ROOK[3];
    assert_eq!(sets::BEST_FANCY_ROOK_BITS[3], 10);
    assert_eq!(sets::BEST_SHARED_ROOK[3], magic);
    let question = MagicQuestion::new(Piece::Rook, 3, 10);
    let part = question.part_of(magic);
    let (_, kept) = kept_parts(3, 10, Parts::CarryingTheShift, Some(part));
    let (below, holding) = kept.split_at(kept.len() - 1);
    none_holds_a_magic(&question, below);
    let found = holding[0]
        .1
        .magic
        .expect("the part of the best sets' magic holds one");
    assert_eq!(question.carrying_shift(found), Some(magic));
    let o = Occupancies::new(Piece::Rook, 3);
    assert!(Scratch::default().fits(&o, Hash::Multiply, magic, 10));
}

/// Checks the walk from the lowest bits of rook `sq` at `bits` kept in
/// `data/settle/rook-<square>-<bits>.state`: every part of the walk is
/// there, none holds a magic, and the part with the fewest prefixes, and
/// that with the most under [`LOW_WALK_AGAIN_UNDER`], walk again to the
/// same counts. So `magic_tables!` rightly calls `bits` impossible there.
fn no_magic_walked_from_the_lowest_bits(sq: usize, bits: u32) {
    let (name, state, target, question) = kept_state(sq, bits);
    let parts = question.low_bits_parts();
    let kept: Vec<(u64, u64, Settled)> = state.low_parts_of(target).collect();
    assert_eq!(kept.len() as u64, parts.len(), "{name}: parts kept");
    for (i, &(part, of, found)) in kept.iter().enumerate() {
        assert_eq!((part, of), (i as u64, parts.len()), "{name}");
        assert_eq!(found.magic, None, "{name}: part {part} holds a magic");
    }
    // The cheapest part, and the dearest under the bound when that is
    // another, walked again.
    let cheapest = kept.iter().min_by_key(|(_, _, found)| found.nodes);
    let dearest = kept
        .iter()
        .filter(|(_, _, found)| found.nodes <= LOW_WALK_AGAIN_UNDER)
        .max_by_key(|(_, _, found)| found.nodes)
        .filter(|dearest| Some(*dearest) != cheapest);
    for &(part, _, found) in cheapest.into_iter().chain(dearest) {
        let again = parts.walk(part, &AtomicBool::new(false)).unwrap();
        let walked = (again.magic, again.nodes);
        assert_eq!(
            walked,
            (None, found.nodes),
            "{name}: part {part} walked again"
        );
    }
    assert_eq!(fewest_known_bits(Piece::Rook, sq), bits + 1);
    assert!(fewer_bits_proven_impossible(Piece::Rook, sq));
}

/// Osborne's 11-bit record for rook a8 has the fewest bits there can be.
#[test]
fn rook_a8_has_no_ten_bit_magic() {
    no_magic_walked_from_the_lowest_bits(56, 10);
}

/// The 10-bit record of rook a7 has the fewest bits there can be.
#[test]
fn rook_a7_has_no_nine_bit_magic() {
    no_magic_walked_from_the_lowest_bits(48, 9);
}

/// The 9-bit record of rook b7 has the fewest bits there can be.
#[test]
fn rook_b7_has_no_eight_bit_magic() {
    no_magic_walked_from_the_lowest_bits(49, 8);
}
