//! The named sets, which `magic_tables!` takes as `set = ...`: the dense
//! fancy set (the default fancy magics with the fewer-bit magics that
//! `magic-search hunt` found in their squares' place) and the repacked
//! black set (the published black magics with offsets from
//! `magic-search pack`).

use crate::rows::{self, hex_magic};
use crate::set::consecutive;
use crate::{HuntTarget, MagicSet, Scheme};

/// Reads `piece,square,bits,magic` rows, as `magic-search hunt --format csv`
/// writes them; `#` starts a comment line.
///
/// ```
/// let rows = magic_search::parse_hunted_csv("piece,square,bits,magic\nbishop,b1,4,0x10\n").unwrap();
/// assert_eq!(rows[0].0.to_string(), "bishop,b1,4");
/// assert_eq!(rows[0].1, 0x10);
/// assert!(magic_search::parse_hunted_csv("bishop,b1,4\n").is_err());
/// ```
pub fn parse_hunted_csv(csv: &str) -> Result<Vec<(HuntTarget, u64)>, String> {
    let mut rows = Vec::new();
    for row in rows::rows(csv) {
        let bad = |what: &str| row.error(what);
        let Some((target, magic)) = row.text.rsplit_once(',').filter(|(t, _)| t.contains(','))
        else {
            return Err(bad("expected piece,square,bits,magic"));
        };
        let target: HuntTarget = target.parse().map_err(|e: String| bad(&e))?;
        let magic = hex_magic(magic).ok_or_else(|| bad("magic must be 0x and hex digits"))?;
        rows.push((target, magic));
    }
    Ok(rows)
}

/// `set` with each found magic and its bits in its square's place, the
/// sub-tables laid out again one after the other.
///
/// ```
/// use magic_search::{shipped_set, with_hunted, Scheme};
/// let set = with_hunted(shipped_set(Scheme::Fancy), &[("bishop,b1,4".parse().unwrap(), 0x10)]);
/// assert_eq!((set.bits[1][1], set.magics[1][1]), (4, 0x10));
/// assert_eq!(set.len, 107_648 - 16);
/// ```
pub fn with_hunted(mut set: MagicSet, found: &[(HuntTarget, u64)]) -> MagicSet {
    for &(t, magic) in found {
        set.magics[t.piece as usize][t.square] = magic;
        set.bits[t.piece as usize][t.square] = t.bits;
    }
    (set.offsets, set.len) = consecutive(set.scheme, &set.bits);
    set
}

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

/// The black magics of Volker Annuss and Niklas Fiekas with the offsets of
/// `magic_core::sets::BLACK_REPACKED_*`, generated from
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

/// The names `magic_tables!` takes as `set = ...`.
///
/// ```
/// assert_eq!(magic_search::SET_NAMES, ["dense", "repacked"]);
/// ```
pub const SET_NAMES: [&str; 2] = ["dense", "repacked"];

/// The schemes a named set suits: `dense` has per-square bits, which the
/// fancy and byte-lookup schemes take; `repacked` holds black magics.
///
/// ```
/// use magic_search::{set_schemes, Scheme};
/// assert_eq!(set_schemes("repacked"), [Scheme::Black]);
/// assert!(set_schemes("sparse").is_empty());
/// ```
pub fn set_schemes(name: &str) -> &'static [Scheme] {
    match name {
        "dense" => &[Scheme::Fancy, Scheme::ByteLookup],
        "repacked" => &[Scheme::Black],
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
/// assert!(named_set("dense", Scheme::Plain).is_none());
/// assert!(named_set("sparse", Scheme::Fancy).is_none());
/// ```
pub fn named_set(name: &str, scheme: Scheme) -> Option<MagicSet> {
    use crate::shipped as sets;
    if !set_schemes(name).contains(&scheme) {
        return None;
    }
    if name == "repacked" {
        return Some(MagicSet {
            scheme,
            magics: [sets::BLACK_ROOK, sets::BLACK_BISHOP],
            bits: crate::scheme_default_bits(scheme),
            offsets: [
                sets::BLACK_REPACKED_ROOK_OFFSETS,
                sets::BLACK_REPACKED_BISHOP_OFFSETS,
            ],
            len: sets::BLACK_REPACKED_LEN,
        });
    }
    let bits = [sets::DENSE_FANCY_ROOK_BITS, sets::DENSE_FANCY_BISHOP_BITS];
    let (offsets, len) = consecutive(scheme, &bits);
    Some(MagicSet {
        scheme,
        magics: [sets::DENSE_FANCY_ROOK, sets::DENSE_FANCY_BISHOP],
        bits,
        offsets,
        len,
    })
}
