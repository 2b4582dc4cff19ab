//! The `settle` answers the README gives for the shared tables, against the
//! state files in `data/settle/` that hold them: every part of the
//! question searched and none with a magic; where a part took under a few
//! million intervals, the fewest of them walked again here to the same
//! count.

use magic_search::{square_name, HuntTarget, MagicQuestion, Piece, SettleState, Settled};

/// The most intervals of a part walked again in these (unoptimised) tests:
/// about five seconds. Rook c1's parts take 29 million or more.
const WALK_AGAIN_UNDER: u64 = 2_000_000;

/// Checks that `data/settle/rook-<square>-<bits>.state` rules out every
/// magic of the rook on `sq` with `bits` index bits that carries its
/// shift; walks again the part that took the fewest intervals when that is
/// under [`WALK_AGAIN_UNDER`], and says whether it did.
fn no_magic_carries_the_shift(sq: usize, bits: u32) -> bool {
    let name = format!("rook-{}-{bits}.state", square_name(sq));
    let path = format!("{}/../data/settle/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let state = SettleState::parse(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
    let target: HuntTarget = format!("rook,{},{bits}", square_name(sq)).parse().unwrap();
    let question = MagicQuestion::new(Piece::Rook, sq, bits);
    let parts = question.shift_carrying_parts();
    assert_eq!(parts.end - parts.start, 128, "{name}");
    let mut fewest: Option<(u64, u64)> = None;
    for part in parts {
        let found = state
            .part(target, part)
            .unwrap_or_else(|| panic!("{name}: part {part} is not settled"));
        assert_eq!(found.magic, None, "{name}: part {part} holds a magic");
        if fewest.is_none_or(|(_, nodes)| found.nodes < nodes) {
            fewest = Some((part, found.nodes));
        }
    }
    let (part, nodes) = fewest.unwrap();
    if nodes >= WALK_AGAIN_UNDER {
        return false;
    }
    let again = question.part(part);
    assert_eq!(
        again,
        Settled { magic: None, nodes },
        "{name}: part {part} walked again"
    );
    true
}

#[test]
fn no_ten_bit_magic_of_rook_c1_carries_its_shift() {
    no_magic_carries_the_shift(2, 10);
}

#[test]
fn no_eleven_bit_magic_of_rook_a1_carries_its_shift() {
    assert!(
        no_magic_carries_the_shift(0, 11),
        "a part of a1 is walked again"
    );
}
