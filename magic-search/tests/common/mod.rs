//! Checks the tool's tests share.

// Each test crate uses some of them.
#![allow(dead_code)]

use magic_search::{MagicSet, Occupancies, Piece, Scratch, SubTable};

/// Every used slot of every sub-table lands in the array on a slot that no
/// other sub-table uses with another attack set.
pub fn assert_valid_packing(tables: &[SubTable], offsets: &[u32], len: usize) {
    let mut array = vec![0u64; len];
    let mut end = 0;
    for (t, &off) in tables.iter().zip(offsets) {
        for (i, &a) in t.entries.iter().enumerate().filter(|&(_, &a)| a != 0) {
            let slot = &mut array[off as usize + i];
            assert!(
                *slot == 0 || *slot == a,
                "{:?} {} clashes",
                t.piece,
                t.square
            );
            *slot = a;
        }
        end = end.max(off as usize + t.used_len());
    }
    assert_eq!(end, len);
}

/// Every magic of `set` is a magic of its square at its bits under the
/// set's hash (black or fixed-shift).
pub fn assert_magics_of_scheme(set: &MagicSet) {
    let mut scratch = Scratch::default();
    for (p, piece) in Piece::ALL.into_iter().enumerate() {
        for sq in 0..64 {
            let o = Occupancies::new(piece, sq);
            let (magic, bits) = (set.magics[p][sq], u32::from(set.bits[p][sq]));
            assert!(
                scratch.fits(&o, set.scheme.hash(), magic, bits),
                "{piece:?} {sq}"
            );
        }
    }
}

/// Whether `magic` sends no two occupancies with different attack sets to
/// one slot, by the definition: a map from slot to attack set, filled by
/// the ray walk's attack sets.
pub fn is_magic_by_definition(o: &Occupancies, magic: u64, bits: u32) -> bool {
    let mut slots = std::collections::HashMap::new();
    (o.occupancies.iter().zip(&o.attacks)).all(|(&occ, &att)| {
        *slots
            .entry(occ.wrapping_mul(magic) >> (64 - bits))
            .or_insert(att)
            == att
    })
}
