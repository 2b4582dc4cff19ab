//! The set as text: boards of numbers and Rust constants.

use magic_search::{square_name, MagicSet, Scheme};
use std::fmt::Write as _;

/// An 8x8 board of numbers, rank 8 on top.
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
    let mut out = format!("pub const {name}: [{ty}; 64] = [\n");
    for (sq, v) in values.iter().enumerate() {
        if hex {
            writeln!(out, "    {v:#018x}, // {}", square_name(sq)).unwrap();
        } else {
            writeln!(out, "    {v:#x}, // {}", square_name(sq)).unwrap();
        }
    }
    out.push_str("];\n");
    out
}

/// A doctest for a shipped constant, when `examples` asks for one.
fn example(out: &mut String, examples: bool, name: &str, check: &str) {
    if examples {
        writeln!(
            out,
            "///\n/// ```\n/// use magic_runtime::sets::*;\n/// assert!({name}{check});\n/// ```"
        )
        .unwrap();
    }
}

/// The set as Rust constants, names prefixed with `prefix`; with
/// `examples`, each carries a doctest (for the shipped sets).
pub fn rust_source(set: &MagicSet, prefix: &str, examples: bool, with_bits: bool) -> String {
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
        example(
            &mut out,
            examples,
            &name,
            ".iter().all(|&magic| magic != 0)",
        );
        out.push_str(&array(&name, "u64", &set.magics[p], true));
    }
    if with_bits {
        for (p, piece) in ["ROOK", "BISHOP"].into_iter().enumerate() {
            let name = format!("{prefix}{piece}_BITS");
            writeln!(out, "/// {} index bits per square.", piece.to_lowercase()).unwrap();
            example(
                &mut out,
                examples,
                &name,
                ".iter().all(|&bits| (4..=12).contains(&bits))",
            );
            out.push_str(&bits_array(&name, &set.bits[p]));
        }
    }
    if matches!(
        set.scheme,
        Scheme::Shared | Scheme::FixedShift | Scheme::Black
    ) {
        offsets(&mut out, set, prefix, examples);
    }
    if with_bits
        || matches!(
            set.scheme,
            Scheme::Shared | Scheme::FixedShift | Scheme::Black | Scheme::OffsetInMagic
        )
    {
        len(&mut out, set, prefix, examples);
    }
    out
}

/// Only the offsets and length of a shipped set whose magics ship under
/// another name.
pub fn offsets_source(set: &MagicSet, prefix: &str) -> String {
    let mut out = String::new();
    offsets(&mut out, set, prefix, true);
    len(&mut out, set, prefix, true);
    out
}

fn offsets(out: &mut String, set: &MagicSet, prefix: &str, examples: bool) {
    for (p, piece) in ["ROOK", "BISHOP"].into_iter().enumerate() {
        let name = format!("{prefix}{piece}_OFFSETS");
        writeln!(
            out,
            "/// {} sub-table offsets in the shared array.",
            piece.to_lowercase()
        )
        .unwrap();
        example(
            out,
            examples,
            &name,
            &format!(".iter().all(|&o| (o as usize) < {prefix}LEN)"),
        );
        out.push_str(&array(&name, "u32", &set.offsets[p], false));
    }
}

fn len(out: &mut String, set: &MagicSet, prefix: &str, examples: bool) {
    writeln!(out, "/// Entries of the table.").unwrap();
    example(out, examples, &format!("{prefix}LEN"), " > 64 * 512");
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
