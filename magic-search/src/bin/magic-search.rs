//! `magic-search`: find magics from a seed and print them.

use clap::{Parser, Subcommand};
use magic_search::{
    scheme_default_bits, search_set, square_name, MagicSet, Scheme, SearchOptions, DEFAULT_SEED,
};
use std::fmt::Write as _;
use std::process::ExitCode;
use std::time::Instant;

#[derive(Parser)]
#[command(
    name = "magic-search",
    version,
    about = "Find magic bitboard factors from a seed."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Search a set and print bits per square, table size and search time.
    Generate {
        /// Table scheme: fancy, plain, shift_in_magic or shared.
        #[arg(long, default_value = "fancy")]
        scheme: Scheme,
        /// Seed of the search (decimal or 0x-prefixed hex).
        #[arg(long, value_parser = parse_u64, default_value_t = DEFAULT_SEED)]
        seed: u64,
        /// Candidates to try per square before giving up.
        #[arg(long, default_value_t = SearchOptions::default().max_tries)]
        max_tries: u64,
        /// Also print the set as Rust constants for the const builders.
        #[arg(long)]
        rust: bool,
    },
    /// Print one line per scheme: `<scheme> <entries> <bytes>`.
    Sizes {
        /// Seed of the sets (decimal or 0x-prefixed hex).
        #[arg(long, value_parser = parse_u64, default_value_t = DEFAULT_SEED)]
        seed: u64,
    },
    /// Print magic-runtime's `src/sets.rs`: every scheme's set for the default seed.
    EmitSets,
}

fn parse_u64(s: &str) -> Result<u64, String> {
    let r = match s.strip_prefix("0x") {
        Some(hex) => u64::from_str_radix(&hex.replace('_', ""), 16),
        None => s.replace('_', "").parse(),
    };
    r.map_err(|e| format!("not a 64-bit unsigned integer: {e}"))
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Generate {
            scheme,
            seed,
            max_tries,
            rust,
        } => generate(scheme, seed, max_tries, rust),
        Command::Sizes { seed } => sizes(seed),
        Command::EmitSets => emit_sets(),
    };
    match result {
        Ok(text) => {
            print!("{text}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

fn search(
    scheme: Scheme,
    seed: u64,
    max_tries: u64,
) -> Result<MagicSet, magic_search::SearchError> {
    let opts = SearchOptions {
        max_tries,
        ..SearchOptions::default()
    };
    search_set(scheme, seed, scheme_default_bits(scheme), &opts)
}

fn generate(
    scheme: Scheme,
    seed: u64,
    max_tries: u64,
    rust: bool,
) -> Result<String, magic_search::SearchError> {
    let start = Instant::now();
    let set = search(scheme, seed, max_tries)?;
    let elapsed = start.elapsed();
    let mut out = String::new();
    writeln!(out, "{scheme} magics, seed {seed:#x}").unwrap();
    for (p, name) in ["rook", "bishop"].into_iter().enumerate() {
        writeln!(out, "\n{name} bits per square:").unwrap();
        out.push_str(&board(&set.bits[p]));
    }
    writeln!(
        out,
        "\ntable: {} entries, {} bytes ({:.1} KiB)",
        set.len,
        set.table_bytes(),
        set.table_bytes() as f64 / 1024.0
    )
    .unwrap();
    writeln!(out, "time: {:.1} ms", elapsed.as_secs_f64() * 1e3).unwrap();
    if rust {
        out.push('\n');
        out.push_str(&rust_source(&set, "", false));
    }
    Ok(out)
}

/// An 8x8 board of numbers, rank 8 on top.
fn board(values: &[u8; 64]) -> String {
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

fn sizes(seed: u64) -> Result<String, magic_search::SearchError> {
    let mut out = String::new();
    for scheme in Scheme::ALL {
        let set = magic_search::magic_set(scheme, seed, None)?;
        writeln!(out, "{scheme} {} {}", set.len, set.table_bytes()).unwrap();
    }
    Ok(out)
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

/// The set as Rust constants, names prefixed with `prefix`; with
/// `examples`, each carries a doctest (for the shipped sets).
fn rust_source(set: &MagicSet, prefix: &str, examples: bool) -> String {
    let mut out = String::new();
    let example = |out: &mut String, name: &str, check: &str| {
        if examples {
            writeln!(
                out,
                "///\n/// ```\n/// use magic_runtime::sets::*;\n/// assert!({name}{check});\n/// ```"
            )
            .unwrap();
        }
    };
    for (p, piece) in ["ROOK", "BISHOP"].into_iter().enumerate() {
        let name = format!("{prefix}{piece}");
        writeln!(
            out,
            "/// {} magics of the {} set.",
            piece.to_lowercase(),
            set.scheme
        )
        .unwrap();
        example(&mut out, &name, ".iter().all(|&magic| magic != 0)");
        out.push_str(&array(&name, "u64", &set.magics[p], true));
    }
    if set.scheme == Scheme::Fancy && prefix.is_empty() {
        for (p, piece) in ["ROOK", "BISHOP"].into_iter().enumerate() {
            writeln!(out, "/// {} index bits per square.", piece.to_lowercase()).unwrap();
            out.push_str(&bits_array(&format!("{prefix}{piece}_BITS"), &set.bits[p]));
        }
    }
    if matches!(
        set.scheme,
        Scheme::Shared | Scheme::FixedShift | Scheme::Black
    ) {
        for (p, piece) in ["ROOK", "BISHOP"].into_iter().enumerate() {
            let name = format!("{prefix}{piece}_OFFSETS");
            writeln!(
                out,
                "/// {} sub-table offsets in the shared array.",
                piece.to_lowercase()
            )
            .unwrap();
            example(
                &mut out,
                &name,
                &format!(".iter().all(|&o| (o as usize) < {prefix}LEN)"),
            );
            out.push_str(&array(&name, "u32", &set.offsets[p], false));
        }
    }
    if matches!(
        set.scheme,
        Scheme::Shared | Scheme::FixedShift | Scheme::Black | Scheme::OffsetInMagic
    ) {
        writeln!(out, "/// Entries of the shared array.").unwrap();
        example(&mut out, &format!("{prefix}LEN"), " > 64 * 512");
        writeln!(out, "pub const {prefix}LEN: usize = {};", set.len).unwrap();
    }
    out
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

fn emit_sets() -> Result<String, magic_search::SearchError> {
    let mut out = String::from(
        "//! The sets `magic_tables!` uses by default: every scheme's magics searched\n\
         //! with [`DEFAULT_SEED`] at the default bits, by `magic-search emit-sets`.\n\
         //! The tests check that the search still finds exactly these.\n\
         //!\n\
         //! Use them with the const builders when you want fixed tables without\n\
         //! the proc-macro.\n\
         //!\n\
         //! ```\n\
         //! use magic_runtime::{sets, PlainTables};\n\
         //! static SLIDERS: PlainTables = PlainTables::new(&sets::PLAIN_ROOK, &sets::PLAIN_BISHOP);\n\
         //! assert_eq!(SLIDERS.rook(0, 0).count_ones(), 14);\n\
         //! ```\n\n",
    );
    out.push_str(
        "/// The seed of the shipped sets and of `magic_tables!` without `seed`.\n\
         ///\n\
         /// ```\n\
         /// use magic_search::{find_magic, Piece, SearchOptions};\n\
         /// use magic_runtime::sets::{DEFAULT_SEED, FANCY_ROOK};\n\
         /// let a1 = find_magic(Piece::Rook, 0, 12, DEFAULT_SEED, &SearchOptions::default()).unwrap();\n\
         /// assert_eq!(a1, FANCY_ROOK[0]);\n\
         /// ```\n",
    );
    writeln!(out, "pub const DEFAULT_SEED: u64 = {DEFAULT_SEED:#x};\n").unwrap();
    for scheme in Scheme::ALL {
        // Byte lookup uses the fancy set; PEXT and Hyperbola have no magics.
        if !scheme.has_magics() || scheme == Scheme::ByteLookup {
            continue;
        }
        let set = match magic_search::published_set(scheme) {
            Some(set) => set,
            None => search(scheme, DEFAULT_SEED, SearchOptions::default().max_tries)?,
        };
        let prefix = format!("{}_", scheme.name().to_uppercase());
        out.push_str(&rust_source(&set, &prefix, true));
        out.push('\n');
    }
    Ok(out.trim_end().to_string() + "\n")
}
