//! The search: reproducible sets, the shipped defaults, clear failures.

mod common;

use common::is_magic_by_definition;
use magic_search::search_set;
use magic_search::{
    find_magic, magic_set, pack, parse_magics_csv, published_set, shipped_set, Occupancies, Piece,
    Scheme, Scratch, SearchError, SearchOptions, SlotRule, SplitMix64, SubTable,
};

#[test]
fn splitmix64_matches_the_reference_outputs() {
    // First outputs of the reference SplitMix64 (Vigna's splitmix64.c) for seed 0.
    let mut rng = SplitMix64::new(0);
    assert_eq!(rng.next_u64(), 0xe220_a839_7b1d_cdaf);
    assert_eq!(rng.next_u64(), 0x6e78_9e6a_a1b9_65f4);
    assert_eq!(rng.next_u64(), 0x06c4_5d18_8009_454f);
}

#[test]
fn is_magic_agrees_with_the_definition_on_one_scratch_across_squares_and_bits() {
    // One scratch for every candidate, as a search thread uses it: slots
    // written for an earlier candidate, square or size must not count.
    let mut scratch = Scratch::default();
    let mut rng = SplitMix64::new(99);
    let (mut magics, mut others) = (0, 0);
    for (piece, sq) in [
        (Piece::Rook, 0),
        (Piece::Bishop, 27),
        (Piece::Rook, 61),
        (Piece::Bishop, 1),
    ] {
        let o = Occupancies::new(piece, sq);
        let top = o.occupancies.len().trailing_zeros();
        for bits in [top - 1, top, top + 1] {
            // The shipped magic of the square at its bits, a wrong one, and
            // random ones: most clash, some are magics.
            let mut candidates = vec![0, 1 << 63];
            candidates.extend((0..2_000).map(|_| rng.sparse()));
            if bits == top {
                candidates.push(find_magic(piece, sq, bits, 3, &SearchOptions::default()).unwrap());
            }
            for magic in candidates {
                let expected = is_magic_by_definition(&o, magic, bits);
                assert_eq!(
                    scratch.is_magic(&o, magic, 64 - bits),
                    expected,
                    "{piece:?} {sq} {bits} {magic:#x}"
                );
                if expected {
                    magics += 1
                } else {
                    others += 1
                }
            }
        }
    }
    assert!(
        magics > 4 && others > 1_000,
        "{magics} magics, {others} others"
    );
}

#[test]
fn the_published_sets_have_their_published_sizes() {
    // The shipped fixed-shift and black sets are generated from the
    // published files (checked by the workspace test `generated`); their
    // lengths are the ends of their last used slots.
    for (scheme, entries) in [(Scheme::FixedShift, 88_772), (Scheme::Black, 87_988)] {
        assert_eq!(published_set(scheme).unwrap().len, entries, "{scheme}");
    }
}

#[test]
fn malformed_magic_files_are_rejected_with_the_line() {
    let err = parse_magics_csv("piece,square,magic,offset\nqueen,0,0x1,0\n").unwrap_err();
    assert_eq!(err, "line 2: piece must be rook or bishop: `queen,0,0x1,0`");
    let err = parse_magics_csv("rook,64,0x1,0\n").unwrap_err();
    assert!(err.contains("square must be a1 to h8 or 0 to 63"), "{err}");
    // Squares by name read as by number.
    let by_number = parse_magics_csv("rook,57,0x1,0\n").unwrap_err();
    let by_name = parse_magics_csv("rook,b8,0x1,0\n").unwrap_err();
    assert_eq!(by_number, by_name);
    // A file of fewer-bit fancy magics is told apart by its header.
    let err = parse_magics_csv("piece,square,bits,magic\nrook,a7,10,0x1\n").unwrap_err();
    assert!(err.contains("piece,square,bits,magic"), "{err}");
    assert!(err.contains("data/black-magics.csv"), "{err}");
    assert!(parse_magics_csv("rook,0,0x1,0\n")
        .unwrap_err()
        .contains("every rook and bishop square"));
}

#[test]
fn offset_in_magic_factors_hold_their_offsets() {
    let set = shipped_set(Scheme::OffsetInMagic);
    for p in 0..2 {
        for sq in 0..64 {
            assert_eq!(
                (set.magics[p][sq] & 0xffff) * 8,
                u64::from(set.offsets[p][sq])
            );
        }
    }
}

#[test]
fn every_magic_of_every_shipped_set_hashes_without_destructive_collisions() {
    let mut scratch = Scratch::default();
    for scheme in Scheme::ALL.into_iter().filter(|s| s.has_magics()) {
        let set = shipped_set(scheme);
        for (p, piece) in Piece::ALL.into_iter().enumerate() {
            for sq in 0..64 {
                let o = Occupancies::new(piece, sq);
                let (magic, bits) = (set.magics[p][sq], u32::from(set.bits[p][sq]));
                let name = piece.name();
                assert!(
                    scratch.fits(&o, scheme.hash(), magic, bits),
                    "{scheme} {name} {sq}"
                );
                if scheme.shift_in_magic() {
                    assert_eq!(
                        magic >> 58,
                        u64::from(64 - bits),
                        "{scheme}: shift bits of {name} {sq}"
                    );
                }
            }
        }
    }
}

#[test]
fn a_seed_gives_the_same_set_every_time_and_another_seed_another_set() {
    let a = magic_set(Scheme::Fancy, 1234, None).unwrap();
    let b = magic_set(Scheme::Fancy, 1234, None).unwrap();
    let c = magic_set(Scheme::Fancy, 1235, None).unwrap();
    assert_eq!(a, b);
    assert_ne!(a.magics, c.magics);
}

#[test]
fn table_sizes_follow_the_bits() {
    assert_eq!(shipped_set(Scheme::Fancy).len, 107_648);
    assert_eq!(shipped_set(Scheme::ShiftInMagic).len, 107_648);
    assert_eq!(shipped_set(Scheme::Plain).len, 64 * 4096 + 64 * 512);
    // Diagonally adjacent rook pairs and every bishop share sub-tables:
    // the rooks' 65,536 entries (the last slot may go unused).
    let shared = shipped_set(Scheme::Shared).len;
    assert!((65_536 - 64..=65_536).contains(&shared), "shared: {shared}");
}

#[test]
fn a_hopeless_search_names_the_square_and_what_to_change() {
    let opts = SearchOptions {
        max_tries: 500,
        ..SearchOptions::default()
    };
    let err = find_magic(Piece::Rook, 7, 8, 1, &opts).unwrap_err();
    assert_eq!(
        err,
        SearchError::Square {
            piece: Piece::Rook,
            square: 7,
            bits: 8,
            tries: 500
        }
    );
    let text = err.to_string();
    assert!(text.contains("rook magic for h1 with 8 bits"), "{text}");
    assert!(text.contains("give h1 more rook bits"), "{text}");
    // At the most bits a square can have, more bits is no advice.
    let err = find_magic(
        Piece::Rook,
        7,
        12,
        1,
        &SearchOptions {
            max_tries: 1,
            ..opts
        },
    )
    .unwrap_err();
    let text = err.to_string();
    assert!(!text.contains("more rook bits"), "{text}");
    assert!(text.contains("allow more tries"), "{text}");
}

#[test]
fn a_bound_on_all_tries_stops_a_hopeless_set_and_keeps_a_found_one() {
    // Rooks at one bit fewer than their masks everywhere: hopeless on most
    // squares, so only the total bounds the work.
    let bits = [[11; 64], [5; 64]];
    let opts = SearchOptions {
        max_total_tries: Some(2_000_000),
        ..SearchOptions::default()
    };
    let err = search_set(Scheme::Fancy, 1, bits, &opts).unwrap_err();
    assert_eq!(err, SearchError::Total { limit: 2_000_000 });
    assert!(err.to_string().contains("magic-search hunt"), "{err}");
    // A set that needs fewer candidates than the total is found as without it.
    let unbounded = search_set(
        Scheme::Fancy,
        3,
        Scheme::Fancy.default_bits(),
        &SearchOptions::default(),
    );
    let bounded = SearchOptions {
        max_total_tries: Some(60_000_000),
        ..SearchOptions::default()
    };
    assert_eq!(
        search_set(Scheme::Fancy, 3, Scheme::Fancy.default_bits(), &bounded),
        unbounded
    );
}

#[test]
fn packing_overlaps_only_where_slots_agree() {
    let t = |square, entries: Vec<u64>| SubTable {
        piece: Piece::Rook,
        square,
        entries,
    };
    // b fits into a's first hole; c clashes at offsets 0 to 2 and runs past the end at 3.
    let (offsets, len) = pack(
        &[t(0, vec![1, 0, 2, 0]), t(1, vec![3, 0]), t(2, vec![9, 9])],
        SlotRule::Exact,
    );
    assert_eq!(offsets, vec![0, 1, 3]);
    assert_eq!(len, 5);
    // Equal attack sets may share a slot.
    let (offsets, _) = pack(&[t(0, vec![1, 0, 0, 0]), t(1, vec![1, 7])], SlotRule::Exact);
    assert_eq!(offsets, vec![0, 0]);
}

#[test]
fn a_sub_table_holds_the_ray_walk_of_every_relevant_occupancy() {
    use magic_search::{attacks_by_ray_walk, next_subset, relevant_mask, Hash};
    for (scheme, hash) in [
        (Scheme::Black, Hash::Black),
        (Scheme::Fancy, Hash::Multiply),
    ] {
        let set = shipped_set(scheme);
        for (p, piece) in Piece::ALL.into_iter().enumerate() {
            for sq in 0..64 {
                let (magic, bits) = (set.magics[p][sq], u32::from(set.bits[p][sq]));
                let t = SubTable::with_hash(piece, sq, hash, magic, bits);
                let mask = relevant_mask(piece, sq);
                let mut occ = 0;
                loop {
                    let slot = hash.index(mask, magic, bits, occ);
                    let walked = attacks_by_ray_walk(piece, sq, occ);
                    assert_eq!(
                        t.entries[slot], walked,
                        "{scheme:?} {piece:?} {sq} {occ:#x}"
                    );
                    occ = next_subset(occ, mask);
                    if occ == 0 {
                        break;
                    }
                }
            }
        }
    }
}

/// [`pack`] with [`SlotRule::Exact`] written out slowly: largest
/// sub-tables first (ties in input order), each at the first offset from
/// `window` before the end of the sub-tables laid so far (their whole
/// spans) where every used slot is free or already holds the same attack
/// set.
fn exact_first_fit_slot_by_slot(tables: &[SubTable], window: usize) -> (Vec<u32>, usize) {
    let mut order: Vec<usize> = (0..tables.len()).collect();
    order.sort_by_key(|&t| std::cmp::Reverse(tables[t].entries.len()));
    let mut array: Vec<u64> = Vec::new();
    let mut offsets = vec![0; tables.len()];
    let (mut len, mut spans_end) = (0, 0usize);
    for t in order {
        let used: Vec<(usize, u64)> = (tables[t].entries.iter().enumerate())
            .filter(|&(_, &a)| a != 0)
            .map(|(i, &a)| (i, a))
            .collect();
        let offset = (spans_end.saturating_sub(window)..)
            .find(|&o| {
                used.iter()
                    .all(|&(i, a)| array.get(o + i).is_none_or(|&s| s == 0 || s == a))
            })
            .unwrap();
        for &(i, a) in &used {
            if array.len() <= offset + i {
                array.resize(offset + i + 1, 0);
            }
            array[offset + i] = a;
        }
        offsets[t] = offset as u32;
        len = len.max(offset + used.last().map_or(0, |&(i, _)| i + 1));
        spans_end = spans_end.max(offset + tables[t].entries.len());
    }
    (offsets, len)
}

/// The window of [`pack`] with [`SlotRule::Exact`].
const WINDOW: usize = 16_384;

#[test]
fn exact_packing_takes_the_first_offset_where_every_slot_agrees() {
    for scheme in [Scheme::Black, Scheme::FixedShift] {
        let tables = shipped_set(scheme).sub_tables();
        assert_eq!(
            pack(&tables, SlotRule::Exact),
            exact_first_fit_slot_by_slot(&tables, WINDOW),
            "{scheme:?}"
        );
    }
    // Sub-tables that hold the same attack sets, among others: the bishop
    // on a1 twice, which lies on itself.
    let mut tables = shipped_set(Scheme::Black).sub_tables()[64..72].to_vec();
    tables.push(tables[0].clone());
    let packed = pack(&tables, SlotRule::Exact);
    assert_eq!(packed.0[8], packed.0[0]);
    assert_eq!(packed, exact_first_fit_slot_by_slot(&tables, WINDOW));
}

#[test]
fn post_masked_packing_puts_diagonal_neighbours_on_top_of_each_other() {
    // Rooks on a1 and b2 only meet on b1 and a2, which both always attack.
    let magic = |sq| find_magic(Piece::Rook, sq, 12, 3, &SearchOptions::default()).unwrap();
    let a1 = SubTable::new(Piece::Rook, 0, magic(0), 12);
    let b2 = SubTable::new(Piece::Rook, 9, magic(9), 12);
    let (offsets, len) = pack(&[a1.clone(), b2.clone()], SlotRule::PostMasked);
    assert_eq!((offsets, len), (vec![0, 0], 4096));
    // Without post-masks they cannot share.
    let (_, len) = pack(&[a1, b2], SlotRule::Exact);
    assert!(len > 4096);
}
