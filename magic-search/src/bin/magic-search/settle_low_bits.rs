//! `magic-search settle --low-bits-first`: a question walked from the
//! magics' lowest bits up, in parts that a state file keeps and a job
//! array's shards share.

use crate::settle::{progress_bar, raise_when_due, Answer, DoneOnDrop, Question};
use crate::settle_keeper::Keeper;
use magic_search::{LowBitsAnswer, LowBitsParts, MagicQuestion, Shard};
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

/// Refuses a shard past the walk's parts, and kept parts that this walk of
/// `q` does not have: before anything is walked.
pub fn check(
    q: &Question,
    parts: &LowBitsParts<'_>,
    shard: Shard,
    keeper: &Keeper,
) -> Result<(), String> {
    let of = parts.len();
    if shard.count > of.max(1) {
        return Err(format!(
            "shard {shard}: the walk of {} from the lowest bits has {}; use at most {} shards",
            q.name(),
            crate::count(of, "part"),
            of.max(1)
        ));
    }
    let file = keeper.file();
    for (part, kept_of, settled) in keeper.low_parts(q.target()) {
        if kept_of != of {
            return Err(format!(
                "{file}: the walk of {} from the lowest bits has {of} parts, where the file's \
                 rows have {kept_of}: another version of magic-search wrote them; give another \
                 --state file",
                q.name()
            ));
        }
        if let Some(m) = settled.magic.filter(|&m| parts.part_of(m) != Some(part)) {
            return Err(format!(
                "{file}: part {part} of the walk of {} from the lowest bits holds {m:#x}, a \
                 magic of another part, so `settle` did not write it; give another --state file",
                q.name()
            ));
        }
    }
    Ok(())
}

/// What one run's walk of some parts came to.
#[derive(Default)]
struct Walked {
    /// Magics found, each with its part.
    magics: Vec<(u64, u64)>,
    /// Parts called off before they ended.
    stopped: Vec<u64>,
    /// Parts walked to the end without a magic.
    ruled_out: u64,
    /// Prefixes looked at.
    nodes: u64,
}

/// Walks the parts `todo` in order on every core, until `time` has gone by
/// since `start` or Ctrl-C or SIGTERM, keeping each part that ends with
/// `keep`: what they came to, or why nothing more could be kept.
fn walk(
    parts: &LowBitsParts<'_>,
    todo: &[u64],
    (start, time): (Instant, Option<Duration>),
    interrupted: &AtomicBool,
    keep: impl Fn(u64, Option<u64>, u64) -> Result<(), String> + Sync,
) -> Result<Walked, String> {
    let bar = progress_bar(todo.len());
    let walked = Mutex::new(Walked {
        nodes: parts.listing_nodes(),
        ..Walked::default()
    });
    let failed = Mutex::new(None);
    let (stop, done) = (AtomicBool::new(false), AtomicBool::new(false));
    std::thread::scope(|scope| {
        scope.spawn(|| raise_when_due(&stop, &done, start, time, interrupted));
        let _done = DoneOnDrop(&done);
        // The threads take the parts in order and none past the first magic:
        // the magic printed is the walk's first (when no part before it was
        // stopped), however many threads walk.
        parts.walk_in_order(todo, &stop, |part, answer| {
            let kept = match *answer {
                Ok(LowBitsAnswer { magic, nodes }) => keep(part, magic, nodes),
                Err(_) => Ok(()),
            };
            if let Err(e) = kept {
                // Nothing more can be kept: stop, and say why.
                failed
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .get_or_insert(e);
                stop.store(true, Ordering::Relaxed);
            }
            let mut walked = walked.lock().unwrap_or_else(PoisonError::into_inner);
            let nodes = match *answer {
                Ok(LowBitsAnswer {
                    magic: Some(m),
                    nodes,
                }) => {
                    walked.magics.push((part, m));
                    nodes
                }
                Ok(LowBitsAnswer { magic: None, nodes }) => {
                    walked.ruled_out += 1;
                    nodes
                }
                Err(called_off) => {
                    walked.stopped.push(part);
                    called_off.nodes
                }
            };
            walked.nodes += nodes;
            bar.inc(1);
            bar.set_message(format!("{} prefixes", walked.nodes));
        });
    });
    bar.finish_and_clear();
    match failed.into_inner().unwrap_or_else(PoisonError::into_inner) {
        Some(e) => Err(e),
        None => Ok(walked.into_inner().unwrap_or_else(PoisonError::into_inner)),
    }
}

/// The question's line: the first magic of the shard's parts in the walk's
/// order, that none exists, or how far the walk got before `time` ran out
/// or Ctrl-C or SIGTERM stopped it. The parts walked are kept as they
/// finish.
pub fn answer(
    q: &Question,
    (shard, time): (Shard, Option<Duration>),
    keeper: &Keeper,
    interrupted: &AtomicBool,
) -> Result<Answer, String> {
    let start = Instant::now();
    let question = MagicQuestion::new(q.piece, q.square, q.bits);
    let width = question.width();
    let parts = question.low_bits_parts();
    let (of, target, asked) = (parts.len(), q.target(), q.name());
    let mine: Vec<u64> = (0..of).filter(|p| p % shard.count == shard.index).collect();
    let kept: BTreeMap<u64, Option<u64>> = keeper
        .low_parts(target)
        .into_iter()
        .filter(|(part, _, _)| part % shard.count == shard.index)
        .map(|(part, _, settled)| (part, settled.magic))
        .collect();
    // A kept part with a magic leaves only the parts before it to walk.
    let kept_magic = kept.iter().find_map(|(&part, &m)| m.map(|m| (part, m)));
    let todo: Vec<u64> = mine
        .iter()
        .copied()
        .filter(|part| !kept.contains_key(part) && kept_magic.is_none_or(|(k, _)| *part < k))
        .collect();
    if !std::io::IsTerminal::is_terminal(&std::io::stderr()) {
        // No bar to draw: say once what the wait is for.
        let limit = time.map_or(String::new(), |t| {
            format!(", for at most {} s", t.as_secs())
        });
        eprintln!(
            "settling {asked} from the magics' lowest bits: {} of the walk's {of}{limit}{}",
            crate::count(todo.len() as u64, "part"),
            keeper.kept_note(kept.len())
        );
    }
    let walked = walk(
        &parts,
        &todo,
        (start, time),
        interrupted,
        |part, m, nodes| keeper.record_low(target, part, of, m, nodes),
    )?;
    let found = walked.magics.iter().copied().chain(kept_magic).min();
    // Parts stopped before the magic found may hold an earlier one.
    let open_before = |part: u64| walked.stopped.iter().any(|&s| s < part);
    let whole = match shard == Shard::WHOLE {
        true => String::new(),
        false => format!(" in shard {shard}"),
    };
    let seconds = start.elapsed().as_secs_f64();
    let prefixes = match walked.nodes {
        1 => "1 prefix".to_string(),
        n => format!("{n} prefixes"),
    };
    let cost = format!("{prefixes}, {seconds:.1} s{}", keeper.kept_note(kept.len()));
    let matter = format!("only its low {width} bits matter");
    let line = match found {
        Some((part, magic)) if !open_before(part) => format!(
            "{asked}: {magic:#x}, the first magic of the walk from the lowest bits{whole} \
             ({matter}; {cost})\n"
        ),
        Some((_, magic)) => format!(
            "{asked}: {magic:#x}, a magic{whole} ({matter}; earlier ones in the walk's order may \
             lie in parts not finished; {cost})\n"
        ),
        None if walked.stopped.is_empty() && shard == Shard::WHOLE => format!(
            "{asked}: no magic exists: all 2^{width} magics ruled out, walked from their lowest \
             bits ({}, {cost})\n",
            crate::count(of, "part")
        ),
        None if walked.stopped.is_empty() => format!(
            "{asked}: no magic{whole} ({} of the {of} parts of the walk from the lowest bits; \
             {cost})\n",
            mine.len()
        ),
        None => {
            let why = match interrupted.load(Ordering::SeqCst) {
                true => "stopped by Ctrl-C or SIGTERM",
                false => "not finished in time",
            };
            let longer = time.map_or("", |_| "give it longer (--time), or ");
            let go_on = keeper.go_on(&format!("{longer}keep the parts walked with --state FILE"));
            // Those kept, and those this run walked to the end: no magic
            // was found, so none holds one.
            let ruled_out = kept.len() as u64 + walked.ruled_out;
            let left = mine.len() as u64 - ruled_out;
            format!(
                "{asked}: not settled{whole}: {ruled_out} of {} parts ruled out, {left} {why} \
                 ({cost}); {go_on}, or split it over machines (--shard)\n",
                mine.len()
            )
        }
    };
    Ok(Answer {
        line,
        settled: found.is_some() || walked.stopped.is_empty(),
    })
}
