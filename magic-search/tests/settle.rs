//! What `settle` rules out backs what `magic_tables!` calls impossible.

use magic_search::{
    fewer_bits_proven_impossible, fewest_known_bits, min_bits, Hash, MagicQuestion, Occupancies,
    Piece, Scratch,
};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// Every part of the magics of `piece` on `sq` at `bits` holds none.
fn no_magic(piece: Piece, sq: usize, bits: u32) -> bool {
    let question = MagicQuestion::new(piece, sq, bits);
    // Two threads, each every other part.
    std::thread::scope(|scope| {
        let question = &question;
        let half = |first: u64| {
            scope.spawn(move || {
                (first..question.parts())
                    .step_by(2)
                    .all(|part| question.part(part).magic.is_none())
            })
        };
        let (even, odd) = (half(0), half(1));
        even.join().unwrap() && odd.join().unwrap()
    })
}

/// Bishops whose magics with one bit fewer than the fewest known `settle`
/// ruled out (c1 and d1, open questions before, and edge squares whose
/// best known magics already have a bit fewer than the mask): the search
/// finds none, and `magic_tables!` calls those bits impossible.
/// `magic-search settle bishop,all` settles every square; these take the least
/// time.
#[test]
fn the_bishops_settled_here_have_no_magic_with_one_bit_fewer() {
    // c1, d1, g1, g2, h2, a7, b7, d8, e8.
    for sq in [2, 3, 6, 14, 15, 48, 49, 59, 60] {
        assert!(fewer_bits_proven_impossible(Piece::Bishop, sq));
        let bits = fewest_known_bits(Piece::Bishop, sq) - 1;
        assert!(bits >= min_bits(Piece::Bishop, sq));
        assert!(
            no_magic(Piece::Bishop, sq, bits),
            "bishop {sq} at {bits} bits"
        );
    }
}

/// Where fewer bits are known to work, the search finds a magic: bishop b1
/// at 4 bits, a7 and b8 at 4 (their best known bits).
#[test]
fn the_search_finds_the_best_known_bishop_magics() {
    for sq in [1, 48, 57] {
        let bits = fewest_known_bits(Piece::Bishop, sq);
        let question = MagicQuestion::new(Piece::Bishop, sq, bits);
        let found = (0..question.parts()).find_map(|part| question.part(part).magic);
        assert!(found.is_some(), "bishop {sq} at {bits} bits");
    }
}

/// A part that would run for hours stops soon after its flag is raised
/// from another thread, and says so instead of answering.
#[test]
fn a_raised_flag_stops_a_long_search() {
    // Rook a1 at 11 bits, part 1,000: not settled in minutes.
    let question = MagicQuestion::new(Piece::Rook, 0, 11);
    let stop = AtomicBool::new(false);
    let result = std::thread::scope(|scope| {
        scope.spawn(|| {
            std::thread::sleep(Duration::from_millis(200));
            stop.store(true, Ordering::Relaxed);
        });
        question.part_until(1000, &stop)
    });
    let stopped = result.expect_err("stopped before it settled");
    assert!(stopped.nodes > 0);
}

/// Rook c2 has a 9-bit magic, one bit fewer than its mask: the search
/// finds one in part 64 (where `settle rook,c2,9 --shard 0/8` found the one
/// in the best set), and it holds at 9 bits.
#[test]
fn the_search_finds_a_nine_bit_magic_for_rook_c2() {
    let question = MagicQuestion::new(Piece::Rook, 10, 9);
    let magic = question.part(64).magic.expect("a magic in part 64");
    let o = Occupancies::new(Piece::Rook, 10);
    assert!(Scratch::default().fits(&o, Hash::Multiply, magic, 9));
    assert_eq!(fewest_known_bits(Piece::Rook, 10), 9);
}

/// Rooks b2 and f2 at 9 bits and a2 at 10 have no magic: `settle
/// rook,b2,9`, `rook,a2,10` and `rook,f2,9` rule out every magic in 13,
/// 18 and about 75 minutes on two cores, too long for a test; here parts
/// spread over the magics hold none either (for f2, the parts of each
/// quarter with the fewest intervals past two million), and
/// `magic_tables!` calls those bits impossible.
#[test]
fn rooks_a2_b2_and_f2_have_no_magic_with_one_bit_fewer_in_the_parts_tried() {
    let spread: Vec<u64> = (7..4096).step_by(1024).collect();
    for (sq, bits, parts) in [
        (9, 9, spread.clone()),
        (8, 10, spread),
        (13, 9, vec![1022, 1706, 3070, 3754]),
    ] {
        assert!(fewer_bits_proven_impossible(Piece::Rook, sq));
        assert_eq!(fewest_known_bits(Piece::Rook, sq) - 1, bits);
        let question = MagicQuestion::new(Piece::Rook, sq, bits);
        for part in parts {
            assert_eq!(question.part(part).magic, None, "{sq}: part {part}");
        }
    }
}
