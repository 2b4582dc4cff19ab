//! The named sets, which `magic_tables!` takes as `set = ...`: the best
//! set (the best known fewer-bit fancy magics, for fancy, byte-lookup and
//! shared tables), the dense fancy set (the default fancy magics with the
//! fewer-bit magics that `magic-search hunt` found in their squares' place)
//! and the repacked black and fixed-shift sets (the published magics, some
//! replaced, with offsets from `magic-search pack`).

use crate::set::consecutive;
use crate::{MagicSet, Scheme};

/// The dense fancy set: `magic_core::sets::DENSE_FANCY_*`, generated from
/// `data/dense-fancy.csv`.
///
/// ```
/// let set = magic_search::dense_fancy_set();
/// assert!(set.len < 107_648);
/// assert_eq!(set.len, magic_search::shipped::DENSE_FANCY_LEN);
/// ```
pub fn dense_fancy_set() -> MagicSet {
    named_set("dense", Scheme::Fancy).expect("the dense set suits fancy tables")
}

/// The repacked black set: the black magics of Volker Annuss and Niklas
/// Fiekas, some of them replaced by other black magics of their squares,
/// with the offsets `magic-search pack --candidates` chose together with
/// them: `magic_core::sets::BLACK_REPACKED_*`, generated from
/// `data/black-repacked.csv`.
///
/// ```
/// let set = magic_search::repacked_black_set();
/// assert!(set.len < 87_988);
/// assert_eq!(set.len, magic_search::shipped::BLACK_REPACKED_LEN);
/// ```
pub fn repacked_black_set() -> MagicSet {
    named_set("repacked", Scheme::Black).expect("the repacked set suits black tables")
}

/// The repacked fixed-shift set: the fixed-shift magics of Volker Annuss,
/// some of them replaced by other fixed-shift magics of their squares,
/// with the offsets `magic-search pack --candidates` chose together with
/// them: `magic_core::sets::FIXED_SHIFT_REPACKED_*`, generated from
/// `data/fixed-shift-repacked.csv`.
///
/// ```
/// let set = magic_search::repacked_fixed_shift_set();
/// assert!(set.len < 88_772);
/// assert_eq!(set.len, magic_search::shipped::FIXED_SHIFT_REPACKED_LEN);
/// ```
pub fn repacked_fixed_shift_set() -> MagicSet {
    named_set("repacked", Scheme::FixedShift).expect("the repacked set suits fixed-shift tables")
}

/// The names `magic_tables!` takes as `set = ...`.
///
/// ```
/// assert_eq!(magic_search::SET_NAMES, ["best", "dense", "repacked"]);
/// ```
pub const SET_NAMES: [&str; 3] = ["best", "dense", "repacked"];

/// The schemes a named set suits: `best` and `dense` have per-square bits,
/// which the fancy and byte-lookup schemes take, and `best` also comes as
/// shared tables (shifts in the magics); `repacked` holds black and
/// fixed-shift magics, each with its own layout.
///
/// ```
/// use magic_search::{set_schemes, Scheme};
/// assert_eq!(set_schemes("repacked"), [Scheme::FixedShift, Scheme::Black]);
/// assert!(set_schemes("sparse").is_empty());
/// ```
pub fn set_schemes(name: &str) -> &'static [Scheme] {
    match name {
        "best" => &[Scheme::Fancy, Scheme::ByteLookup, Scheme::Shared],
        "dense" => &[Scheme::Fancy, Scheme::ByteLookup],
        "repacked" => &[Scheme::FixedShift, Scheme::Black],
        _ => &[],
    }
}

/// A shipped set by name, for a scheme it suits ([`set_schemes`]).
///
/// ```
/// use magic_search::{named_set, Scheme};
/// let set = named_set("dense", Scheme::Fancy).unwrap();
/// assert_eq!(set.len, magic_search::shipped::DENSE_FANCY_LEN);
/// assert_eq!(named_set("repacked", Scheme::Black).unwrap().len, magic_search::shipped::BLACK_REPACKED_LEN);
/// assert_eq!(named_set("repacked", Scheme::FixedShift).unwrap().len, magic_search::shipped::FIXED_SHIFT_REPACKED_LEN);
/// assert_eq!(named_set("best", Scheme::Fancy).unwrap().len, 90_304);
/// assert_eq!(named_set("best", Scheme::Shared).unwrap().len, magic_search::shipped::BEST_SHARED_LEN);
/// assert!(named_set("dense", Scheme::Plain).is_none());
/// assert!(named_set("sparse", Scheme::Fancy).is_none());
/// ```
pub fn named_set(name: &str, scheme: Scheme) -> Option<MagicSet> {
    use crate::shipped as sets;
    if !set_schemes(name).contains(&scheme) {
        return None;
    }
    if name == "repacked" {
        // `set_schemes` lets black and fixed-shift tables through.
        let (magics, offsets, len) = match scheme {
            Scheme::Black => (
                [sets::BLACK_REPACKED_ROOK, sets::BLACK_REPACKED_BISHOP],
                [
                    sets::BLACK_REPACKED_ROOK_OFFSETS,
                    sets::BLACK_REPACKED_BISHOP_OFFSETS,
                ],
                sets::BLACK_REPACKED_LEN,
            ),
            _ => (
                [
                    sets::FIXED_SHIFT_REPACKED_ROOK,
                    sets::FIXED_SHIFT_REPACKED_BISHOP,
                ],
                [
                    sets::FIXED_SHIFT_REPACKED_ROOK_OFFSETS,
                    sets::FIXED_SHIFT_REPACKED_BISHOP_OFFSETS,
                ],
                sets::FIXED_SHIFT_REPACKED_LEN,
            ),
        };
        return Some(MagicSet {
            scheme,
            magics,
            bits: crate::scheme_default_bits(scheme),
            offsets,
            len,
        });
    }
    if (name, scheme) == ("best", Scheme::Shared) {
        return Some(MagicSet {
            scheme,
            magics: [sets::BEST_SHARED_ROOK, sets::BEST_SHARED_BISHOP],
            bits: [sets::BEST_FANCY_ROOK_BITS, sets::BEST_FANCY_BISHOP_BITS],
            offsets: [
                sets::BEST_SHARED_ROOK_OFFSETS,
                sets::BEST_SHARED_BISHOP_OFFSETS,
            ],
            len: sets::BEST_SHARED_LEN,
        });
    }
    let (magics, bits) = match name {
        "best" => (
            [sets::BEST_FANCY_ROOK, sets::BEST_FANCY_BISHOP],
            [sets::BEST_FANCY_ROOK_BITS, sets::BEST_FANCY_BISHOP_BITS],
        ),
        _ => (
            [sets::DENSE_FANCY_ROOK, sets::DENSE_FANCY_BISHOP],
            [sets::DENSE_FANCY_ROOK_BITS, sets::DENSE_FANCY_BISHOP_BITS],
        ),
    };
    let (offsets, len) = consecutive(scheme, &bits);
    Some(MagicSet {
        scheme,
        magics,
        bits,
        offsets,
        len,
    })
}
