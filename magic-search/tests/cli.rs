//! The command-line tool end to end: hunt, pack, report and their help.

use magic_search::{
    pack, parse_hunted_csv, parse_magics_csv, published_set, Occupancies, Scheme, Scratch, SlotRule,
};
use std::path::PathBuf;
use std::process::Command;

fn tool(args: &[&str]) -> (String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_magic-search"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("the tool runs");
    let (stdout, stderr) = (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    );
    assert!(out.status.success(), "{args:?} failed: {stderr}");
    (stdout, stderr)
}

fn scratch_dir(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn every_subcommand_has_help() {
    for sub in ["generate", "hunt", "pack", "report", "sizes", "emit-sets"] {
        let (out, _) = tool(&[sub, "--help"]);
        assert!(out.contains("Usage: magic-search"), "{sub}: {out}");
    }
}

#[test]
fn hunt_prints_magics_that_hold_and_resumes_from_its_state_file() {
    let dir = scratch_dir("hunt");
    let state = dir.join("hunt.state");
    let state = state.to_str().unwrap();
    let (csv, log) = tool(&[
        "hunt",
        "bishop,b1,4",
        "bishop,a1",
        "--csv",
        "--state",
        state,
    ]);
    assert!(log.contains("bishop b1 4 bits"), "{log}");
    let rows = parse_hunted_csv(&csv).unwrap();
    assert_eq!(rows.len(), 2);
    for (t, magic) in &rows {
        let o = Occupancies::new(t.piece, t.square);
        assert!(Scratch::default().is_magic(&o, *magic, 64 - u32::from(t.bits)));
    }
    assert_eq!(rows[1].0.to_string(), "bishop,a1,5");
    // Resuming a finished hunt gives its magics again, with no targets given.
    let (again, _) = tool(&["hunt", "--csv", "--state", state]);
    assert_eq!(parse_hunted_csv(&again).unwrap(), rows);
    // The Rust output is the fancy set with the finds in place.
    let (rust, _) = tool(&["hunt", "--state", state]);
    assert!(rust.contains("pub const ROOK_BITS: [u8; 64]"));
    assert!(rust.contains(&format!("{:#018x}, // b1", rows[0].1)));
    assert!(rust.contains(&format!("pub const LEN: usize = {};", 107_648 - 16 - 32)));
}

#[test]
fn pack_lays_the_published_black_magics_out_afresh() {
    let (out, _) = tool(&[
        "pack",
        "../data/black-magics.csv",
        "--effort",
        "5",
        "--restarts",
        "1",
    ]);
    let last = out.lines().last().unwrap();
    let n: usize = last.strip_prefix("entries ").unwrap().parse().unwrap();
    let (magics, offsets) = parse_magics_csv(&out).unwrap();
    let published = published_set(Scheme::Black).unwrap();
    assert_eq!(magics, published.magics);
    assert_ne!(offsets, published.offsets);
    // Shorter than greedy packing, and every slot agrees.
    let tables = published.sub_tables();
    assert!(n < pack(&tables, SlotRule::Exact).1, "{n}");
    let mut array = vec![0u64; n];
    for (t, &off) in tables.iter().zip(offsets.as_flattened()) {
        for (i, &a) in t.entries.iter().enumerate().filter(|&(_, &a)| a != 0) {
            let slot = &mut array[off as usize + i];
            assert!(*slot == 0 || *slot == a);
            *slot = a;
        }
    }
}

#[test]
fn report_writes_a_board_per_piece_and_names_the_records() {
    let dir = scratch_dir("report");
    let (out, _) = tool(&["report", "--svg-dir", dir.to_str().unwrap()]);
    assert!(out.contains("| black | 87,988 u64 |"), "{out}");
    assert!(out.contains("| black repacked | 87,784 u64 |"), "{out}");
    assert!(out.contains("92,864"));
    for piece in ["rook", "bishop"] {
        let svg = std::fs::read_to_string(dir.join(format!("bits-{piece}.svg"))).unwrap();
        // Two boards of 64 squares, each with its bits written in it.
        assert_eq!(svg.matches("<rect x=").count(), 128);
        assert!(svg.contains("<title>a1 "));
        assert!(svg.starts_with("<svg"));
    }
}
