//! Sets as text: boards of numbers, Rust constants, and the generated
//! `magic_core::sets` module.

use crate::{
    best_fancy_set_from, best_shared_set_from, parse_hunted_csv, search_set, set_from_magics_csv,
    shipped_set, square_name, with_hunted, Builder, MagicSet, Scheme, SearchError, SearchOptions,
    DEFAULT_SEED,
};
use std::fmt::Write as _;

/// An 8x8 board of numbers, rank 8 on top.
///
/// ```
/// let text = magic_search::source::board(&magic_search::default_bits(magic_search::Piece::Bishop));
/// assert!(text.starts_with("8   6  5  5  5  5  5  5  6\n"));
/// ```
pub fn board(values: &[u8; 64]) -> String {
    let mut out = String::new();
    for rank in (0..8).rev() {
        write!(out, "{} ", rank + 1).unwrap();
        for file in 0..8 {
            write!(out, "{:>3}", values[rank * 8 + file]).unwrap();
        }
        out.push('\n');
    }
    out.push_str("    a  b  c  d  e  f  g  h\n");
    out
}

fn array<T: std::fmt::LowerHex>(name: &str, ty: &str, values: &[T; 64], hex: bool) -> String {
    let cells: Vec<String> = values
        .iter()
        .map(|v| match hex {
            true => format!("{v:#018x},"),
            false => format!("{v:#x},"),
        })
        .collect();
    // Trailing comments aligned as rustfmt aligns them, so that the output
    // is already formatted.
    let width = cells.iter().map(String::len).max().unwrap_or(0);
    let mut out = format!("pub const {name}: [{ty}; 64] = [\n");
    for (sq, cell) in cells.iter().enumerate() {
        writeln!(out, "    {cell:<width$} // {}", square_name(sq)).unwrap();
    }
    out.push_str("];\n");
    out
}

/// The set as Rust constants, names prefixed with `prefix`; `with_bits`
/// adds the index bits of each square.
///
/// ```
/// use magic_search::{shipped_set, source::rust_source, Scheme};
/// let text = rust_source(&shipped_set(Scheme::Black), "BLACK_", false);
/// assert!(text.contains("pub const BLACK_ROOK: [u64; 64] = ["));
/// assert!(text.contains("pub const BLACK_LEN: usize = 87988;"));
/// ```
pub fn rust_source(set: &MagicSet, prefix: &str, with_bits: bool) -> String {
    let mut out = String::new();
    for (p, piece) in ["ROOK", "BISHOP"].into_iter().enumerate() {
        let name = format!("{prefix}{piece}");
        writeln!(
            out,
            "/// {} magics of the {} set.",
            piece.to_lowercase(),
            set.scheme
        )
        .unwrap();
        out.push_str(&array(&name, "u64", &set.magics[p], true));
    }
    if with_bits {
        for (p, piece) in ["ROOK", "BISHOP"].into_iter().enumerate() {
            let name = format!("{prefix}{piece}_BITS");
            writeln!(out, "/// {} index bits per square.", piece.to_lowercase()).unwrap();
            out.push_str(&bits_array(&name, &set.bits[p]));
        }
    }
    if matches!(
        set.scheme,
        Scheme::Shared | Scheme::FixedShift | Scheme::Black
    ) {
        offsets(&mut out, set, prefix);
    }
    if set.scheme.has_length_parameter() {
        len(&mut out, set, prefix);
    }
    out
}

/// A `static` named `name` built from the constants [`rust_source`] writes
/// (without prefix) by the scheme's const builder.
///
/// ```
/// use magic_search::{shipped_set, source::static_source, Scheme};
/// let text = static_source(&shipped_set(Scheme::Black), "SLIDERS");
/// assert!(text.contains("BlackMagicTables::new(&ROOK, &ROOK_OFFSETS, &BISHOP, &BISHOP_OFFSETS)"));
/// ```
pub fn static_source(set: &MagicSet, name: &str) -> String {
    let ty = set.scheme.type_name();
    let generics = match set.scheme.has_length_parameter() {
        true => "<LEN>",
        false => "",
    };
    let args = match set.scheme.builder() {
        Builder::MagicsAndBits => "&ROOK, &ROOK_BITS, &BISHOP, &BISHOP_BITS",
        Builder::Magics => "&ROOK, &BISHOP",
        Builder::MagicsAndOffsets => "&ROOK, &ROOK_OFFSETS, &BISHOP, &BISHOP_OFFSETS",
        Builder::Nothing | Builder::UnitStruct => "",
    };
    format!(
        "/// The tables, filled and checked while this crate compiles.\n\
         pub static {name}: magic_runtime::{ty}{generics} = magic_runtime::{ty}::new({args});\n"
    )
}

fn offsets(out: &mut String, set: &MagicSet, prefix: &str) {
    for (p, piece) in ["ROOK", "BISHOP"].into_iter().enumerate() {
        let name = format!("{prefix}{piece}_OFFSETS");
        writeln!(
            out,
            "/// {} sub-table offsets in the shared array.",
            piece.to_lowercase()
        )
        .unwrap();
        out.push_str(&array(&name, "u32", &set.offsets[p], false));
    }
}

fn len(out: &mut String, set: &MagicSet, prefix: &str) {
    writeln!(out, "/// Entries of the table.").unwrap();
    writeln!(out, "pub const {prefix}LEN: usize = {};", set.len).unwrap();
}

fn bits_array(name: &str, bits: &[u8; 64]) -> String {
    let mut out = format!("pub const {name}: [u8; 64] = [\n");
    for rank in 0..8 {
        out.push_str("    ");
        let row: Vec<String> = bits[rank * 8..rank * 8 + 8]
            .iter()
            .map(u8::to_string)
            .collect();
        writeln!(out, "{}, // rank {}", row.join(", "), rank + 1).unwrap();
    }
    out.push_str("];\n");
    out
}

/// The data files the shipped sets are generated from, as text.
#[derive(Clone, Copy, Debug)]
pub struct DataFiles<'a> {
    /// `data/fixed-shift-magics.csv`: Volker Annuss's fixed-shift set.
    pub fixed_shift: &'a str,
    /// `data/black-magics.csv`: the black set of Volker Annuss and Niklas Fiekas.
    pub black: &'a str,
    /// `data/dense-fancy.csv`: the fewer-bit magics `hunt` found.
    pub dense_fancy: &'a str,
    /// `data/black-repacked.csv`: the black magics and offsets `pack` chose.
    pub black_repacked: &'a str,
    /// `data/best-magics.csv`: the best known fewer-bit fancy magics.
    pub best_magics: &'a str,
}

impl DataFiles<'_> {
    /// The names of the files in the repository's `data/` folder, in field
    /// order.
    pub const NAMES: [&'static str; 5] = [
        "fixed-shift-magics.csv",
        "black-magics.csv",
        "dense-fancy.csv",
        "black-repacked.csv",
        "best-magics.csv",
    ];
}

/// The command that writes `magic-core/src/sets.rs`, named in its first line.
pub const EMIT_SETS_COMMAND: &str =
    "cargo run --release -p magic-search -- emit-sets --data data --out magic-core/src/sets.rs";

/// The source of `magic_core::sets`: every searched scheme's set for
/// [`DEFAULT_SEED`] at the default bits, the published fixed-shift and
/// black sets, and the named sets, from the data files.
///
/// # Errors
///
/// A malformed data file (with the line), or a search that gave up.
pub fn emit_sets(data: &DataFiles) -> Result<String, String> {
    let mut out = format!("// @generated by `{EMIT_SETS_COMMAND}`; do not edit.\n\n");
    out.push_str(
        "//! The sets `magic_tables!` uses by default: every scheme's magics searched\n\
         //! with [`DEFAULT_SEED`] at the default bits, the published fixed-shift\n\
         //! and black sets, and the named sets (`best`, `dense`, `repacked`).\n\
         //!\n\
         //! Use them with the const builders when you want fixed tables without\n\
         //! the proc-macro; each builder checks them while your crate compiles.\n\n",
    );
    out.push_str("/// The seed of the shipped sets and of `magic_tables!` without `seed`.\n");
    writeln!(out, "pub const DEFAULT_SEED: u64 = {DEFAULT_SEED:#x};\n").unwrap();
    for scheme in Scheme::ALL {
        // Byte lookup uses the fancy set; PEXT and Hyperbola have no magics.
        if !scheme.has_magics() || scheme == Scheme::ByteLookup {
            continue;
        }
        let set = match scheme {
            Scheme::FixedShift => set_from_magics_csv(scheme, data.fixed_shift)?,
            Scheme::Black => set_from_magics_csv(scheme, data.black)?,
            _ => search_set(
                scheme,
                DEFAULT_SEED,
                scheme.default_bits(),
                &SearchOptions::default(),
            )
            .map_err(|e: SearchError| e.to_string())?,
        };
        let prefix = format!("{}_", scheme.name().to_uppercase());
        out.push_str(&rust_source(&set, &prefix, false));
        out.push('\n');
    }
    out.push_str(
        "// The dense fancy set: the fancy magics above, with fewer-bit magics\n\
         // found by `magic-search hunt` (data/dense-fancy.csv) in their place.\n\n",
    );
    let found = parse_hunted_csv(data.dense_fancy)?;
    let dense = with_hunted(shipped_set(Scheme::Fancy), &found);
    out.push_str(&rust_source(&dense, "DENSE_FANCY_", true));
    out.push_str(
        "\n// The repacked black set: the black magics above, some replaced by other\n\
         // black magics of their squares, with offsets chosen together with them by\n\
         // `magic-search pack --candidates` (data/black-repacked.csv).\n\n",
    );
    let repacked = set_from_magics_csv(Scheme::Black, data.black_repacked)?;
    out.push_str(&rust_source(&repacked, "BLACK_REPACKED_", false));
    out.push_str(
        "\n// The best set: the best known fewer-bit fancy magics (data/best-magics.csv;\n\
         // rooks by Grant Osborne, Volker Annuss, Niklas Fiekas and Peter Osterlund,\n\
         // bishops by Gerd Isenberg, Richard Pijl and Niklas Fiekas) in the place\n\
         // of the fancy magics above.\n\n",
    );
    let best = parse_hunted_csv(data.best_magics)?;
    out.push_str(&rust_source(
        &best_fancy_set_from(&best),
        "BEST_FANCY_",
        true,
    ));
    out.push_str(
        "\n// The best shared set: the shared magics above, with the best set's magics\n\
         // and their shifts in their squares' place, sub-tables placed by `pack`.\n\n",
    );
    out.push_str(&rust_source(
        &best_shared_set_from(&best)?,
        "BEST_SHARED_",
        false,
    ));
    Ok(out.trim_end().to_string() + "\n")
}
