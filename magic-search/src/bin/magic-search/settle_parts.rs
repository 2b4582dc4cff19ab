//! The walks of one `settle` question on every thread: each part (or pair
//! of parts) from where a run before left it, in slices kept as they go,
//! with a line in a job's log every `--keep-every`.

use crate::settle::{progress_bar, raise_when_due, DoneOnDrop, Plan, Question, Scope};
use crate::settle_keeper::Keeper;
use magic_search::{fewest_known_bits, HuntTarget, MagicQuestion, Settled, Stopped};
use rayon::prelude::*;
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// What the walks of a run found.
pub struct Walked {
    /// The lowest magic the walks and the state file give, with its part.
    pub found: Option<(u64, u64)>,
    /// How many parts were stopped before they were settled.
    pub unfinished: u64,
    /// Intervals looked at in this run.
    pub nodes: u64,
    /// How long the walks took.
    pub seconds: f64,
}

/// Walks the parts left of `plan`, on every thread, until the lowest part
/// with a magic is found, all are settled, or the run is stopped; keeps
/// in `keeper` what each part settled, or how far it got.
pub fn walk_parts(
    plan: &Plan,
    q: &Question,
    scope: Scope,
    keeper: &Keeper,
    interrupted: &AtomicBool,
    logged: bool,
) -> Result<Walked, String> {
    let Plan {
        question,
        target,
        todo,
        reached,
        ..
    } = plan;
    let (target, keep_every) = (*target, scope.keep_every);
    // A walk of a pair also goes through the mirror's near misses from its
    // top down, so where magics are known with these bits, it may go far
    // before the magic that a walk of the mirror alone finds at once.
    let pairs = question.pairs_pay() && q.bits < fewest_known_bits(q.piece, q.square);
    let work = pair_up(question, todo, pairs, reached);
    let bar = progress_bar(todo.len());
    // Slices of a walk are kept only where there is a file to keep them.
    let slices = keeper.path.is_some().then_some(keep_every);
    let nodes = AtomicU64::new(0);
    let unfinished = AtomicU64::new(0);
    // The lowest magic found in the mirror of a pair, with its part.
    let mirrored = Mutex::new(None);
    let failed = Mutex::new(None);
    let (stop, done) = (AtomicBool::new(false), AtomicBool::new(false));
    let start = Instant::now();
    let found = std::thread::scope(|threads| {
        let (stop, done) = (&stop, &done);
        threads.spawn(move || raise_when_due(stop, done, start, scope.time, interrupted));
        if logged {
            // A job's log has no bar: every --keep-every, a line says how
            // far the run got.
            let asked = q.name();
            threads.spawn(move || {
                // Past the clock's range: no line.
                let mut next = start.checked_add(keep_every);
                while !done.load(Ordering::Relaxed) {
                    if next.is_some_and(|next| Instant::now() >= next) {
                        let (left, share) = left_and_share(question, target, keeper, todo);
                        eprintln!(
                            "{asked}: {left} of {} left{}, {:.0} s",
                            crate::count(todo.len() as u64, "part"),
                            ruled_out(left, share),
                            start.elapsed().as_secs_f64()
                        );
                        next = next.and_then(|next| next.checked_add(keep_every));
                    }
                    std::thread::sleep(Duration::from_millis(20));
                }
            });
        }
        // Nothing more can be kept: stop, and say why.
        let give_up = |e: String| {
            failed
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .get_or_insert(e);
            stop.store(true, Ordering::Relaxed);
        };
        // Walks part `part` (with its mirror, for a pair) from where a run
        // before stopped it, if one did, keeping how far each slice got;
        // keeps what it settled, or how far it got when stopped, and counts
        // its intervals and parts.
        let walk = |part: u64, with_mirror: bool| {
            let first = Stopped {
                nodes: 0,
                reached: question.first_of(part),
                with_mirror,
            };
            // A pair's row holds for its lower part walked alone too.
            let before = reached.get(&part).map_or(first, |&before| Stopped {
                with_mirror,
                ..before
            });
            let keep = |stopped| {
                keeper.record_reached(target, part, stopped);
                keeper.save().unwrap_or_else(give_up);
            };
            let walked = in_slices(question, part, before, stop, slices, keep);
            let parts = 1 + u64::from(with_mirror);
            // The intervals of this run: a walk that went on counts those
            // of the runs before too.
            let seen = match walked {
                Ok((low, _)) => low.nodes,
                Err(stopped) => stopped.nodes,
            } - before.nodes;
            let seen = nodes.fetch_add(seen, Ordering::Relaxed) + seen;
            bar.set_message(format!("{seen} intervals"));
            match walked {
                Ok((low, high)) => {
                    keeper.record(target, part, low).unwrap_or_else(give_up);
                    if let Some(high) = high {
                        let mirror = question.mirror(part);
                        keeper.record(target, mirror, high).unwrap_or_else(give_up);
                    }
                    // A mirror left open is walked by itself.
                    bar.inc(1 + u64::from(high.is_some()));
                    Some((low, high.is_none() && with_mirror))
                }
                Err(stopped) => {
                    // Kept, to go on from there, where it got anywhere.
                    if stopped.reached > before.reached {
                        keeper.record_reached(target, part, stopped);
                    }
                    unfinished.fetch_add(parts, Ordering::Relaxed);
                    None
                }
            }
        };
        // Searches one piece of work and gives the magic of its first part,
        // if any. The mirror of a pair lies above every part searched
        // before it: its magic is kept aside.
        let search = |work: Work| {
            let (part, with_mirror) = match work {
                Work::Pair(part) => (part, true),
                Work::Part(part) => (part, false),
            };
            let (low, mirror_open) = walk(part, with_mirror)?;
            if let Some(m) = low.magic {
                return Some((part, m));
            }
            let mirror = question.mirror(part);
            if mirror_open {
                let (high, _) = walk(mirror, false)?;
                if let Some(m) = high.magic {
                    let mut lowest = mirrored.lock().unwrap_or_else(|e| e.into_inner());
                    *lowest =
                        Some(lowest.map_or((mirror, m), |low: (u64, u64)| low.min((mirror, m))));
                }
            }
            None
        };
        let _done = DoneOnDrop(done);
        // The lowest part first: the magic printed is the lowest there is,
        // however many threads search (when no part below it was stopped).
        work.par_iter().find_map_first(|&work| search(work))
    });
    bar.finish_and_clear();
    if let Some(e) = failed.into_inner().unwrap_or_else(|e| e.into_inner()) {
        return Err(e);
    }
    // Every part searched lies below a kept magic's; the mirror of a pair
    // lies above every part searched before it, but may lie below a part
    // searched after it, by itself: the lowest of the three.
    let mirrored = mirrored.into_inner().unwrap_or_else(|e| e.into_inner());
    Ok(Walked {
        found: [found, mirrored, plan.kept_magic]
            .into_iter()
            .flatten()
            .min(),
        unfinished: unfinished.into_inner(),
        nodes: nodes.into_inner(),
        seconds: start.elapsed().as_secs_f64(),
    })
}

/// How many of the parts `todo` are not settled yet, and what share of
/// their magics is ruled out, this run and the runs before.
pub fn left_and_share(
    question: &MagicQuestion,
    target: HuntTarget,
    keeper: &Keeper,
    todo: &[u64],
) -> (usize, f64) {
    let settled = keeper.kept(target, todo);
    let left: Vec<u64> = (todo.iter().copied())
        .filter(|part| !settled.contains_key(part))
        .collect();
    // A walk of a pair, kept for its lower part, rules out as large a
    // share of the mirror's magics: the complements of the part's.
    let share_of = |part: u64| {
        let mirror = question.mirror(part);
        match (keeper.reached(target, part), keeper.reached(target, mirror)) {
            (Some(s), _) => question.share_below(part, s.reached),
            (None, Some(s)) if s.with_mirror => question.share_below(mirror, s.reached),
            _ => 0.0,
        }
    };
    let share = (left.iter()).map(|&part| share_of(part)).sum::<f64>() / left.len().max(1) as f64;
    (left.len(), share)
}

/// `, x% of its (or their) magics ruled out`, of the `left` parts, or
/// nothing where none is.
pub fn ruled_out(left: usize, share: f64) -> String {
    let whose = if left == 1 { "its" } else { "their" };
    match 100.0 * share {
        0.0 => String::new(),
        pct if pct < 0.1 => format!(", under 0.1% of {whose} magics ruled out"),
        pct => format!(", {pct:.1}% of {whose} magics ruled out"),
    }
}

/// What part `part` holds, and with [`Stopped::with_mirror`] its mirror
/// ([`MagicQuestion::pair_until`]), its walk going on from `before`: where
/// runs before stopped it, or the part's first magic with no intervals;
/// the intervals, or how far it got, of all the runs. With `keep_every`,
/// the walk goes in slices of that long, each going on where the one
/// before stopped, and gives `keep` how far each got: what a run killed
/// without warning would otherwise lose. A walk of a pair that finds a
/// complement to be a magic goes on with the part alone, and leaves the
/// mirror open.
fn in_slices(
    question: &MagicQuestion,
    part: u64,
    before: Stopped,
    stop: &AtomicBool,
    keep_every: Option<Duration>,
    keep: impl Fn(Stopped),
) -> Result<(Settled, Option<Settled>), Stopped> {
    let (mut at, mut slice) = (before, keep_every);
    loop {
        // A slice too long to end (past the clock's range) is no slice.
        let by = slice.and_then(|s| Instant::now().checked_add(s));
        let from = at.reached;
        let walked = match (at.with_mirror, by) {
            (true, None) => question.pair_from_until(part, from, stop),
            (true, Some(by)) => question.pair_from_until_by(part, from, stop, by),
            (false, None) => question
                .part_from_until(part, from, stop)
                .map(|s| (s, None)),
            (false, Some(by)) => {
                (question.part_from_until_by(part, from, stop, by)).map(|s| (s, None))
            }
        };
        let stopped = match walked {
            Ok((low, high)) => {
                let nodes = at.nodes + low.nodes;
                return Ok((Settled { nodes, ..low }, high));
            }
            Err(stopped) => Stopped {
                nodes: at.nodes + stopped.nodes,
                ..stopped
            },
        };
        if slice.is_none() || stop.load(Ordering::SeqCst) {
            return Err(stopped);
        }
        match stopped.reached > from {
            true => keep(stopped),
            // A slice too short to leave an interval behind: longer ones.
            false => slice = slice.map(|s| s.saturating_mul(2)),
        }
        at = stopped;
    }
}

/// A search the threads take: a pair of parts in one walk, or one part
/// whose mirror is kept or not needed.
#[derive(Clone, Copy)]
enum Work {
    /// A part and its mirror, the part the lower.
    Pair(u64),
    Part(u64),
}

/// The parts `todo` (in order) as searches, in the order of their first
/// part: with `pairs`, a part and its mirror both to do are walked at once,
/// going on where a walk of the pair stopped before (`reached`, still
/// answering for the mirror); where a walk of either was stopped
/// otherwise, each goes on from there alone.
fn pair_up(
    question: &MagicQuestion,
    todo: &[u64],
    pairs: bool,
    reached: &BTreeMap<u64, Stopped>,
) -> Vec<Work> {
    let to_do = |part: u64| pairs && todo.binary_search(&part).is_ok();
    todo.iter()
        .filter_map(|&part| {
            let mirror = question.mirror(part);
            let (low, high) = (part.min(mirror), part.max(mirror));
            let paired = to_do(low)
                && to_do(high)
                && reached.get(&low).is_none_or(|r| r.with_mirror)
                && !reached.contains_key(&high);
            match (paired, part == low) {
                (true, true) => Some(Work::Pair(part)),
                // Walked with the lower part of its pair.
                (true, false) => None,
                (false, _) => Some(Work::Part(part)),
            }
        })
        .collect()
}
