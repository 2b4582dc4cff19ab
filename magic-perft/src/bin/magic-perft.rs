//! `magic-perft "<FEN>" <depth>`: counts legal move sequences and prints the
//! total as the last line.

use clap::Parser;
use magic_perft::{divide, perft, with_scheme, Position, MAX_DEPTH, SCHEMES};
use std::process::ExitCode;
use std::time::Instant;

#[derive(Parser)]
#[command(
    name = "magic-perft",
    version,
    about = "Count the legal move sequences of a position to a depth (perft).",
    after_help = "The total node count is the last line of the output, a bare integer."
)]
struct Cli {
    /// The position, in FEN (quote it: it has spaces); `startpos` for the start position.
    fen: String,
    /// Plies to count, 1 to 13 (perft 14 of the start position passes 2^64).
    depth: String,
    /// Print the count below each legal root move first (`e2e4: 1234`).
    #[arg(long)]
    divide: bool,
    /// Slider tables to use: fancy, plain, shift_in_magic, shared, fixed_shift, black,
    /// offset_in_magic, byte_lookup, magic32, pext, pext_pdep, pext_lines, hyperbola, or
    /// fancy_const_builder (fancy tables from the const builder).
    #[arg(long, default_value = "black")]
    scheme: String,
    /// Also print nodes per second, to standard error.
    #[arg(long)]
    speed: bool,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(&cli) {
        Ok(lines) => {
            println!("{lines}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run(cli: &Cli) -> Result<String, String> {
    let fen = if cli.fen == "startpos" {
        magic_perft::STARTPOS
    } else {
        &cli.fen
    };
    let pos = Position::from_fen(fen).map_err(|e| e.to_string())?;
    let depth = match cli.depth.parse::<u64>() {
        Ok(d) if (1..=u64::from(MAX_DEPTH)).contains(&d) => d as u32,
        Ok(_) => {
            return Err(format!(
                "depth {} is out of range; use 1 to {MAX_DEPTH} (perft {} of the start position passes 2^64)",
                cli.depth,
                MAX_DEPTH + 1
            ))
        }
        Err(_) => {
            return Err(format!(
                "depth '{}' is not a whole number; use 1 to {MAX_DEPTH}",
                cli.depth
            ))
        }
    };
    let start = Instant::now();
    let result = with_scheme!(cli.scheme.as_str(), |tables| {
        if cli.divide {
            let counts = divide(&pos, depth, tables);
            let total: u64 = counts.iter().map(|&(_, n)| n).sum();
            let mut out: Vec<String> = counts.iter().map(|(m, n)| format!("{m}: {n}")).collect();
            out.push(String::new());
            out.push(total.to_string());
            (out.join("\n"), total)
        } else {
            let total = perft(&pos, depth, tables);
            (total.to_string(), total)
        }
    });
    let (text, nodes) = result.ok_or_else(|| {
        format!(
            "unknown scheme '{}'; use one of {}",
            cli.scheme,
            SCHEMES.join(", ")
        )
    })?;
    if cli.speed {
        let secs = start.elapsed().as_secs_f64();
        eprintln!(
            "{nodes} nodes in {secs:.3} s: {:.1} Mnps ({})",
            nodes as f64 / secs / 1e6,
            cli.scheme
        );
    }
    Ok(text)
}
