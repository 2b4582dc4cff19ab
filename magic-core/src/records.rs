//! What is known about the fewest index bits a fancy magic can have, per
//! square: the best known magics (`data/best-magics.csv`, checked against
//! this by a test) and which one-bit-fewer magics are proven impossible.

use crate::geometry::{default_bits, Piece};

/// Rook squares with a known magic below popcount(mask), and its bits:
/// d1 at 10 and c2 to e2 at 9 (found by `magic-search settle`), a7 and h7
/// at 10, b7 to g7 at 9, a8 and h8 at 11, b8 to e8 and g8 at 10.
const ROOK_RECORDS: [(usize, u8); 19] = [
    (3, 10),
    (10, 9),
    (11, 9),
    (12, 9),
    (48, 10),
    (49, 9),
    (50, 9),
    (51, 9),
    (52, 9),
    (53, 9),
    (54, 9),
    (55, 10),
    (56, 11),
    (57, 10),
    (58, 10),
    (59, 10),
    (60, 10),
    (62, 10),
    (63, 11),
];

/// Bishop squares with a known magic below popcount(mask), and its bits.
const BISHOP_RECORDS: [(usize, u8); 24] = [
    (0, 5),
    (1, 4),
    (6, 4),
    (7, 5),
    (8, 4),
    (9, 4),
    (14, 4),
    (15, 4),
    (16, 4),
    (17, 4),
    (22, 4),
    (23, 4),
    (40, 4),
    (41, 4),
    (46, 4),
    (47, 4),
    (48, 4),
    (49, 4),
    (54, 4),
    (55, 4),
    (56, 5),
    (57, 4),
    (62, 4),
    (63, 5),
];

/// The fewest index bits of any fancy magic known for `piece` on `sq`:
/// the best known magics' bits where one is known below popcount(mask),
/// popcount(mask) elsewhere.
///
/// ```
/// use magic_core::{fewest_known_bits, Piece};
/// assert_eq!(fewest_known_bits(Piece::Rook, 0), 12); // a1
/// assert_eq!(fewest_known_bits(Piece::Rook, 49), 9); // b7
/// assert_eq!(fewest_known_bits(Piece::Bishop, 1), 4); // b1
/// ```
pub const fn fewest_known_bits(piece: Piece, sq: usize) -> u32 {
    let records: &[(usize, u8)] = match piece {
        Piece::Rook => &ROOK_RECORDS,
        Piece::Bishop => &BISHOP_RECORDS,
    };
    let mut i = 0;
    while i < records.len() {
        if records[i].0 == sq {
            return records[i].1 as u32;
        }
        i += 1;
    }
    default_bits(piece)[sq] as u32
}

/// Whether a magic with one bit fewer than [`fewest_known_bits`] has been
/// proven impossible by exhaustive search: rooks on ranks 3 to 6 and f8
/// (published), d1, b2, f2 and g2 at 9 bits and a2 at 10 (`magic-search
/// settle rook,d1,9`, `rook,b2,9`, `rook,f2,9`, `rook,g2,9` and
/// `rook,a2,10`), a8 and h8 at 10, a7, h7, b8 to e8 and g8 at 9, b7 to g7
/// at 8 (`settle rook,a8,10 --low-bits-first`, and so for the others):
/// every rook of ranks 3 to 8; every bishop. The published proofs cover
/// the bishops of the c to f files and of ranks 4 and 5; `magic-search
/// settle` ruled out every magic for the others (`settle bishop,all`),
/// among them c1 and d1 at 4 bits, which were open questions, and the
/// edge squares whose best known magics have fewer bits than the mask:
/// those are the fewest there can be. (Where one bit fewer is too few to
/// number the square's attack sets, it is impossible by counting.)
///
/// ```
/// use magic_core::{fewer_bits_proven_impossible, Piece};
/// assert!(fewer_bits_proven_impossible(Piece::Rook, 27)); // d4
/// assert!(!fewer_bits_proven_impossible(Piece::Rook, 0)); // a1: open
/// assert!(fewer_bits_proven_impossible(Piece::Rook, 3)); // d1 at 9 bits
/// assert!(fewer_bits_proven_impossible(Piece::Rook, 9)); // b2 at 9 bits
/// assert!(fewer_bits_proven_impossible(Piece::Rook, 8)); // a2 at 10 bits
/// assert!(fewer_bits_proven_impossible(Piece::Rook, 13)); // f2 at 9 bits
/// assert!(fewer_bits_proven_impossible(Piece::Rook, 14)); // g2 at 9 bits
/// assert!(!fewer_bits_proven_impossible(Piece::Rook, 15)); // h2 at 10: open
/// assert!(fewer_bits_proven_impossible(Piece::Rook, 63)); // h8 at 10 bits
/// assert!(fewer_bits_proven_impossible(Piece::Rook, 55)); // h7 at 9 bits
/// assert!(fewer_bits_proven_impossible(Piece::Rook, 52)); // e7 at 8 bits
/// assert!(fewer_bits_proven_impossible(Piece::Rook, 49)); // b7 at 8 bits
/// assert!(fewer_bits_proven_impossible(Piece::Rook, 57)); // b8 at 9 bits
/// assert!(fewer_bits_proven_impossible(Piece::Rook, 48)); // a7 at 9 bits
/// assert!(fewer_bits_proven_impossible(Piece::Bishop, 2)); // c1 at 4 bits
/// assert!(fewer_bits_proven_impossible(Piece::Bishop, 1)); // b1 at 3 bits
/// assert!(fewer_bits_proven_impossible(Piece::Bishop, 0)); // a1 at 4 bits
/// ```
pub const fn fewer_bits_proven_impossible(piece: Piece, sq: usize) -> bool {
    match piece {
        Piece::Rook => sq >= 16 || matches!(sq, 3 | 8 | 9 | 13 | 14),
        Piece::Bishop => true,
    }
}
