//! The named sets, which `magic_tables!` takes as `set = ...`: the best
//! set (the best known fewer-bit fancy magics, for fancy, byte-lookup and
//! shared tables), the dense fancy set (the default fancy magics with the
//! fewer-bit magics that `magic-search hunt` found in their squares' place)
//! and the repacked black set (the published black magics with offsets from
//! `magic-search pack`).

use crate::rows::{self, hex_magic};
use crate::set::consecutive;
use crate::{pack, relevant_mask, shipped_set, HuntTarget, MagicSet, Scheme, SlotRule};

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

/// The fancy set with the best known magics (`data/best-magics.csv`) in
/// their squares' place: what `emit-sets` writes as `BEST_FANCY_*`.
///
/// ```
/// let found = magic_search::parse_hunted_csv("piece,square,bits,magic\nbishop,b1,4,0x10\n").unwrap();
/// assert_eq!(magic_search::best_fancy_set_from(&found).len, 107_648 - 16);
/// ```
pub fn best_fancy_set_from(found: &[(HuntTarget, u64)]) -> MagicSet {
    with_hunted(shipped_set(Scheme::Fancy), found)
}

/// The shared set with the best known magics in their squares' place, each
/// with its shift in its upper six bits, and sub-tables placed by
/// [`pack`](crate::pack): what `emit-sets` writes as `BEST_SHARED_*`.
///
/// The upper six bits of a magic take no part in the index when the
/// square's mask has no bit below bit 6 (every mask of ranks 2 to 8 for a
/// rook, every bishop mask): each of those bits only reaches product bits
/// at 64 and above. So the shift may be stored there without changing the
/// magic.
///
/// # Errors
///
/// A square whose mask has a bit below bit 6 (a rook on rank 1): its magic
/// cannot carry a shift.
///
/// ```
/// use magic_search::{best_shared_set_from, parse_hunted_csv};
/// let found = parse_hunted_csv("piece,square,bits,magic\nrook,a7,10,0x48fffe99fecfaa00\n").unwrap();
/// let set = best_shared_set_from(&found).unwrap();
/// assert_eq!((set.magics[0][48] >> 58, set.bits[0][48]), (54, 10));
/// let rank_one = parse_hunted_csv("piece,square,bits,magic\nrook,b1,10,0x1\n").unwrap();
/// assert!(best_shared_set_from(&rank_one).is_err());
/// ```
pub fn best_shared_set_from(found: &[(HuntTarget, u64)]) -> Result<MagicSet, String> {
    const SHIFT_BITS: u64 = 0x3f << 58;
    let mut set = shipped_set(Scheme::Shared);
    for &(t, magic) in found {
        if relevant_mask(t.piece, t.square).trailing_zeros() < 6 {
            return Err(format!(
                "{t}: its mask reaches below bit 6, so its magic cannot carry a shift"
            ));
        }
        let shift = 64 - u64::from(t.bits);
        set.magics[t.piece as usize][t.square] = (magic & !SHIFT_BITS) | shift << 58;
        set.bits[t.piece as usize][t.square] = t.bits;
    }
    let (flat, len) = pack(&set.sub_tables(), SlotRule::PostMasked);
    for (i, offset) in flat.into_iter().enumerate() {
        set.offsets[i / 64][i % 64] = offset;
    }
    set.len = len;
    Ok(set)
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
/// assert_eq!(magic_search::SET_NAMES, ["best", "dense", "repacked"]);
/// ```
pub const SET_NAMES: [&str; 3] = ["best", "dense", "repacked"];

/// The schemes a named set suits: `best` and `dense` have per-square bits,
/// which the fancy and byte-lookup schemes take, and `best` also comes as
/// shared tables (shifts in the magics); `repacked` holds black magics.
///
/// ```
/// use magic_search::{set_schemes, Scheme};
/// assert_eq!(set_schemes("repacked"), [Scheme::Black]);
/// assert!(set_schemes("sparse").is_empty());
/// ```
pub fn set_schemes(name: &str) -> &'static [Scheme] {
    match name {
        "best" => &[Scheme::Fancy, Scheme::ByteLookup, Scheme::Shared],
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
/// assert_eq!(named_set("best", Scheme::Fancy).unwrap().len, 92_864);
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
