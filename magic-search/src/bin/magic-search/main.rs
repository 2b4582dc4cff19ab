//! `magic-search`: find magics from a seed, hunt fewer-bit magics, pack
//! overlapping tables and report table sizes against the records.

mod hunt;
mod merge;
mod pack;
mod report;
mod settle;
mod settle_keeper;
mod settle_low_bits;
mod settle_parts;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
use magic_search::source::{board, emit_sets, pasteable_source, DataFiles};
use magic_search::{
    scheme_default_bits, search_set, shapes_source, MagicSet, Scheme, SearchOptions, DEFAULT_SEED,
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
        /// Table scheme, any with magics: fancy, plain, shift_in_magic, shared,
        /// fixed_shift, black, offset_in_magic, byte_lookup or magic32.
        #[arg(long, default_value = "fancy")]
        scheme: Scheme,
        /// Seed of the search (decimal or 0x-prefixed hex).
        #[arg(long, value_parser = parse_u64, default_value_t = DEFAULT_SEED)]
        seed: u64,
        /// Candidates to try per square before giving up, 1 or more.
        #[arg(long, default_value_t = SearchOptions::default().max_tries,
              value_parser = clap::value_parser!(u64).range(1..))]
        max_tries: u64,
        /// Also print the set as Rust constants and a `static` built from
        /// them by the scheme's const builder, ready to paste.
        #[arg(long)]
        rust: bool,
        /// Print only `piece,square,magic,offset` rows, the input of `pack`.
        #[arg(long, conflicts_with = "rust")]
        csv: bool,
    },
    /// Search magics with fewer index bits for chosen squares, on every core.
    ///
    /// Prints the default fancy set with the found magics in place, as Rust
    /// constants for `FancyTables::new` (or `piece,square,bits,magic` rows
    /// with --csv). Progress goes to stderr; Ctrl-C (or SIGTERM) stops and saves the state.
    Hunt(hunt::HuntArgs),
    /// Choose offsets for fixed-shift or black magics (and with
    /// --candidates, other magics of the same squares) so that their
    /// sub-tables overlap in one short shared array.
    ///
    /// Reads `piece,square,magic,offset` rows (the data files' format, or
    /// the output of `generate --csv` or of `pack` itself) and prints the
    /// new rows, then `entries N` as the last line (with --rust, Rust
    /// source to paste instead). When the file's offsets
    /// place the sub-tables without overlap, every restart starts from that
    /// layout, and the result is never longer than that layout. Ctrl-C (or
    /// SIGTERM) ends the search where it is and prints the shortest layout
    /// found so far; the run then ends with status 1.
    Pack {
        /// The magics file.
        file: std::path::PathBuf,
        /// The hash the magics are for; found from the magics if left out.
        #[arg(long)]
        scheme: Option<Scheme>,
        /// Changes tried per restart: of the order sub-tables are laid in,
        /// or (with --candidates) of one sub-table's magic.
        #[arg(long, default_value_t = 100_000)]
        effort: u64,
        /// Independent restarts, run in parallel; the shortest array wins.
        #[arg(long, default_value_t = 2, value_parser = parse_count)]
        restarts: u64,
        /// Seed of the first restart, and of the candidate magics.
        #[arg(long, value_parser = parse_u64, default_value_t = 0)]
        seed: u64,
        /// Run only the restarts of shard `i/n` (those whose number leaves
        /// remainder i divided by n), for a job array; `merge` picks the
        /// best of the shards' outputs.
        #[arg(long)]
        shard: Option<magic_search::Shard>,
        /// Ignore the file's offsets: start from a left-to-right layout.
        #[arg(long)]
        fresh: bool,
        /// Magics each sub-table may be laid with: its own and up to N - 1
        /// others of its square (the fewest used slots of 4 (N - 1) found
        /// from the seed), so that magic and offset are chosen together.
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=1024))]
        candidates: u16,
        /// Steps of annealing that change each of the other magics towards
        /// one whose sub-table uses fewer slots, leaving room for others
        /// (200,000 steps take 0.1 to 0.3 s for a rook); 0 keeps them.
        #[arg(long, default_value_t = 0)]
        climb: u64,
        /// Anneal: also take a change that lengthens the array by d
        /// entries, with chance 2^(-d/T), the temperature T falling from
        /// this many entries to about 1 over each restart; the shortest
        /// layout seen is kept. Escapes the valleys where taking only no
        /// longer arrays stops (on fixed-shift magics, 300 suits --fresh
        /// and 20 a start from a record layout); 0 takes only those.
        #[arg(long, default_value_t = 0)]
        anneal: u32,
        /// Also move runs of 2 to N sub-tables that follow one another in
        /// the order, all at once, in a quarter of the changes of order
        /// (on fixed-shift magics with --fresh, 6 suits); 1 moves one at a
        /// time.
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=128))]
        blocks: u16,
        /// Print the layout as Rust constants and a `static` built from
        /// them by the scheme's const builder, ready to paste, instead of
        /// the rows (`--effort 0` prints a file's own layout so).
        #[arg(long, conflicts_with = "shard")]
        rust: bool,
    },
    /// Combine the outputs of a sharded `hunt` or `settle` (their state
    /// files) or of a sharded `pack` into exactly what one run would have
    /// given.
    ///
    /// Hunt states merge into one state file, printed: resume it with
    /// `hunt --state`, which prints the magics when every target is found.
    /// Settle states merge into one holding every shard's parts: `settle
    /// --state` with it answers for all of them, and searches only the
    /// parts none of the shards finished.
    /// Pack outputs: the shortest array wins, the lowest restart on ties.
    Merge {
        /// Every shard's state file, or every shard's pack output.
        #[arg(required = true)]
        files: Vec<std::path::PathBuf>,
    },
    /// Settle whether a square has a magic with so many index bits: find
    /// the lowest one, or rule out every magic.
    ///
    /// Narrows the magic as a fraction of a turn from its highest bit down,
    /// dropping every interval in which two occupancies with different
    /// attack sets are known to share a slot. Prints one line: the lowest
    /// magic, or that none exists.
    Settle(settle::SettleArgs),
    /// Print every scheme's table size beside the published records; with
    /// `--svg-dir`, also write one SVG board per piece there: index bits
    /// per square, this project's dense set beside the default bits.
    Report {
        /// Write `bits-rook.svg` and `bits-bishop.svg` into this folder (the
        /// README's are in `docs`).
        #[arg(long)]
        svg_dir: Option<std::path::PathBuf>,
    },
    /// Print one line per scheme: `<scheme> <entries> <bytes>`.
    Sizes {
        /// Seed of the sets (decimal or 0x-prefixed hex).
        #[arg(long, value_parser = parse_u64, default_value_t = DEFAULT_SEED)]
        seed: u64,
    },
    /// Print magic-core's `src/sets.rs`: every scheme's set for the default
    /// seed, the published sets and the named sets, from the data files.
    EmitSets {
        /// The folder holding the data files (the repository's `data/`).
        #[arg(long, default_value = "data")]
        data: std::path::PathBuf,
        /// Write the module to this file (after generating all of it)
        /// instead of printing it.
        #[arg(long)]
        out: Option<std::path::PathBuf>,
    },
    /// Print the search's `src/shape_table.rs`: every square's candidate
    /// shape, sampled from its magics (about 15 s on two cores).
    EmitShapes {
        /// Write the table to this file (after sampling all of it) instead
        /// of printing it.
        #[arg(long)]
        out: Option<std::path::PathBuf>,
    },
    /// Write magic-runtime's `prebuilt/` files: the filled table of every
    /// scheme's shipped set, as little-endian bytes (from `sets.rs`).
    EmitPrebuilt {
        /// The folder to write them to (magic-runtime's `prebuilt/`).
        #[arg(long)]
        out: std::path::PathBuf,
    },
}

/// `text` written to `out` (the crate this tool is built from may hold the
/// file: it is written only once all of it is generated), or returned to
/// be printed.
fn write_or_print(out: Option<std::path::PathBuf>, text: String) -> Result<String, String> {
    match out {
        Some(path) => std::fs::write(&path, text)
            .map(|()| String::new())
            .map_err(|e| format!("cannot write {}: {e}", path.display())),
        None => Ok(text),
    }
}

/// Writes a state file aside, then renames it into place: a kill
/// mid-write leaves the old state whole.
pub fn write_state(path: &std::path::Path, text: &str) -> Result<(), String> {
    let tmp = path.with_extension("tmp");
    std::fs::write(&tmp, text)
        .and_then(|()| std::fs::rename(&tmp, path))
        .map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// `n` and the noun, plural where `n` is not 1: `1 part`, `4096 parts`.
pub fn count(n: u64, noun: &str) -> String {
    match n {
        1 => format!("1 {noun}"),
        n => format!("{n} {noun}s"),
    }
}

fn parse_u64(s: &str) -> Result<u64, String> {
    let r = match s.strip_prefix("0x") {
        Some(hex) => u64::from_str_radix(&hex.replace('_', ""), 16),
        None => s.replace('_', "").parse(),
    };
    r.map_err(|e| format!("not a 64-bit unsigned integer: {e}"))
}

/// A flag that Ctrl-C raises, and SIGTERM (as a scheduler sends at a
/// task's time limit) and SIGHUP too: the search given it stops where it
/// is, rather than the process dying with what it found.
pub fn raised_on_signal() -> Result<std::sync::Arc<std::sync::atomic::AtomicBool>, String> {
    use std::sync::atomic::{AtomicBool, Ordering};
    let flag = std::sync::Arc::new(AtomicBool::new(false));
    let raised = flag.clone();
    ctrlc::set_handler(move || raised.store(true, Ordering::SeqCst))
        .map_err(|e| format!("cannot catch Ctrl-C and SIGTERM: {e}"))?;
    Ok(flag)
}

/// Parses `90`, `90s`, `10m` or `2h`.
pub fn parse_duration(s: &str) -> Result<std::time::Duration, String> {
    let (num, unit) = match s.find(|c: char| !c.is_ascii_digit()) {
        Some(i) => s.split_at(i),
        None => (s, "s"),
    };
    let n: u64 = num
        .parse()
        .map_err(|_| format!("expected a time like 90s, 10m or 2h: `{s}`"))?;
    let per = match unit {
        "s" => 1,
        "m" => 60,
        "h" => 3600,
        _ if unit.starts_with(['.', ',']) => {
            return Err(format!("a whole number of s, m or h (90s, 10m, 2h): `{s}`"))
        }
        _ => return Err(format!("unknown time unit `{unit}`; use s, m or h")),
    };
    let secs = n
        .checked_mul(per)
        .ok_or_else(|| format!("a time too long to count in seconds: `{s}`"))?;
    Ok(std::time::Duration::from_secs(secs))
}

/// Expands the targets of `hunt` and `settle`: `piece,square,bits`,
/// `piece,square` and `piece,all` (every square), with or without bits,
/// the square by name (`b8`) or number (`57`). `target` makes each
/// piece and square into what the command asks about, from the bits
/// when given (its own default when not).
pub fn expand_targets<T>(
    specs: &[String],
    mut target: impl FnMut(magic_search::Piece, usize, Option<&str>) -> Result<T, String>,
) -> Result<Vec<T>, String> {
    let mut out = Vec::new();
    for spec in specs {
        let fields: Vec<&str> = spec.split(',').map(str::trim).collect();
        let (piece, square, bits) = match fields[..] {
            [piece, square] => (piece, square, None),
            [piece, square, bits] => (piece, square, Some(bits)),
            _ => {
                return Err(format!(
                    "expected piece,square[,bits] like `rook,b8,10`, `rook,b8` or `bishop,all`: `{spec}`"
                ))
            }
        };
        let piece = magic_search::parse_piece(piece)?;
        let squares = match square {
            "all" => 0..64,
            _ => {
                let sq = magic_search::parse_target_square(square)?;
                sq..sq + 1
            }
        };
        for sq in squares {
            out.push(target(piece, sq, bits)?);
        }
    }
    Ok(out)
}

/// A count of at least one.
fn parse_count(s: &str) -> Result<u64, String> {
    match parse_u64(s)? {
        0 => Err("give at least 1".to_string()),
        n => Ok(n),
    }
}

fn main() -> ExitCode {
    // A negative number is a wrong value, not an unknown flag: each
    // option's own parser then says what it takes.
    let command = Cli::command().mut_subcommands(|c| c.allow_negative_numbers(true));
    let cli = Cli::from_arg_matches(&command.get_matches()).unwrap_or_else(|e| e.exit());
    let result = match cli.command {
        Command::Generate {
            scheme,
            seed,
            max_tries,
            rust,
            csv,
        } => generate(scheme, seed, max_tries, rust, csv),
        Command::Hunt(args) => hunt::hunt(args),
        Command::Pack {
            file,
            scheme,
            effort,
            restarts,
            seed,
            shard,
            fresh,
            candidates,
            climb,
            anneal,
            blocks,
            rust,
        } => pack::pack(
            &file,
            scheme,
            pack::Restarts {
                effort,
                count: restarts,
                seed,
                shard: shard.unwrap_or(magic_search::Shard::WHOLE),
                fresh,
                candidates: usize::from(candidates),
                climb,
                anneal,
                blocks: usize::from(blocks),
            },
            match rust {
                true => pack::Output::Rust,
                false => pack::Output::Rows,
            },
        ),
        Command::Merge { files } => merge::merge(&files),
        Command::Settle(args) => settle::settle(args),
        Command::Report { svg_dir } => report::report(svg_dir.as_deref()),
        Command::Sizes { seed } => sizes(seed).map_err(|e| e.to_string()),
        Command::EmitPrebuilt { out } => emit_prebuilt_to(&out),
        Command::EmitShapes { out } => {
            let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
            write_or_print(out, shapes_source(threads))
        }
        Command::EmitSets { data, out } => {
            emit_sets_from(&data).and_then(|text| write_or_print(out, text))
        }
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
    csv: bool,
) -> Result<String, String> {
    if !scheme.has_magics() {
        return Err(format!(
            "{scheme} tables have no magics to search; `magic-search sizes` lists every scheme"
        ));
    }
    let start = Instant::now();
    let set = search(scheme, seed, max_tries).map_err(|e| e.to_string())?;
    let elapsed = start.elapsed();
    if csv {
        return Ok(pack::csv_rows(&set));
    }
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
    if let Some(published) = magic_search::published_set(scheme) {
        writeln!(
            out,
            "(searched from the seed and packed greedily; the published set that `sizes` and \
             magic_tables! without a seed use has {} entries)",
            published.len
        )
        .unwrap();
    }
    writeln!(out, "time: {:.1} ms", elapsed.as_secs_f64() * 1e3).unwrap();
    if rust {
        out.push_str("\n// magic_runtime constants and tables:\n");
        out.push_str(&pasteable_source(&set, "SLIDERS"));
    }
    Ok(out)
}

fn sizes(seed: u64) -> Result<String, magic_search::SearchError> {
    let mut out = String::new();
    for scheme in Scheme::ALL {
        let set = magic_search::magic_set(scheme, seed, None)?;
        writeln!(out, "{scheme} {} {}", set.len, set.table_bytes()).unwrap();
    }
    Ok(out)
}

/// `emit-prebuilt`: every file generated first, then written to `dir`;
/// prints what it wrote.
fn emit_prebuilt_to(dir: &std::path::Path) -> Result<String, String> {
    let files = magic_search::source::emit_prebuilt()?;
    let mut out = String::new();
    for (name, bytes) in files {
        let path = dir.join(name);
        std::fs::write(&path, &bytes)
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        writeln!(out, "{}: {} bytes", path.display(), bytes.len()).unwrap();
    }
    Ok(out)
}

/// `emit-sets`: the data files read from `dir`, then the generated module.
fn emit_sets_from(dir: &std::path::Path) -> Result<String, String> {
    let [fixed_shift, black, dense_fancy, black_repacked, fixed_shift_repacked, best_magics] =
        DataFiles::NAMES.map(|name| {
            let path = dir.join(name);
            std::fs::read_to_string(&path)
                .map_err(|e| format!("cannot read {}: {e}", path.display()))
        });
    emit_sets(&DataFiles {
        fixed_shift: &fixed_shift?,
        black: &black?,
        dense_fancy: &dense_fancy?,
        black_repacked: &black_repacked?,
        fixed_shift_repacked: &fixed_shift_repacked?,
        best_magics: &best_magics?,
    })
}
