//! The fewest known bits of `magic-core` against `data/best-magics.csv`,
//! whose every magic is checked here at its bits.

use magic_runtime::{default_bits, fewest_known_bits, square_name, Piece};
use magic_search::{parse_hunted_csv, Hash, Occupancies, Scratch};

#[test]
fn the_fewest_known_bits_are_those_of_the_best_known_magics() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../data/best-magics.csv");
    let rows = parse_hunted_csv(&std::fs::read_to_string(path).unwrap()).unwrap();
    let mut listed = [[None; 64]; 2];
    for (target, magic) in rows {
        let o = Occupancies::new(target.piece, target.square);
        assert!(
            Scratch::default().fits(&o, Hash::Multiply, magic, u32::from(target.bits)),
            "{target}: {magic:#x} is not a magic"
        );
        listed[target.piece as usize][target.square] = Some(u32::from(target.bits));
    }
    for piece in Piece::ALL {
        let defaults = default_bits(piece);
        for (sq, listed) in listed[piece as usize].iter().enumerate() {
            let want = listed.unwrap_or(u32::from(defaults[sq]));
            assert_eq!(
                fewest_known_bits(piece, sq),
                want,
                "{} {}",
                piece.name(),
                square_name(sq)
            );
        }
    }
}
