//! The perft suite in `magic-perft/data/perftsuite.epd`: every position at every depth
//! it lists when `MAGIC_PERFT_FULL=1` (CI runs it so, in release mode);
//! otherwise every depth up to 200,000 nodes, which an unoptimised build
//! covers in seconds.

use magic_perft::{perft, with_scheme, Position, SCHEMES};

struct Case {
    fen: String,
    depths: Vec<(u32, u64)>,
}

fn suite() -> Vec<Case> {
    magic_perft::PERFT_SUITE
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|line| {
            let mut parts = line.split(';');
            let fen = parts.next().unwrap().trim().to_string();
            let depths = parts
                .map(|p| {
                    let (d, n) = p.trim().split_once(' ').expect("`Dn count`");
                    (
                        d.trim_start_matches('D').parse().unwrap(),
                        n.trim().parse().unwrap(),
                    )
                })
                .collect();
            Case { fen, depths }
        })
        .collect()
}

fn full() -> bool {
    std::env::var("MAGIC_PERFT_FULL").is_ok_and(|v| v == "1")
}

/// Runs the cases on every core; returns the failures.
fn run(cases: &[Case], limit: u64, scheme: &str) -> Vec<String> {
    let threads = std::thread::available_parallelism().map_or(1, usize::from);
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                scope.spawn(move || {
                    let mut failures = Vec::new();
                    for case in cases.iter().skip(t).step_by(threads) {
                        let pos = Position::from_fen(&case.fen).unwrap();
                        for &(depth, expected) in case.depths.iter().filter(|&&(_, n)| n <= limit) {
                            let got =
                                with_scheme!(scheme, |tables| perft(&pos, depth, tables)).unwrap();
                            if got != expected {
                                failures.push(format!(
                                    "{} depth {depth}: {got}, expected {expected} ({scheme})",
                                    case.fen
                                ));
                            }
                        }
                    }
                    failures
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap())
            .collect()
    })
}

#[test]
fn the_suite_has_127_positions() {
    assert_eq!(suite().len(), 127);
}

#[test]
fn every_position_of_the_suite_matches() {
    let limit = if full() { u64::MAX } else { 200_000 };
    let failures = run(&suite(), limit, "black");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn every_scheme_runs_the_generator_to_the_same_counts() {
    let cases = suite();
    for scheme in SCHEMES {
        let failures = run(&cases, 20_000, scheme);
        assert!(failures.is_empty(), "{}", failures.join("\n"));
    }
}
