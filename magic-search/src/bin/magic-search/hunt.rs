//! `magic-search hunt`: fewer-bit magics on every core, with a time budget,
//! a progress bar and a state file to resume from.

use indicatif::{ProgressBar, ProgressStyle};
use magic_search::source::rust_source;
use magic_search::{
    default_bits, fewer_bits_proven_impossible, fewest_known_bits, relevant_mask, shipped_set,
    square_name, with_hunted, HuntState, HuntTarget, Piece, Scheme,
};
use rayon::prelude::*;
use std::fmt::Write as _;
use std::path::PathBuf;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

/// What `hunt` was asked for.
#[derive(clap::Args)]
pub struct HuntArgs {
    /// What to hunt: `rook,b8,10` (piece, square, bits), `rook,b8` (one
    /// bit fewer than the mask has) or `bishop,all` (every square, one
    /// bit fewer). Leave out to resume the hunt in --state.
    targets: Vec<String>,
    /// Seed of the candidates (decimal or 0x-prefixed hex).
    #[arg(long, value_parser = crate::parse_u64, default_value_t = magic_search::DEFAULT_SEED)]
    seed: u64,
    /// Stop after this long: 90s, 10m, 2h. Without it, run until every
    /// target is found.
    #[arg(long, value_parser = crate::parse_duration)]
    time: Option<Duration>,
    /// Worker threads (default: one per core).
    #[arg(long)]
    threads: Option<usize>,
    /// State file: written after every round, read to resume.
    #[arg(long, value_name = "FILE")]
    state: Option<PathBuf>,
    /// Print `piece,square,bits,magic` rows instead of Rust source.
    #[arg(long)]
    csv: bool,
    /// Search only shard `i/n` of every target's chunks (those whose number
    /// leaves remainder i divided by n), for a job array: run shards 0/n to
    /// n-1/n anywhere, each with its own --state, then `merge` the states.
    #[arg(long)]
    shard: Option<magic_search::Shard>,
}

/// Expands `piece,square[,bits]` and `piece,all[,bits]`: without bits,
/// one fewer than the square's mask has.
///
/// Targets an exhaustive search has ruled out are refused, as no hunt can
/// find them; `all` leaves them out, and says how many.
pub fn targets(specs: &[String]) -> Result<Vec<HuntTarget>, String> {
    let mut out = Vec::new();
    for spec in specs {
        let found =
            crate::expand_targets(
                std::slice::from_ref(spec),
                |piece, square, bits| match bits {
                    Some(bits) => HuntTarget::with_bits(piece, square, bits),
                    None => Ok(fewer(piece, square)),
                },
            )?;
        let (possible, ruled_out): (Vec<_>, Vec<_>) = found
            .into_iter()
            .partition(|t| fewest_possible(t).is_none());
        let all = spec.split(',').nth(1).is_some_and(|s| s.trim() == "all");
        match ruled_out.first() {
            Some(t) if !all => {
                let fewest = fewest_possible(t).unwrap_or(t.bits);
                return Err(format!(
                    "{} {} at {} bits has no magic: exhaustive search rules out fewer than {fewest}; \
                     hunt {fewest} bits or more",
                    t.piece.name(),
                    square_name(t.square),
                    t.bits
                ));
            }
            Some(_) => eprintln!(
                "{spec}: leaving out {} proven to have no magic with so few bits",
                crate::count(ruled_out.len() as u64, "square")
            ),
            None => {}
        }
        out.extend(possible);
    }
    Ok(out)
}

/// The fewest bits a magic of `t`'s square can have, when an exhaustive
/// search has shown that `t` asks for fewer; `None` when `t` may have one.
fn fewest_possible(t: &HuntTarget) -> Option<u8> {
    let known = fewest_known_bits(t.piece, t.square);
    (u32::from(t.bits) < known && fewer_bits_proven_impossible(t.piece, t.square))
        .then_some(known as u8)
}

fn fewer(piece: Piece, square: usize) -> HuntTarget {
    HuntTarget {
        piece,
        square,
        bits: relevant_mask(piece, square).count_ones() as u8 - 1,
    }
}

pub fn hunt(args: HuntArgs) -> Result<String, String> {
    let wanted = targets(&args.targets)?;
    let mut state = load(&args, &wanted)?;
    if state.targets.is_empty() {
        return Err("nothing to hunt: give targets like `rook,b8,10` or `bishop,all`".into());
    }
    // Ctrl-C, or SIGTERM as a scheduler sends at a task's time limit, ends
    // the round in progress; the state is saved below.
    let stop = crate::raised_on_signal()?;
    // A state file that cannot be written is found out now, not after the
    // run; once it is written, a signal is caught.
    save(&args, &state)?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads.unwrap_or(0))
        .build()
        .map_err(|e| e.to_string())?;
    let threads = pool.current_num_threads() as u64;
    let bar = progress_bar(args.time);
    let start = Instant::now();
    let mut tries = 0u64;
    while !state.done() && !stop.load(Ordering::SeqCst) {
        if args.time.is_some_and(|t| start.elapsed() >= t) {
            break;
        }
        let open = state.targets.iter().filter(|t| t.found.is_none()).count() as u64;
        let per_target = (2 * threads).div_ceil(open).max(1);
        tries += pool.install(|| {
            state.round(per_target, |jobs| {
                jobs.par_iter().map(|j| j.run()).collect()
            })
        });
        save(&args, &state)?;
        let elapsed = start.elapsed();
        bar.set_position(elapsed.as_secs());
        bar.set_message(status(&state, tries as f64 / elapsed.as_secs_f64()));
    }
    bar.finish_and_clear();
    let mut out = report(&state, start.elapsed(), tries);
    if !state.done() {
        match &args.state {
            Some(path) => writeln!(
                out,
                "stopped; resume with `magic-search hunt --state {}`",
                path.display()
            ),
            None => writeln!(out, "stopped; give --state FILE to be able to resume"),
        }
        .unwrap();
    }
    eprint!("{out}");
    // A shard that found nothing has still done its part of the work.
    let whole = state.shard == magic_search::Shard::WHOLE;
    if whole && state.targets.iter().all(|t| t.found.is_none()) {
        let none = match state.targets.as_slice() {
            [one] => format!("found no magic for {}", one.target),
            all => format!("found none of the {} targets", all.len()),
        };
        return Err(format!(
            "{none}; hunt longer (--time), or resume with --state"
        ));
    }
    Ok(output(&state, args.csv))
}

/// The state to start from: the state file if it exists (its targets and
/// seed must agree with the ones given), otherwise a fresh hunt.
fn load(args: &HuntArgs, wanted: &[HuntTarget]) -> Result<HuntState, String> {
    let shard = args.shard.unwrap_or(magic_search::Shard::WHOLE);
    let fresh = HuntState::sharded(args.seed, wanted.to_vec(), shard);
    let Some(path) = &args.state else {
        return Ok(fresh);
    };
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(fresh),
        Err(e) => return Err(format!("cannot read {}: {e}", path.display())),
    };
    let state = HuntState::parse(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    let theirs: Vec<HuntTarget> = state.targets.iter().map(|t| t.target).collect();
    if !wanted.is_empty() && (theirs != wanted || state.seed != args.seed) {
        return Err(format!(
            "{} holds another hunt (seed {:#x}, {} targets); give no targets to resume it, or another --state file",
            path.display(),
            state.seed,
            theirs.len()
        ));
    }
    if args.shard.is_some_and(|s| s != state.shard) {
        return Err(format!(
            "{} holds shard {} of its hunt, not {shard}; leave out --shard to resume it",
            path.display(),
            state.shard
        ));
    }
    Ok(state)
}

fn save(args: &HuntArgs, state: &HuntState) -> Result<(), String> {
    let Some(path) = &args.state else {
        return Ok(());
    };
    crate::write_state(path, &state.to_text())
}

fn progress_bar(time: Option<Duration>) -> ProgressBar {
    match time {
        Some(t) => {
            let bar = ProgressBar::new(t.as_secs());
            bar.set_style(
                ProgressStyle::with_template("{elapsed_precise} [{bar:30}] {msg}")
                    .expect("a valid template")
                    .progress_chars("=> "),
            );
            bar
        }
        None => {
            let bar = ProgressBar::new_spinner();
            bar.set_style(
                ProgressStyle::with_template("{spinner} {elapsed_precise} {msg}")
                    .expect("a valid template"),
            );
            bar.enable_steady_tick(Duration::from_millis(200));
            bar
        }
    }
}

/// Tries per second, how many targets are found, and the best find: the
/// one that saves the most entries.
fn status(state: &HuntState, rate: f64) -> String {
    let found: Vec<_> = state.targets.iter().filter(|t| t.found.is_some()).collect();
    let best = found
        .iter()
        .max_by_key(|t| saving(&t.target))
        .map_or("none yet".to_string(), |t| describe(&t.target));
    format!(
        "{:.1}M tries/s, found {}/{}, best: {best}",
        rate / 1e6,
        found.len(),
        state.targets.len()
    )
}

fn describe(t: &HuntTarget) -> String {
    format!(
        "{} {} {} bits",
        t.piece.name(),
        square_name(t.square),
        t.bits
    )
}

/// Entries saved against the default bits.
fn saving(t: &HuntTarget) -> u64 {
    let default = default_bits(t.piece)[t.square];
    (1u64 << default).saturating_sub(1 << t.bits)
}

fn report(state: &HuntState, elapsed: Duration, tries: u64) -> String {
    let mut out = String::new();
    for t in &state.targets {
        let found = t.found.map_or("not found".into(), |m| format!("{m:#018x}"));
        writeln!(
            out,
            "{:<24} {found} after {} tries",
            describe(&t.target),
            t.tries()
        )
        .unwrap();
    }
    writeln!(
        out,
        "{tries} tries this run in {:.1} s ({:.1}M tries/s)",
        elapsed.as_secs_f64(),
        tries as f64 / elapsed.as_secs_f64().max(1e-9) / 1e6
    )
    .unwrap();
    out
}

/// The found magics: `piece,square,bits,magic` rows, or the whole fancy set
/// with them in place as Rust constants for `FancyTables::new`.
fn output(state: &HuntState, csv: bool) -> String {
    let found: Vec<(HuntTarget, u64)> = state
        .targets
        .iter()
        .filter_map(|t| Some((t.target, t.found?)))
        .collect();
    if csv {
        let mut out = format!(
            "# found by `magic-search hunt` with seed {:#x}\npiece,square,bits,magic\n",
            state.seed
        );
        for (t, magic) in found {
            writeln!(out, "{t},{magic:#018x}").unwrap();
        }
        return out;
    }
    let set = with_hunted(shipped_set(Scheme::Fancy), &found);
    let mut out = format!(
        "// The default fancy set with the {} magics found by `magic-search hunt`\n\
         // (seed {:#x}) in place: {} entries.\n\
         //\n\
         // static SLIDERS: magic_runtime::FancyTables<LEN> =\n\
         //     magic_runtime::FancyTables::new(&ROOK, &ROOK_BITS, &BISHOP, &BISHOP_BITS);\n",
        found.len(),
        state.seed,
        set.len
    );
    out.push_str(&rust_source(&set, "", true));
    out
}
