//! The command line: the total as the last line, `--divide`, one-line
//! errors with a non-zero status.

use std::process::Command;

fn perft(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_magic-perft"))
        .args(args)
        .output()
        .unwrap();
    (
        out.status.success(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn prints_the_total_as_the_last_line() {
    let (ok, out, _) = perft(&[
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "3",
    ]);
    assert!(ok);
    assert_eq!(out.lines().last(), Some("8902"));
}

#[test]
fn divide_lists_each_root_move_first() {
    let (ok, out, _) = perft(&["startpos", "2", "--divide", "--scheme", "hyperbola"]);
    assert!(ok);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.last(), Some(&"400"));
    assert!(lines.contains(&"e2e4: 20"), "{out}");
    assert_eq!(lines.iter().filter(|l| l.ends_with(": 20")).count(), 20);
}

#[test]
fn bad_input_gives_one_line_and_a_failure_status() {
    for args in [
        &["4k3/8/8 w - - 0 1", "3"][..],
        &["startpos", "x"][..],
        &["startpos", "0"][..],
        &["startpos", "2", "--scheme", "purple"][..],
        // The side not to move in check: its king could be taken.
        &["4k2R/8/8/8/8/8/8/4K3 w - - 0 1", "2"][..],
        &["4k3/8/8/8/8/8/3p1p2/4K3 b - - 0 1", "3"][..],
        // Pawns on a back rank; more pieces than a game leaves.
        &["4k2P/8/8/8/8/8/8/4K3 w - - 0 1", "1"][..],
        &["QQQQQQQQ/QQQQQQQQ/8/8/8/8/8/k6K w - - 0 1", "1"][..],
        // Depths past the bound, refused before any work.
        &["startpos", "14"][..],
        &["startpos", "256"][..],
        &["startpos", "10000"][..],
        &["startpos", "4294967296"][..],
    ] {
        let (ok, out, err) = perft(args);
        assert!(!ok, "{args:?}");
        assert!(out.is_empty(), "{args:?}: {out}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("error: "), "{err}");
    }
    let (_, _, err) = perft(&["startpos", "4294967296"]);
    assert!(err.contains("use 1 to 13"), "{err}");
    let (_, _, err) = perft(&["4k2R/8/8/8/8/8/8/4K3 w - - 0 1", "2"]);
    assert!(err.contains("side not to move in check"), "{err}");
}
