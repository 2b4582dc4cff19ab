//! Board geometry against figures published independently of this code.

use magic_core::{
    attacks_by_ray_walk, default_bits, distinct_attack_sets, empty_board_attacks, fancy_table_len,
    next_subset, parse_square, relevant_mask, square_name, Piece,
};

#[test]
fn default_bits_add_up_to_the_known_fancy_sizes() {
    let rook: usize = default_bits(Piece::Rook).iter().map(|&b| 1usize << b).sum();
    let bishop: usize = default_bits(Piece::Bishop)
        .iter()
        .map(|&b| 1usize << b)
        .sum();
    assert_eq!((rook, bishop), (102_400, 5_248));
    assert_eq!(
        fancy_table_len(&default_bits(Piece::Rook), &default_bits(Piece::Bishop)),
        107_648
    );
}

#[test]
fn distinct_attack_sets_add_up_to_4900_and_1428() {
    let total = |p| (0..64).map(|sq| distinct_attack_sets(p, sq)).sum::<u32>();
    assert_eq!(total(Piece::Rook), 4_900);
    assert_eq!(total(Piece::Bishop), 1_428);
}

#[test]
fn distinct_attack_sets_match_an_enumeration() {
    for piece in Piece::ALL {
        for sq in 0..64 {
            let mask = relevant_mask(piece, sq);
            let mut seen = std::collections::HashSet::new();
            let mut occ = 0;
            loop {
                seen.insert(attacks_by_ray_walk(piece, sq, occ));
                occ = next_subset(occ, mask);
                if occ == 0 {
                    break;
                }
            }
            assert_eq!(
                seen.len() as u32,
                distinct_attack_sets(piece, sq),
                "{} {sq}",
                piece.name()
            );
        }
    }
}

#[test]
fn masks_are_attacks_without_the_edges_of_the_rays() {
    // The classic masks of a rook on a1 and a bishop on d4.
    assert_eq!(relevant_mask(Piece::Rook, 0), 0x0001_0101_0101_017e);
    assert_eq!(relevant_mask(Piece::Bishop, 27), 0x0040_2214_0014_2200);
    for piece in Piece::ALL {
        for sq in 0..64 {
            let mask = relevant_mask(piece, sq);
            assert_eq!(mask & !empty_board_attacks(piece, sq), 0);
            assert_eq!(mask >> sq & 1, 0);
        }
    }
}

#[test]
fn empty_board_attack_counts() {
    for sq in 0..64 {
        assert_eq!(empty_board_attacks(Piece::Rook, sq).count_ones(), 14);
    }
    let bishop: u32 = (0..64)
        .map(|sq| empty_board_attacks(Piece::Bishop, sq).count_ones())
        .sum();
    assert_eq!(bishop, 560);
}

#[test]
fn carry_rippler_visits_every_subset_once() {
    let mask = relevant_mask(Piece::Rook, 0);
    let mut seen = std::collections::HashSet::new();
    let mut occ = 0;
    loop {
        assert_eq!(occ & !mask, 0);
        assert!(seen.insert(occ));
        occ = next_subset(occ, mask);
        if occ == 0 {
            break;
        }
    }
    assert_eq!(seen.len(), 4096);
}

#[test]
fn square_names_round_trip() {
    for sq in 0..64 {
        assert_eq!(parse_square(square_name(sq)), Some(sq));
    }
    assert_eq!(square_name(4), "e1");
    assert_eq!(parse_square("h9"), None);
}
