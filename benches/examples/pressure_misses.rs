//! One scheme's lookups under cache pressure, for a cache simulator:
//! `scripts/pressure-misses.sh` runs this under cachegrind for each scheme
//! and for `pressure-only`, and subtracts: what is left are the cache
//! misses the scheme's lookups cause, the same on every run.
//!
//! Usage: `pressure_misses <scheme> [passes]`; prints the number of lookups
//! and a checksum.

use magic_benches::{pass, position_lookups, working_set, Lookup, PressureOnly};
use magic_runtime::Sliders;

use magic_benches::pressure_tables::*;
use magic_peers::{CozySliders, ShakmatySliders};

/// Rook, bishop and queen passes over the positions' lookups.
fn run<S: Sliders>(s: &S, passes: usize) -> (usize, u64) {
    let set = working_set();
    let real = position_lookups();
    let mut sum = 0u64;
    let mut lookups = 0;
    for _ in 0..passes {
        for (lookup, pairs) in [
            (Lookup::Rook, &real.rook),
            (Lookup::Bishop, &real.bishop),
            (Lookup::Queen, &real.rook),
        ] {
            sum = pass(s, lookup, pairs, &set).wrapping_add(sum.rotate_left(1));
            lookups += pairs.len();
        }
    }
    (lookups, sum)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let passes = args.get(1).and_then(|p| p.parse().ok()).unwrap_or(10);
    let (lookups, sum) = match args.first().map(String::as_str) {
        Some("pressure-only") => run(&PressureOnly, passes),
        Some("fancy") => run(&FANCY, passes),
        Some("fancy-best") => run(&BEST_FANCY, passes),
        Some("plain") => run(&PLAIN, passes),
        Some("shared-best") => run(&BEST_SHARED, passes),
        Some("fixed_shift") => run(&FIXED_SHIFT, passes),
        Some("black") => run(&BLACK, passes),
        Some("byte_lookup-best") => run(&BEST_BYTE_LOOKUP, passes),
        Some("pext_pdep") => run(&PEXT_PDEP, passes),
        Some("pext_lines") => run(&PEXT_LINES, passes),
        Some("hyperbola") => run(&HYPERBOLA, passes),
        Some("shakmaty") => run(&ShakmatySliders, passes),
        Some("cozy-chess") => run(&CozySliders, passes),
        other => {
            eprintln!(
                "error: unknown scheme `{}`; use one of pressure-only, fancy, fancy-best, plain, \
                 shared-best, fixed_shift, black, byte_lookup-best, pext_pdep, pext_lines, hyperbola, \
                 shakmaty, cozy-chess",
                other.unwrap_or_default()
            );
            std::process::exit(2);
        }
    };
    println!("{lookups} lookups, checksum {sum:#x}");
}
