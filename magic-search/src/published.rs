//! The published fixed-shift and black magic sets, and reading sets in the
//! `piece,square,magic,offset` layout of the files they were published in.

use crate::rows::{hex_magic, rows};
use crate::{shipped_set, MagicSet, PerSquare, Scheme};

/// The published set of a scheme: Volker Annuss's fixed-shift magics
/// (88,772 entries) and the black magics of Volker Annuss and Niklas Fiekas
/// (87,988 entries), both from CCC, 2017. `None` for schemes without one.
///
/// ```
/// use magic_search::{published_set, Scheme};
/// assert_eq!(published_set(Scheme::Black).unwrap().len, 87_988);
/// assert_eq!(published_set(Scheme::FixedShift).unwrap().len, 88_772);
/// assert!(published_set(Scheme::Fancy).is_none());
/// ```
pub fn published_set(scheme: Scheme) -> Option<MagicSet> {
    // The shipped sets of these schemes are the published ones, generated
    // from `data/*.csv` by `magic-search emit-sets`.
    matches!(scheme, Scheme::FixedShift | Scheme::Black).then(|| shipped_set(scheme))
}

/// `piece,square,magic,offset` rows as a set of `scheme` (12/9 bits), its
/// length the end of the last used slot.
///
/// ```
/// use magic_search::{published_set, set_from_magics_csv, Scheme};
/// let black = published_set(Scheme::Black).unwrap();
/// let mut csv = String::new();
/// for (p, piece) in ["rook", "bishop"].iter().enumerate() {
///     for sq in 0..64 {
///         csv += &format!("{piece},{sq},{:#x},{}\n", black.magics[p][sq], black.offsets[p][sq]);
///     }
/// }
/// assert_eq!(set_from_magics_csv(Scheme::Black, &csv).unwrap(), black);
/// ```
pub fn set_from_magics_csv(scheme: Scheme, csv: &str) -> Result<MagicSet, String> {
    let (magics, offsets) = parse(csv)?;
    let mut set = MagicSet {
        scheme,
        magics,
        bits: crate::scheme_default_bits(scheme),
        offsets,
        len: 0,
    };
    set.len = set
        .sub_tables()
        .iter()
        .zip(set.offsets.as_flattened())
        .map(|(t, &o)| o as usize + t.used_len())
        .max()
        .unwrap_or(0);
    Ok(set)
}

/// What a file of fancy magics with their bits is told: what to give
/// instead.
const WANTED: &str = "give black or fixed-shift magics with their offsets \
    (piece,square,magic,offset), like data/black-magics.csv";

/// Parses `piece,square,magic,offset` rows, the square by name or number;
/// `#` starts a comment line.
///
/// ```
/// let csv = "# a comment\npiece,square,magic,offset\nrook,0,0x10,5\n";
/// // One row is not a set: all 128 squares must be there.
/// let err = magic_search::parse_magics_csv(csv).unwrap_err();
/// assert_eq!(err, "every rook and bishop square needs a row");
/// let err = magic_search::parse_magics_csv("rook,0,0x1z,5\n").unwrap_err();
/// assert_eq!(err, "line 1: magic must be 0x and hex digits: `rook,0,0x1z,5`");
/// let err = magic_search::parse_magics_csv("rook,0,0x10,-5\n").unwrap_err();
/// assert_eq!(err, "line 1: offset must be a number from 0 to 4294967295: `rook,0,0x10,-5`");
/// // Fewer-bit fancy magics are not what it reads.
/// let err = magic_search::parse_magics_csv("rook,a7,10,0x48fffe99fecfaa00\n").unwrap_err();
/// assert!(err.starts_with("line 1: bits before the magic"), "{err}");
/// ```
pub fn parse(csv: &str) -> Result<(PerSquare<u64>, PerSquare<u32>), String> {
    let mut magics = [[0; 64]; 2];
    let mut offsets = [[0; 64]; 2];
    let mut seen = [[false; 64]; 2];
    if csv
        .lines()
        .any(|line| line.trim() == "piece,square,bits,magic")
    {
        return Err(format!(
            "these are fancy magics with their bits (piece,square,bits,magic); {WANTED}"
        ));
    }
    // `entries N` closes the output of `magic-search pack`.
    for row in rows(csv).filter(|row| !row.text.starts_with("entries ")) {
        let bad = |what: &str| row.error(what);
        let fields: Vec<&str> = row.text.split(',').map(str::trim).collect();
        let [piece, square, magic, offset] = fields[..] else {
            return Err(bad("expected piece,square,magic,offset"));
        };
        if magic.parse::<u8>().is_ok() && hex_magic(offset).is_some() {
            return Err(row.error(&format!(
                "bits before the magic, as fancy magics have; {WANTED}"
            )));
        }
        let p = match piece {
            "rook" => 0,
            "bishop" => 1,
            _ => return Err(bad("piece must be rook or bishop")),
        };
        let sq = crate::parse_target_square(square)
            .map_err(|_| bad("square must be a1 to h8 or 0 to 63"))?;
        magics[p][sq] = hex_magic(magic).ok_or_else(|| bad("magic must be 0x and hex digits"))?;
        offsets[p][sq] = offset
            .parse()
            .map_err(|_| bad(&format!("offset must be a number from 0 to {}", u32::MAX)))?;
        if std::mem::replace(&mut seen[p][sq], true) {
            return Err(bad("square given twice"));
        }
    }
    if seen.iter().flatten().any(|&s| !s) {
        return Err("every rook and bishop square needs a row".to_string());
    }
    Ok((magics, offsets))
}
