//! The command-line tool end to end: hunt, pack, report and their help.

mod common;

use common::{assert_magics_of_scheme, assert_valid_packing};
use magic_search::{
    pack, parse_hunted_csv, parse_magics_csv, published_set, Hash, MagicSet, Occupancies, Piece,
    Scheme, Scratch, SlotRule,
};
use std::path::{Path, PathBuf};
use std::process::Command;

fn tool(args: &[&str]) -> (String, String) {
    tool_in(Path::new(env!("CARGO_MANIFEST_DIR")), args)
}

/// [`tool`], run in `dir`.
fn tool_in(dir: &Path, args: &[&str]) -> (String, String) {
    let (succeeded, stdout, stderr) = run_tool(dir, args);
    assert!(succeeded, "{args:?} failed: {stderr}");
    (stdout, stderr)
}

/// The tool run in `dir`: whether it succeeded, its standard output and
/// its standard error.
fn run_tool(dir: &Path, args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_magic-search"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("the tool runs");
    (
        out.status.success(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// The number written between `before` and `after` in `text`.
fn number_between(text: &str, before: &str, after: &str) -> u64 {
    text.split(before)
        .nth(1)
        .and_then(|rest| rest.split(after).next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no number between `{before}` and `{after}` in {text}"))
}

fn scratch_dir(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn every_subcommand_has_help() {
    for sub in [
        "generate",
        "hunt",
        "pack",
        "merge",
        "settle",
        "report",
        "sizes",
        "emit-sets",
    ] {
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

#[cfg(unix)]
#[test]
fn hunt_stopped_by_sigterm_saves_its_state_and_says_how_to_resume() {
    let dir = scratch_dir("hunt-sigterm");
    // No magic of rook a1 at 11 bits is known: only a signal ends it.
    let run = Command::new(env!("CARGO_BIN_EXE_magic-search"))
        .args(["hunt", "rook,a1,11", "--state", "a1"])
        .current_dir(&dir)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("the tool runs");
    // The state file is written once the signal is caught.
    wait_for("state file", || dir.join("a1").exists().then_some(()));
    send_sigterm(&run);
    let out = run.wait_with_output().unwrap();
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(!out.status.success());
    assert!(
        err.contains("stopped; resume with `magic-search hunt --state a1`"),
        "{err}"
    );
    assert!(
        err.contains("error: found no magic for rook,a1,11"),
        "{err}"
    );
}

#[test]
fn a_sharded_hunt_merges_into_what_one_run_finds() {
    let dir = scratch_dir("shards");
    let targets = ["bishop,b1,4", "bishop,g2,4", "bishop,a1"];
    let mut one = vec!["hunt", "--csv"];
    one.extend(targets);
    let (whole, _) = tool(&one);
    let mut states = Vec::new();
    for i in 0..3 {
        let state = dir.join(format!("shard-{i}.state"));
        let state = state.to_str().unwrap().to_string();
        let shard = format!("{i}/3");
        let mut args = vec!["hunt", "--csv", "--shard", &shard, "--state", &state];
        args.extend(targets);
        tool(&args);
        states.push(state);
    }
    let mut merge = vec!["merge"];
    merge.extend(states.iter().map(String::as_str));
    let (merged, log) = tool(&merge);
    assert!(log.contains("3 of 3 targets found"), "{log}");
    let merged_state = dir.join("merged.state");
    std::fs::write(&merged_state, merged).unwrap();
    let (resumed, _) = tool(&["hunt", "--csv", "--state", merged_state.to_str().unwrap()]);
    assert_eq!(
        parse_hunted_csv(&resumed).unwrap(),
        parse_hunted_csv(&whole).unwrap()
    );
    // A shard's state resumes only as that shard.
    let err = tool_fails(&["hunt", "--shard", "0/3", "--state", &states[1]]);
    assert!(err.contains("holds shard 1/3"), "{err}");
}

#[test]
fn a_sharded_pack_merges_into_what_one_run_packs() {
    let dir = scratch_dir("pack-shards");
    let common = [
        "pack",
        "../data/black-magics.csv",
        "--effort",
        "200",
        "--restarts",
        "4",
    ];
    let (whole, _) = tool(&common);
    let mut outputs = Vec::new();
    for shard in ["0/2", "1/2"] {
        let mut args = common.to_vec();
        args.extend(["--shard", shard]);
        let (out, _) = tool(&args);
        let path = dir.join(format!("pack-{}.csv", &shard[..1]));
        std::fs::write(&path, out).unwrap();
        outputs.push(path.to_str().unwrap().to_string());
    }
    let (merged, _) = tool(&["merge", &outputs[0], &outputs[1]]);
    assert_eq!(merged, whole);
    let err = tool_fails(&[
        "pack",
        "../data/black-magics.csv",
        "--restarts",
        "2",
        "--shard",
        "2/3",
    ]);
    assert!(err.contains("no restart"), "{err}");
}

/// The entries of a `pack` output for black magics and how many of its
/// magics are not the published ones, after checking that each is a
/// black magic of its square and that every slot agrees.
fn packed_black(out: &str) -> (usize, usize) {
    let last = out.lines().last().unwrap();
    let n: usize = last.strip_prefix("entries ").unwrap().parse().unwrap();
    let (magics, offsets) = parse_magics_csv(out).unwrap();
    let published = published_set(Scheme::Black).unwrap();
    assert_ne!(offsets, published.offsets);
    let set = MagicSet {
        magics,
        offsets,
        len: n,
        ..published.clone()
    };
    assert_magics_of_scheme(&set);
    assert_valid_packing(&set.sub_tables(), set.offsets.as_flattened(), n);
    let changed = (set.magics.as_flattened().iter())
        .zip(published.magics.as_flattened())
        .filter(|(a, b)| a != b)
        .count();
    (n, changed)
}

/// One restart of `pack` on the published black magics.
const PACK_BLACK_ONCE: [&str; 4] = ["pack", "../data/black-magics.csv", "--restarts", "1"];

#[test]
fn pack_lays_the_published_black_magics_out_afresh() {
    let args = PACK_BLACK_ONCE;
    let tables = published_set(Scheme::Black).unwrap().sub_tables();
    // Left to right: shorter than greedy packing.
    let (out, err) = tool(&[&args[..], &["--effort", "5", "--fresh"]].concat());
    assert!(err.contains("from a left-to-right layout"), "{err}");
    let (fresh, changed) = packed_black(&out);
    assert!(fresh < pack(&tables, SlotRule::Exact).1, "{fresh}");
    assert_eq!(changed, 0);
    // From the file's layout: shorter than the published layout, before any
    // change is tried.
    let (out, err) = tool(&[&args[..], &["--effort", "0"]].concat());
    assert!(
        err.contains("from the file's layout (87988 entries)"),
        "{err}"
    );
    let (kept, _) = packed_black(&out);
    assert!(kept < 87_988, "{kept}");
}

#[cfg(unix)]
#[test]
fn pack_stopped_by_sigterm_prints_the_shortest_layout_so_far() {
    use std::io::{BufRead, BufReader, Read};
    use std::process::Stdio;
    // Days of changes: only a signal ends it.
    let args = [
        &PACK_BLACK_ONCE[..],
        &["--fresh", "--effort", "10000000000"],
    ]
    .concat();
    let mut run = Command::new(env!("CARGO_BIN_EXE_magic-search"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the tool runs");
    // The search is announced once the signal is caught.
    let mut stderr = BufReader::new(run.stderr.take().unwrap());
    let mut announced = String::new();
    stderr.read_line(&mut announced).unwrap();
    assert!(
        announced.starts_with("packing 128 sub-tables"),
        "{announced}"
    );
    send_sigterm(&run);
    let mut err = String::new();
    stderr.read_to_string(&mut err).unwrap();
    let out = run.wait_with_output().unwrap();
    // The run fails, so that a scheduler knows it did not finish, and
    // prints a layout that holds all the same.
    assert!(!out.status.success());
    assert!(
        err.contains("error: stopped by Ctrl-C or SIGTERM after "),
        "{err}"
    );
    let (len, changed) = packed_black(&String::from_utf8(out.stdout).unwrap());
    assert!(err.contains(&format!("printed ({len} entries)")), "{err}");
    assert_eq!(changed, 0);
}

#[test]
fn pack_anneals_when_asked() {
    let args = [&PACK_BLACK_ONCE[..], &["--effort", "300", "--fresh"]].concat();
    let (plain, err) = tool(&args);
    assert!(!err.contains("annealing"), "{err}");
    let annealing = [&args[..], &["--anneal", "200"]].concat();
    let (annealed, err) = tool(&annealing);
    assert!(err.contains("annealing from 200 entries"), "{err}");
    // A valid layout, of the length it reports, and another walk's.
    packed_black(&annealed);
    assert_ne!(annealed, plain);
    assert_eq!(tool(&annealing).0, annealed, "deterministic");
}

#[test]
fn pack_moves_blocks_when_asked() {
    let args = [&PACK_BLACK_ONCE[..], &["--effort", "300", "--fresh"]].concat();
    let (plain, err) = tool(&args);
    assert!(!err.contains("at once"), "{err}");
    assert_eq!(tool(&[&args[..], &["--blocks", "1"]].concat()).0, plain);
    let blocks = [&args[..], &["--blocks", "6"]].concat();
    let (moved, err) = tool(&blocks);
    assert!(err.contains("moving up to 6 sub-tables at once"), "{err}");
    packed_black(&moved);
    assert_ne!(moved, plain);
    assert_eq!(tool(&blocks).0, moved, "deterministic");
}

#[test]
fn pack_gives_back_a_layout_it_cannot_shorten() {
    // The search starts from the published fixed-shift layout, laid again
    // exactly, and five changes find none shorter: the file's own layout
    // comes back, not another of the same length.
    let args = ["pack", "../data/fixed-shift-magics.csv", "--effort", "5"];
    let (out, err) = tool(&args);
    assert!(err.contains("printed unchanged"), "{err}");
    // The message says how far the search got.
    assert_eq!(number_between(&err, "(the search reached ", ")"), 88_772);
    let (magics, offsets) = parse_magics_csv(&out).unwrap();
    let published = published_set(Scheme::FixedShift).unwrap();
    assert_eq!((magics, offsets), (published.magics, published.offsets));
    assert!(out.ends_with("entries 88772\n"), "{out}");
}

#[test]
fn pack_with_candidates_chooses_magics_too() {
    // The candidates as drawn, then climbed towards fewer used slots.
    let outputs = ["0", "3000"].map(|climb| {
        let more = ["--effort", "400", "--candidates", "3", "--climb", climb];
        let args = [&PACK_BLACK_ONCE[..], &more].concat();
        let (out, err) = tool(&args);
        assert!(err.contains("finding 2 more magics"), "{err}");
        assert_eq!(err.contains("each then climbing 3000 steps"), climb != "0");
        // Every magic chosen is a black magic, laid without a clash.
        let (len, changed) = packed_black(&out);
        assert!(changed > 0, "no other magic was chosen");
        assert!(len < 87_988, "{len}");
        assert_eq!(tool(&args).0, out, "deterministic");
        out
    });
    // Climbed candidates are other magics than those drawn.
    assert_ne!(outputs[0], outputs[1]);
}

#[test]
fn report_writes_a_board_per_piece_and_names_the_records() {
    let dir = scratch_dir("report");
    let (out, _) = tool(&["report", "--svg-dir", dir.to_str().unwrap()]);
    assert!(out.contains("| black | 87,988 u64 |"), "{out}");
    assert!(out.contains("| black repacked | 85,090 u64 |"), "{out}");
    assert!(out.contains("| fixed_shift | 88,772 u64 |"), "{out}");
    assert!(
        out.contains("| fixed_shift repacked | 88,625 u64 |"),
        "{out}"
    );
    // The published best magics give 92,864; rooks c2 to e2 at 9 bits
    // save 512 each, and rook d1 at 10 bits 1,024.
    assert!(out.contains("| best fancy | 90,304 u64 |"), "{out}");
    for piece in ["rook", "bishop"] {
        let svg = std::fs::read_to_string(dir.join(format!("bits-{piece}.svg"))).unwrap();
        // Three boards of 64 squares, each with its bits written in it.
        assert_eq!(svg.matches("<rect x=").count(), 3 * 64);
        assert!(svg.contains("<title>a1 "));
        assert!(svg.starts_with("<svg"));
    }
    // Without a folder it prints the table and writes nothing, not even
    // where it runs.
    let quiet = scratch_dir("report-quiet");
    let (out, _) = tool_in(&quiet, &["report"]);
    assert!(out.contains("| black repacked | 85,090 u64 |"), "{out}");
    assert!(!out.contains("wrote"), "{out}");
    assert_eq!(std::fs::read_dir(&quiet).unwrap().count(), 0);
}

/// The tool run expected to fail: its standard error.
fn tool_fails(args: &[&str]) -> String {
    tool_in_fails(Path::new(env!("CARGO_MANIFEST_DIR")), args).1
}

/// The tool run in `dir`, expected to fail with an error: its standard
/// output and standard error.
fn tool_in_fails(dir: &Path, args: &[&str]) -> (String, String) {
    let (succeeded, stdout, stderr) = run_tool(dir, args);
    assert!(!succeeded, "{args:?} succeeded");
    assert!(stderr.contains("error"), "{args:?}: {stderr}");
    (stdout, stderr)
}

/// The magic of a settle's answer: `question: 0x..., ...`.
fn magic_answered(out: &str) -> u64 {
    let hex = out.split(": ").nth(1).and_then(|s| s.split(',').next());
    let hex = hex.and_then(|h| h.strip_prefix("0x"));
    hex.and_then(|h| u64::from_str_radix(h, 16).ok())
        .unwrap_or_else(|| panic!("no magic in {out}"))
}

#[test]
fn settle_finds_the_lowest_magic_or_rules_every_magic_out() {
    // Bishop d1 has no 4-bit magic: every magic is ruled out.
    let (out, _) = tool(&["settle", "bishop,d1,4"]);
    assert!(
        out.starts_with("bishop d1 at 4 bits: no magic exists"),
        "{out}"
    );
    // Bishop b1 has: the one printed holds, and no lower one does.
    let (out, _) = tool(&["settle", "bishop,b1,4"]);
    let magic = magic_answered(&out);
    let o = Occupancies::new(Piece::Bishop, 1);
    let mut scratch = Scratch::default();
    assert!(scratch.fits(&o, Hash::Multiply, magic, 4), "{out}");
    assert!((magic - 2000..magic).all(|m| !scratch.fits(&o, Hash::Multiply, m, 4)));
    // Slices and log lines too far apart for the clock are none at all.
    let dir = scratch_dir("settle-never-kept");
    let every = ["--keep-every", "18446744073709551615s", "--state", "b1"];
    let (again, _) = tool_in(&dir, &[&["settle", "bishop,b1,4"][..], &every].concat());
    assert_eq!(magic_answered(&again), magic);
    // A shard answers for its own parts only: the 683 pairs of a part
    // below 2,048 whose number leaves 1 divided by 3 (1, 4, ... 2,047)
    // with its mirror.
    let (out, _) = tool(&["settle", "bishop,d1,4", "--shard", "1/3"]);
    assert!(
        out.contains("no magic in shard 1/3 (1366 of the 4096 parts"),
        "{out}"
    );
    // A shard past the last pair would answer for nothing: refused before
    // any question is settled.
    let err = tool_fails(&["settle", "bishop,d1,4", "rook,a1", "--shard", "2048/2049"]);
    assert!(
        err.contains("searched in 2048 pairs of parts; use at most 2048 shards"),
        "{err}"
    );
}

#[test]
fn settle_with_the_shift_in_magic_searches_the_parts_that_can_carry_it() {
    // Bishop b1: bits 0 to 53 of a magic reach the index, so every magic
    // can carry its shift (60 for 4 bits); the lowest is printed with it.
    let (out, _) = tool(&["settle", "bishop,b1,4", "--shift-in-magic"]);
    assert!(out.contains("the lowest magic carrying its shift"), "{out}");
    let magic = magic_answered(&out);
    assert_eq!(magic >> 58, 60, "{out}");
    let o = Occupancies::new(Piece::Bishop, 1);
    assert!(
        Scratch::default().fits(&o, Hash::Multiply, magic, 4),
        "{out}"
    );
    let (plain, _) = tool(&["settle", "bishop,b1,4"]);
    assert_eq!(magic & ((1 << 54) - 1), magic_answered(&plain));
    // Rook c1: bits 0 to 62 reach the index, so a magic that keeps its
    // shift (54 for 10 bits) in its top six bits lies in the 128 parts
    // whose top five bits are the shift's low five. More shards than those
    // would leave some with nothing to do.
    let err = tool_fails(&[
        "settle",
        "rook,c1,10",
        "--shift-in-magic",
        "--shard",
        "128/129",
    ]);
    assert!(
        err.contains("128 parts that can carry its shift; use at most 128 shards"),
        "{err}"
    );
    // A kept magic that lies in another part is not `settle`'s.
    let dir = scratch_dir("settle-shift");
    let kept = "piece,square,bits,part,magic,intervals\nrook,c1,10,2816,0x0000000000000001,5\n";
    std::fs::write(dir.join("c1"), kept).unwrap();
    let args = ["settle", "rook,c1,10", "--shift-in-magic", "--state", "c1"];
    let (_, err) = tool_in_fails(&dir, &args);
    assert!(
        err.contains("part 2816 of rook c1 at 10 bits holds 0x1, a magic of another part"),
        "{err}"
    );
}

#[test]
fn settle_takes_several_questions_and_the_fewest_known_bits_as_default() {
    // `bishop,d1` asks one bit fewer than the fewest known (5); d4 at 6
    // bits cannot number its 4 * 3 * 3 * 3 attack sets in 64 slots, found
    // by counting; each question gets its line, in order.
    let (out, _) = tool(&["settle", "bishop,d1", "bishop,d4,6"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2, "{out}");
    assert!(
        lines[0].starts_with("bishop d1 at 4 bits: no magic exists: all 2^"),
        "{out}"
    );
    assert_eq!(
        lines[1],
        "bishop d4 at 6 bits: no magic exists: 64 slots cannot number its 108 attack sets"
    );
    // Bits the mask does not have are refused before anything is settled.
    let err = tool_fails(&["settle", "bishop,d1", "rook,a1,13"]);
    assert!(err.contains("from 0 to 12 for a rook on a1: `13`"), "{err}");
}

#[test]
fn hunt_and_settle_read_their_targets_alike() {
    // Both take a square by name or number, with or without bits, and
    // `all` with bits asks every square at those bits.
    for command in ["hunt", "settle"] {
        let err = tool_fails(&[command, "rook,57,12"]);
        assert!(err.contains("rook on b8"), "{command}: {err}");
        let err = tool_fails(&[command, "bishop,all,6"]);
        assert!(err.contains("bishop on b1"), "{command}: {err}");
        let err = tool_fails(&[command, "rook,i9"]);
        assert!(
            err.contains("unknown square `i9`; use a1 to h8 or 0 to 63"),
            "{command}: {err}"
        );
        let err = tool_fails(&[command, "rook"]);
        assert!(
            err.contains("expected piece,square[,bits]"),
            "{command}: {err}"
        );
    }
    // Without bits, the square by number: hunt asks one bit fewer than the
    // mask (bishop b1 at 4), which it finds in its first chunk.
    let (out, _) = tool(&["hunt", "bishop,1", "--csv"]);
    assert!(out.contains("bishop,b1,4,0x"), "{out}");
}

#[test]
fn settle_stops_at_its_time_limit_and_says_how_far_it_got() {
    // Rook a1 at 11 bits takes hundreds of core-hours.
    let dir = scratch_dir("settle-time");
    let (out, err) = tool_in_fails(
        &dir,
        &["settle", "rook,a1,11", "--time", "1s", "--state", "a1"],
    );
    // A question left open fails the run, so that a job array's task is
    // not taken as done.
    assert!(
        err.contains(
            "error: not settled in time: rook a1 at 11 bits; run the same command to go on from a1"
        ),
        "{err}"
    );
    assert!(
        out.starts_with("rook a1 at 11 bits: not settled: "),
        "{out}"
    );
    assert!(out.contains("not finished in time"), "{out}");
    assert!(out.contains("run it again to go on from a1"), "{out}");
    // No magic of a1 at 11 bits is known: nothing to hunt for.
    assert!(!out.contains("magic-search hunt"), "{out}");
    // The state file lists exactly the parts said to be ruled out, and
    // where the walks of the pairs begun but not finished got to.
    let ruled_out = number_between(&out, "not settled: ", " ");
    let state = std::fs::read_to_string(dir.join("a1")).unwrap();
    let rows = state.lines().filter(|l| l.starts_with("rook,a1,11,"));
    let (begun, settled): (Vec<&str>, Vec<&str>) = rows.partition(|l| l.contains("below:"));
    assert_eq!(settled.len() as u64, ruled_out, "{state}");
    assert!(!begun.is_empty(), "{state}");
    assert!(
        begun.iter().all(|l| l.contains(",pair-below:0x")),
        "{state}"
    );
    // The parts that can carry the shift are walked alone: those begun
    // are kept where they stopped.
    let args = [
        "settle",
        "rook,a1,11",
        "--shift-in-magic",
        "--time",
        "1s",
        "--state",
        "a1s",
    ];
    let (out, _) = tool_in_fails(&dir, &args);
    let unfinished = number_between(&out, "ruled out, ", " not finished");
    let state = std::fs::read_to_string(dir.join("a1s")).unwrap();
    let stopped = state.lines().filter(|l| l.contains(",below:0x")).count() as u64;
    assert!((1..=unfinished).contains(&stopped), "{out}\n{state}");
    // Part 2688 (shard 127/128) begun three quarters of the way: the run
    // says how far it got, as its row in the state file does. A magic of
    // rook a1 has 63 bits that matter, in 4,096 parts of 2^51 magics.
    let first = 2688u64 << 51;
    std::fs::write(
        dir.join("a1q"),
        format!("rook,a1,11,2688,below:{:#x},1\n", first + (3 << 49)),
    )
    .unwrap();
    let mut args = args.to_vec();
    args[6] = "a1q";
    args.extend(["--shard", "127/128"]);
    let (out, _) = tool_in_fails(&dir, &args);
    let state = std::fs::read_to_string(dir.join("a1q")).unwrap();
    let below = state
        .lines()
        .find_map(|l| l.strip_prefix("rook,a1,11,2688,below:0x"))
        .and_then(|rest| u64::from_str_radix(rest.split(',').next()?, 16).ok())
        .expect("a below row for part 2688");
    let share = 100.0 * (below - first) as f64 / (1u64 << 51) as f64;
    assert!(share >= 75.0, "{state}");
    assert!(
        out.contains(&format!(", {share:.1}% of its magics ruled out")),
        "{out}\n{state}"
    );
    // `merge` says so of every part begun.
    let (_, err) = tool_in(&dir, &["merge", "a1q"]);
    assert!(
        err.contains(&format!(
            "rook a1 at 11 bits, part 2688: {share:.1}% of its magics ruled out"
        )),
        "{err}"
    );
    // Rook a8 has known 11-bit magics: `hunt` is the way to one. Two
    // questions left open are counted, not listed.
    let (out, err) = tool_in_fails(
        &dir,
        &["settle", "rook,a8,11", "rook,h1,11", "--time", "1s"],
    );
    assert!(
        out.contains("magics with 11 bits are known and `magic-search hunt rook,a8,11` finds one"),
        "{out}"
    );
    assert!(
        err.contains("error: not settled in time: 2 of 2 questions (see their lines); give it longer (--time)"),
        "{err}"
    );
}

/// Sends `run` SIGTERM, as a scheduler does at a task's time limit.
#[cfg(unix)]
fn send_sigterm(run: &std::process::Child) {
    let sent = Command::new("sh")
        .args(["-c", &format!("kill -TERM {}", run.id())])
        .status();
    assert!(sent.unwrap().success());
}

/// Rook a1 at 11 bits, its shift carried, shard 127/128: part 2688 alone,
/// a walk of hours.
const LONG_PART: [&str; 5] = [
    "settle",
    "rook,a1,11",
    "--shift-in-magic",
    "--shard",
    "127/128",
];

/// How far the state file at `path` says the walk of part 2688 got, once
/// it says so.
fn below_2688(path: &Path) -> Option<u64> {
    let state = std::fs::read_to_string(path).ok()?;
    let row = state
        .lines()
        .find_map(|l| l.strip_prefix("rook,a1,11,2688,below:0x"))?;
    u64::from_str_radix(row.split(',').next()?, 16).ok()
}

/// What `ready` gives, once it gives something; a failed test after two
/// minutes without.
fn wait_for<T>(what: &str, mut ready: impl FnMut() -> Option<T>) -> T {
    let start = std::time::Instant::now();
    loop {
        if let Some(it) = ready() {
            return it;
        }
        assert!(
            start.elapsed().as_secs() < 120,
            "no {what} after two minutes"
        );
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
}

#[cfg(unix)]
#[test]
fn settle_keeps_a_part_in_progress_when_killed_or_sent_sigterm() {
    use std::io::{BufRead, BufReader, Read};
    use std::process::Stdio;
    let dir = scratch_dir("settle-signals");
    let spawn = |state: &str| {
        Command::new(env!("CARGO_BIN_EXE_magic-search"))
            .args(LONG_PART)
            // A time limit, should a signal go astray.
            .args(["--state", state, "--keep-every", "1s", "--time", "120s"])
            .current_dir(&dir)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the tool runs")
    };
    // Killed without warning (SIGKILL), a run has kept where the walk got
    // to a second before, and the next run goes on from there.
    let mut killed = spawn("killed");
    let kept = wait_for("row kept", || below_2688(&dir.join("killed")));
    killed.kill().unwrap();
    killed.wait().unwrap();
    assert!(kept > 2688 << 51);
    let mut args = LONG_PART.to_vec();
    args.extend(["--state", "killed", "--time", "1s"]);
    let (_, err) = tool_in_fails(&dir, &args);
    assert!(
        err.contains("(1 going on from where a run stopped)"),
        "{err}"
    );
    assert!(below_2688(&dir.join("killed")).unwrap() >= kept);
    // A job's log, which has no progress bar, says every --keep-every how
    // far the run got, from the rows kept.
    let mut termed = spawn("termed");
    let mut log = BufReader::new(termed.stderr.take().unwrap());
    let mut said = String::new();
    while !said.contains("% of its magics ruled out") {
        said.clear();
        assert!(log.read_line(&mut said).unwrap() > 0, "no progress line");
    }
    assert!(
        said.starts_with("rook a1 at 11 bits: 1 of 1 part left, "),
        "{said}"
    );
    let kept = below_2688(&dir.join("termed")).expect("a row kept");
    // SIGTERM, as a scheduler sends at a task's time limit, stops the run
    // as Ctrl-C does: it keeps where the walk got to, and says so.
    send_sigterm(&termed);
    let mut stderr = String::new();
    log.read_to_string(&mut stderr).unwrap();
    let out = termed.wait_with_output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(!out.status.success(), "{stdout}");
    assert!(
        stdout.contains("1 stopped by Ctrl-C or SIGTERM"),
        "{stdout}"
    );
    assert!(
        stderr.contains("error: interrupted; run the same command to go on from termed"),
        "{stderr}"
    );
    assert!(below_2688(&dir.join("termed")).unwrap() >= kept);
}

#[test]
fn settle_goes_on_with_a_part_from_where_a_run_stopped() {
    // Bishop b1 at 4 bits: its lowest magic, from a whole run.
    let dir = scratch_dir("settle-go-on");
    let (whole, _) = tool_in(&dir, &["settle", "bishop,b1,4"]);
    let magic = magic_answered(&whole);
    // A state file that says a run stopped halfway to it, in its part:
    // going on from there finds it again, and keeps the part with the
    // intervals of both runs.
    let width = 54;
    let part = magic >> (width - 12);
    let first = part << (width - 12);
    let halfway = first + (magic - first) / 2;
    let kept = format!(
        "piece,square,bits,part,magic,intervals\nbishop,b1,4,{part},below:{halfway:#x},1000\n"
    );
    std::fs::write(dir.join("b1"), kept).unwrap();
    let (out, _) = tool_in(&dir, &["settle", "bishop,b1,4", "--state", "b1"]);
    assert_eq!(magic_answered(&out), magic, "{out}");
    let state = std::fs::read_to_string(dir.join("b1")).unwrap();
    let row = state
        .lines()
        .find(|l| l.starts_with(&format!("bishop,b1,4,{part},")))
        .unwrap_or_else(|| panic!("{state}"));
    let prefix = format!("bishop,b1,4,{part},{magic:#018x},");
    let total: u64 = row
        .strip_prefix(&prefix)
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{state}"));
    assert!(total > 1000, "{state}");
    // A point past the part is refused.
    let wrong = format!("piece,square,bits,part,magic,intervals\nbishop,b1,4,{part},below:0x1,5\n");
    std::fs::write(dir.join("b1"), wrong).unwrap();
    let (_, err) = tool_in_fails(&dir, &["settle", "bishop,b1,4", "--state", "b1"]);
    assert!(
        err.contains("stopped at 0x1, a magic of another part"),
        "{err}"
    );
}

/// The interval count of a settle answer: what was searched.
fn intervals(answer: &str) -> u64 {
    answer
        .split(" (")
        .last()
        .and_then(|s| s.split(" interval").next())
        .and_then(|s| s.rsplit(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no interval count: {answer}"))
}

/// What a settle answer says, without its cost.
fn verdict(answer: &str) -> &str {
    answer.split(" (").next().unwrap()
}

#[test]
fn settle_walks_a_part_with_its_mirror_and_a_mirror_alone_when_its_pair_is_kept() {
    let dir = scratch_dir("settle-pairs");
    let question = "rook,b2,9";
    let (out, _) = tool_in(
        &dir,
        &["settle", question, "--shard", "3/1024", "--state", "pairs"],
    );
    assert!(
        out.starts_with("rook b2 at 9 bits: no magic in shard 3/1024 (4 of the 4096 parts"),
        "{out}"
    );
    // Parts 3 and 1,027 with their mirrors, 4,092 and 3,068.
    let state = std::fs::read_to_string(dir.join("pairs")).unwrap();
    let mut parts: Vec<u64> = state
        .lines()
        .filter(|line| line.starts_with("rook,b2,9,"))
        .map(|line| line.split(',').nth(3).unwrap().parse().unwrap())
        .collect();
    parts.sort_unstable();
    assert_eq!(parts, [3, 1027, 3068, 4092], "{state}");
    // With part 4,092 dropped from the file, it is searched by itself, to
    // the same answer.
    let kept: String = state
        .lines()
        .filter(|line| !line.starts_with("rook,b2,9,4092,"))
        .map(|line| format!("{line}\n"))
        .collect();
    std::fs::write(dir.join("three"), kept).unwrap();
    let (again, err) = tool_in(
        &dir,
        &["settle", question, "--shard", "3/1024", "--state", "three"],
    );
    assert_eq!(verdict(&again), verdict(&out));
    assert!(again.contains("; 3 parts from three)"), "{again}");
    assert!(err.contains(": 1 part of the 2^54 magics"), "{err}");
    assert!(intervals(&again) > 0, "{again}");
}

/// How far the state file at `path` says the walk of `part` of rook a1 at
/// 11 bits got, on a row whose magic field starts with `below`.
fn a1_below(path: &Path, part: u64, below: &str) -> Option<u64> {
    let state = std::fs::read_to_string(path).ok()?;
    let row = state
        .lines()
        .find_map(|l| l.strip_prefix(&format!("rook,a1,11,{part},{below}0x")))?;
    u64::from_str_radix(row.split(',').next()?, 16).ok()
}

#[test]
fn settle_keeps_a_pair_in_progress_and_goes_on_with_it() {
    // Rook a1 at 11 bits, shard 2/2048: parts 2 and 4,093, walked together
    // for minutes, stopped after two seconds.
    let dir = scratch_dir("settle-pair-go-on");
    let args = ["settle", "rook,a1,11", "--shard", "2/2048", "--time", "2s"];
    let run = |state: &str| tool_in_fails(&dir, &[&args[..], &["--state", state]].concat());
    let (out, _) = run("p");
    assert!(
        out.contains("0 of 2 parts ruled out, 2 not finished in time, "),
        "{out}"
    );
    let first = 2u64 << 51;
    let kept = a1_below(&dir.join("p"), 2, "pair-below:").expect("a pair row");
    assert!(kept > first);
    // Each half of the pair has that share of its magics ruled out.
    let share = 100.0 * (kept - first) as f64 / (1u64 << 51) as f64;
    let (_, err) = tool_in(&dir, &["merge", "p"]);
    assert!(
        err.contains(&format!(
            "rook a1 at 11 bits, parts 2 and 4093: {share:.1}% of their magics ruled out"
        )),
        "{err}"
    );
    // The next run goes on with the pair from there.
    let (_, err) = run("p");
    assert!(
        err.contains("(1 going on from where a run stopped)"),
        "{err}"
    );
    assert!(a1_below(&dir.join("p"), 2, "pair-below:").unwrap() > kept);
    // Where the mirror was walked by itself, each goes on alone: the pair's
    // row holds for its lower part.
    let state = std::fs::read_to_string(dir.join("p")).unwrap();
    let mirror_first = 4093u64 << 51;
    let alone = format!("{state}rook,a1,11,4093,below:{:#x},1\n", mirror_first + 1);
    std::fs::write(dir.join("q"), alone).unwrap();
    let (_, err) = run("q");
    assert!(
        err.contains("(2 going on from where a run stopped)"),
        "{err}"
    );
    assert!(a1_below(&dir.join("q"), 2, "pair-below:").is_none());
    assert!(a1_below(&dir.join("q"), 2, "below:").unwrap() > kept);
    assert!(a1_below(&dir.join("q"), 4093, "below:").unwrap() > mirror_first + 1);
    // Killed without warning, a run has kept where the pair's walk got to
    // a second before.
    let mut killed = Command::new(env!("CARGO_BIN_EXE_magic-search"))
        .args(&args[..4])
        .args(["--state", "killed", "--keep-every", "1s", "--time", "120s"])
        .current_dir(&dir)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("the tool runs");
    let kept = wait_for("pair row kept", || {
        a1_below(&dir.join("killed"), 2, "pair-below:")
    });
    killed.kill().unwrap();
    killed.wait().unwrap();
    assert!(kept > first);
}

/// `args` run in `dir` as each of `n` shards, each keeping its parts in a
/// state file of its own: what each printed, and the files merged.
fn settle_in_shards(dir: &Path, args: &[&str], n: usize) -> (Vec<String>, String) {
    let mut files = Vec::new();
    let outs = (0..n)
        .map(|i| {
            let (file, shard) = (format!("shard-{i}"), format!("{i}/{n}"));
            let mut sharded = args.to_vec();
            sharded.extend(["--shard", &shard, "--state", &file]);
            files.push(file.clone());
            tool_in(dir, &sharded).0
        })
        .collect();
    let merge: Vec<&str> = ["merge"]
        .into_iter()
        .chain(files.iter().map(String::as_str))
        .collect();
    (outs, tool_in(dir, &merge).0)
}

#[test]
fn settle_goes_on_from_its_state_file_and_shards_merge_into_one_run() {
    let dir = scratch_dir("settle-states");
    for question in ["bishop,d1,4", "bishop,b1,4"] {
        let (whole, _) = tool_in(&dir, &["settle", question]);
        // Half the parts kept, then the whole question with that file:
        // only the other half is searched, to the same answer.
        let (half, _) = tool_in(
            &dir,
            &["settle", question, "--shard", "0/2", "--state", "go-on"],
        );
        let (rest, _) = tool_in(&dir, &["settle", question, "--state", "go-on"]);
        assert_eq!(verdict(&rest), verdict(&whole), "{question}");
        if question == "bishop,d1,4" {
            // No magic: every part is searched once, by one run or the other.
            assert!(rest.contains("; 2048 parts from go-on)"), "{rest}");
            assert_eq!(intervals(&half) + intervals(&rest), intervals(&whole));
        }
        std::fs::remove_file(dir.join("go-on")).unwrap();
        // Three shards' files merged: the answer without searching again.
        let (_, merged) = settle_in_shards(&dir, &["settle", question], 3);
        std::fs::write(dir.join("merged"), merged).unwrap();
        let (answer, _) = tool_in(&dir, &["settle", question, "--state", "merged"]);
        assert_eq!(verdict(&answer), verdict(&whole), "{question}");
        assert_eq!(intervals(&answer), 0, "{answer}");
    }
    // Files that cannot be what a settle kept are refused, naming the line.
    std::fs::write(dir.join("past"), "bishop,d1,4,4096,-,1\n").unwrap();
    let err = tool_fails(&[
        "settle",
        "bishop,d1,4",
        "--state",
        dir.join("past").to_str().unwrap(),
    ]);
    assert!(
        err.contains("part 4096 of bishop d1 at 4 bits is past its 4096 parts"),
        "{err}"
    );
    std::fs::write(
        dir.join("twice"),
        "bishop,d1,4,7,-,1\nbishop,d1,4,7,0x1,1\n",
    )
    .unwrap();
    let err = tool_fails(&["merge", dir.join("twice").to_str().unwrap()]);
    assert!(
        err.contains("line 2: part 7 of bishop,d1,4 is settled twice, differently"),
        "{err}"
    );
}

#[test]
fn failures_exit_non_zero_with_what_to_do() {
    let err = tool_fails(&["generate", "--scheme", "hyperbola"]);
    assert!(err.contains("hyperbola tables have no magics"), "{err}");
    let err = tool_fails(&["generate", "--max-tries", "0"]);
    assert!(err.contains("0"), "{err}");
    // A hunt that finds nothing fails.
    let err = tool_fails(&["hunt", "rook,a1,11", "--time", "1s", "--csv"]);
    assert!(err.contains("found no magic for rook,a1,11;"), "{err}");
    let err = tool_fails(&["hunt", "rook,a1,11", "rook,h1,11", "--time", "1s"]);
    assert!(err.contains("found none of the 2 targets;"), "{err}");
    // A target an exhaustive search has ruled out is refused, not hunted,
    // and `all` leaves such squares out: 24 bishops are left to hunt.
    let err = tool_fails(&["hunt", "rook,b2,9"]);
    assert!(
        err.contains(
            "rook b2 at 9 bits has no magic: exhaustive search rules out fewer than 10; \
             hunt 10 bits or more"
        ),
        "{err}"
    );
    let err = tool_fails(&["hunt", "bishop,all", "--time", "0s", "--csv"]);
    assert!(
        err.contains("bishop,all: leaving out 40 squares proven to have no magic")
            && err.contains("found none of the 24 targets"),
        "{err}"
    );
    // A state file that cannot be written fails before the hunt.
    let err = tool_fails(&["hunt", "bishop,b1,4", "--state", "/nonexistent/dir/state"]);
    assert!(err.contains("/nonexistent/dir/state"), "{err}");
    // A magic that is neither black nor fixed-shift is named.
    let dir = scratch_dir("bad-magic");
    let black = std::fs::read_to_string("../data/black-magics.csv").unwrap();
    // Rook a1's magic replaced by 1, which maps every occupancy to one slot.
    let bad: String = black
        .lines()
        .map(|l| match l.strip_prefix("rook,0,") {
            Some(rest) => format!("rook,0,0x1,{}\n", rest.split_once(',').unwrap().1),
            None => format!("{l}\n"),
        })
        .collect();
    std::fs::write(dir.join("bad.csv"), bad).unwrap();
    let err = tool_fails(&["pack", dir.join("bad.csv").to_str().unwrap()]);
    assert!(err.contains("magic of a1 clashes"), "{err}");
    let black = "../data/black-magics.csv";
    let wrong_values: [(&[&str], &str); 6] = [
        // No restart at all is refused rather than run as one.
        (&["pack", black, "--restarts", "0"], "give at least 1"),
        // A negative number is a wrong value of its option, not an
        // unknown flag.
        (
            &["pack", black, "--anneal", "-1"],
            "invalid value '-1' for '--anneal",
        ),
        (
            &["hunt", "rook,a1,12", "--seed", "-3"],
            "invalid value '-3' for '--seed",
        ),
        // Times are whole numbers of a unit, and short enough to count.
        (
            &["settle", "rook,a1,11", "--time", "1.5m"],
            "a whole number of s, m or h",
        ),
        (
            &["hunt", "rook,a1,11", "--time", "400000000000000000m"],
            "a time too long to count in seconds",
        ),
        // A slice of a walk gets somewhere in a second, not in none.
        (
            &["settle", "rook,a1,11", "--keep-every", "0s"],
            "give 1s or longer, not `0s`",
        ),
    ];
    for (args, says) in wrong_values {
        let err = tool_fails(args);
        assert!(err.contains(says), "{args:?}: {err}");
    }
    // A file that no hunt, settle or pack wrote is named, not taken for one.
    std::fs::write(dir.join("notes.txt"), "to do: merge the shards\n").unwrap();
    let notes = dir.join("notes.txt");
    let err = tool_fails(&["merge", notes.to_str().unwrap()]);
    assert!(
        err.contains("notes.txt: neither a hunt or settle state nor a pack output"),
        "{err}"
    );
}

#[test]
fn generate_lists_every_scheme_and_says_why_its_packing_is_longer() {
    let (help, _) = tool(&["generate", "--help"]);
    for scheme in Scheme::ALL.into_iter().filter(|s| s.has_magics()) {
        assert!(help.contains(scheme.name()), "{scheme}: {help}");
    }
    let (out, _) = tool(&["generate", "--scheme", "black", "--seed", "3"]);
    assert!(out.contains("the published set"), "{out}");
    let (csv, _) = tool(&["generate", "--scheme", "magic32", "--seed", "3", "--csv"]);
    assert!(csv.contains("32-bit products"), "{csv}");
}

/// `generate --rust` of every scheme with magics, and `pack --rust` of the
/// black and fixed-shift record layouts, pasted into one crate as a module
/// each, builds: the constants, the length and the builder call are all
/// there, and a packed layout is as long as `pack`'s rows say.
#[test]
fn pasted_rust_of_generate_and_pack_builds() {
    let dir = scratch_dir("generated-rust");
    std::fs::create_dir_all(dir.join("src")).unwrap();
    let runtime = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../magic-runtime");
    std::fs::write(
        dir.join("Cargo.toml"),
        format!(
            "[package]\nname = \"pasted\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n\
             [dependencies]\nmagic-runtime = {{ path = {:?}, default-features = false }}\n\n[workspace]\n",
            runtime.display().to_string()
        ),
    )
    .unwrap();
    let mut main = String::new();
    for scheme in Scheme::ALL.into_iter().filter(|s| s.has_magics()) {
        let (out, _) = tool(&[
            "generate",
            "--scheme",
            scheme.name(),
            "--seed",
            "2",
            "--rust",
        ]);
        let rust = out
            .split_once("// magic_runtime constants and tables:\n")
            .unwrap_or_else(|| panic!("{scheme}: no Rust in {out}"))
            .1;
        main += &format!("#[allow(dead_code)]\nmod {} {{\n{rust}}}\n", scheme.name());
        main += &format!(
            "fn {}() -> u64 {{ {}::SLIDERS.rook(0, 0) }}\n",
            scheme.name(),
            scheme.name()
        );
    }
    let mut packed = String::new();
    for name in ["black", "fixed-shift"] {
        let file = format!("../data/{name}-repacked.csv");
        let (rows, _) = tool(&["pack", &file, "--effort", "0"]);
        let entries = number_between(&rows, "entries ", "\n");
        let (rust, _) = tool(&["pack", &file, "--effort", "0", "--rust"]);
        assert!(rust.starts_with("// "), "{rust}");
        let module = name.replace('-', "_");
        main += &format!("#[allow(dead_code)]\nmod packed_{module} {{\n{rust}}}\n");
        packed += &format!(
            "    assert_eq!(packed_{module}::SLIDERS.entries().len(), {entries});\n\
                 assert_eq!(packed_{module}::SLIDERS.rook(0, 0).count_ones(), 14);\n"
        );
    }
    main += "fn main() {\n";
    for scheme in Scheme::ALL.into_iter().filter(|s| s.has_magics()) {
        main += &format!("    assert_eq!({}().count_ones(), 14);\n", scheme.name());
    }
    main += &packed;
    main += "}\n";
    std::fs::write(dir.join("src/main.rs"), main).unwrap();
    let out = Command::new(env!("CARGO"))
        .args(["run", "-q"])
        .env("CARGO_TARGET_DIR", dir.join("target"))
        .current_dir(&dir)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn settle_walks_from_the_lowest_bits_when_asked() {
    // Rook h8 has no magic at 8 bits, and magics at 12 (its mask's).
    let (out, _) = tool(&["settle", "rook,h8,8", "rook,h8,12", "--low-bits-first"]);
    let lines: Vec<&str> = out.lines().collect();
    assert!(
        lines[0].starts_with(
            "rook h8 at 8 bits: no magic exists: all 2^49 magics ruled out, walked from their \
             lowest bits ("
        ),
        "{out}"
    );
    let magic = magic_answered(lines[1]);
    let o = Occupancies::new(Piece::Rook, 63);
    assert!(
        Scratch::default().fits(&o, Hash::Multiply, magic, 12),
        "{out}"
    );
    // Stopped, it says how far it got, keeps the parts walked, and fails
    // with the way to go on.
    let dir = scratch_dir("settle-low-bits");
    let (ok, out, err) = run_tool(
        &dir,
        &[
            "settle",
            "rook,a8,10",
            "--low-bits-first",
            "--time",
            "1s",
            "--state",
            "a8",
        ],
    );
    assert!(!ok, "{out}");
    assert!(
        err.contains("run the same command to go on from a8"),
        "{err}"
    );
    let ruled_out = number_between(&out, "not settled: ", " of ");
    let kept = std::fs::read_to_string(dir.join("a8")).unwrap();
    let rows = kept.lines().filter(|l| l.starts_with("rook,a8,10,low:"));
    assert_eq!(rows.count() as u64, ruled_out, "{out}\n{kept}");
}

#[test]
fn the_walk_from_the_lowest_bits_shards_and_goes_on_from_its_state_file() {
    let dir = scratch_dir("settle-low-bits-states");
    let low = |args: &[&str]| {
        let mut all = vec!["settle", "--low-bits-first"];
        all.extend(args);
        tool_in(&dir, &all).0
    };
    // Rook h8 at 8 bits has no magic: three shards' files merged are the
    // file of one run, and answer without walking again.
    let whole = low(&["rook,h8,8", "--state", "whole"]);
    let args = ["settle", "--low-bits-first", "rook,h8,8"];
    let (outs, merged) = settle_in_shards(&dir, &args, 3);
    for (i, out) in outs.iter().enumerate() {
        assert!(
            out.contains(&format!(": no magic in shard {i}/3 (")),
            "{out}"
        );
    }
    let one_run = std::fs::read_to_string(dir.join("whole")).unwrap();
    assert_eq!(merged, one_run);
    std::fs::write(dir.join("merged"), merged).unwrap();
    let answer = low(&["rook,h8,8", "--state", "merged"]);
    assert_eq!(verdict(&answer), verdict(&whole), "{answer}");
    // Rook h8 at 12 bits has magics: half the parts kept, the other half
    // walked, the same first magic as one run.
    let whole = low(&["rook,h8,12"]);
    low(&["rook,h8,12", "--shard", "1/2", "--state", "half"]);
    let rest = low(&["rook,h8,12", "--state", "half"]);
    assert_eq!(magic_answered(&rest), magic_answered(&whole), "{rest}");
    // A shard past the parts, and kept parts that another walk split
    // otherwise or that hold another part's magic, are refused.
    let err = tool_fails(&[
        "settle",
        "rook,h8,8",
        "--low-bits-first",
        "--shard",
        "300/400",
    ]);
    assert!(
        err.contains("has 257 parts; use at most 257 shards"),
        "{err}"
    );
    for (file, row, says) in [
        (
            "split",
            "rook,h8,8,low:3/300,-,1\n",
            "has 257 parts, where the file's rows have 300",
        ),
        (
            "elsewhere",
            "rook,h8,12,low:3/384,0x1,1\n",
            "a magic of another part",
        ),
    ] {
        std::fs::write(dir.join(file), row).unwrap();
        let target = row.split(",low").next().unwrap();
        let (ok, _, err) = run_tool(
            &dir,
            &["settle", target, "--low-bits-first", "--state", file],
        );
        assert!(!ok && err.contains(says), "{err}");
    }
    let err = tool_fails(&[
        "settle",
        "rook,h8,8",
        "--low-bits-first",
        "--shift-in-magic",
    ]);
    assert!(err.contains("cannot be used with"), "{err}");
}
