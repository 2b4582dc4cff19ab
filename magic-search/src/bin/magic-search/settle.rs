//! `magic-search settle`: whether a square has a magic with so many index
//! bits, answered by ruling out every magic or finding one.

use crate::settle_keeper::Keeper;
use indicatif::{ProgressBar, ProgressStyle};
use magic_search::{
    distinct_attack_sets, fewest_known_bits, min_bits, relevant_mask, square_name, HuntTarget,
    MagicQuestion, Piece, Settled, Shard, Stopped,
};
use rayon::prelude::*;
use std::collections::{BTreeMap, BTreeSet};
use std::ops::Range;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// What `settle` was asked for.
#[derive(clap::Args)]
pub struct SettleArgs {
    /// The questions, settled one after another: `bishop,c1,4` (piece,
    /// square, bits), `bishop,c1` (one bit fewer than the fewest known for
    /// the square) or `bishop,all` (every square, one bit fewer than its
    /// fewest known).
    #[arg(required = true)]
    targets: Vec<String>,
    /// Give up on a question after this long (90s, 10m, 2h) and say how
    /// far it got. Without it, settle every question however long it takes.
    #[arg(long, value_parser = crate::parse_duration)]
    time: Option<Duration>,
    /// Search only shard `i/n`. The magics are searched in 4,096 parts, by
    /// their top bits, and a part together with its mirror (the part of
    /// the magics' complements: 0 with 4,095, 1 with 4,094, ...), which
    /// one walk settles at once; the shard takes the pairs whose lower
    /// part leaves remainder i divided by n (with --low-bits-first, that
    /// walk's parts, every n-th from the i-th). The square has a magic
    /// when any shard finds one, none when every shard finds none.
    #[arg(long)]
    shard: Option<Shard>,
    /// Keep the parts searched in FILE: read first when it exists, and
    /// rewritten as parts finish, so that a run cut short (--time, Ctrl-C,
    /// a kill) searches only the other parts when run again. A part in
    /// progress is kept where its walk got to (a `below:` row, or
    /// `pair-below:` for a part walked with its mirror) when --time, Ctrl-C
    /// or SIGTERM stops it, and every --keep-every while it goes on, and
    /// the next run goes on from there. The files of several shards
    /// combine with `magic-search merge`.
    #[arg(long, value_name = "FILE")]
    state: Option<PathBuf>,
    /// How often a part in progress is kept where its walk got to while
    /// it goes on (with --state), so that a run killed without warning
    /// (out of memory, a scheduler's SIGKILL, a machine lost) loses at
    /// most about this much of each part in progress; and how often a run
    /// whose standard error is not a terminal (a job's log) says how far
    /// it got.
    #[arg(long, value_name = "TIME", default_value = "1m", value_parser = keep_every)]
    keep_every: Duration,
    /// Only magics that carry their shift (64 - bits) in their top six
    /// bits, as the shift_in_magic and shared schemes need: for a rook on
    /// the first rank, whose magics' bits up to 62 reach the index, the
    /// 128 parts whose top bits are the shift's; elsewhere every magic.
    #[arg(long)]
    shift_in_magic: bool,
    /// Walk the magics from their lowest bits up rather than from the top.
    /// It settles in seconds or minutes questions of squares whose mask
    /// lies mostly high, such as rooks on the eighth rank (rook h8 at 10
    /// bits: no magic, under a minute), which the walk from the top takes
    /// hours over; elsewhere (a rook on the first rank) it is the slower
    /// one. Its parts are the values of the magic's lowest bits that its
    /// first checks let through (at least 256): --shard takes every n-th,
    /// and --state keeps those walked (`low:` rows).
    #[arg(long, conflicts_with = "shift_in_magic")]
    low_bits_first: bool,
}

/// Parses --keep-every: a time as for --time, at least a second, so that
/// each slice of a walk gets somewhere.
fn keep_every(s: &str) -> Result<Duration, String> {
    let every = crate::parse_duration(s)?;
    match every >= Duration::from_secs(1) {
        true => Ok(every),
        false => Err(format!(
            "keep at most once a second: give 1s or longer, not `{s}`"
        )),
    }
}

/// One question: a piece on a square with so many index bits.
pub struct Question {
    pub piece: Piece,
    pub square: usize,
    pub bits: u32,
}

impl Question {
    pub fn name(&self) -> String {
        let (piece, square) = (self.piece.name(), square_name(self.square));
        format!("{piece} {square} at {} bits", self.bits)
    }

    /// The question as the state file names it. Only questions with parts
    /// to search are kept there, and those have at most 12 bits.
    pub fn target(&self) -> HuntTarget {
        HuntTarget {
            piece: self.piece,
            square: self.square,
            bits: self.bits as u8,
        }
    }

    /// One bit fewer than the fewest known for the square.
    fn fewer_than_known(piece: Piece, square: usize) -> Self {
        Question {
            piece,
            square,
            bits: fewest_known_bits(piece, square) - 1,
        }
    }
}

/// Expands `piece,square[,bits]` and `piece,all[,bits]`: without bits,
/// one fewer than the fewest known for the square. Bits too few to number
/// the square's attack sets are asked too: counting answers them.
fn questions(specs: &[String]) -> Result<Vec<Question>, String> {
    crate::expand_targets(specs, |piece, square, bits| {
        let Some(bits) = bits else {
            return Ok(Question::fewer_than_known(piece, square));
        };
        let max = relevant_mask(piece, square).count_ones();
        let bits = bits.parse().ok().filter(|&b| b <= max).ok_or_else(|| {
            let (piece, square) = (piece.name(), square_name(square));
            format!("bits must be a number from 0 to {max} for a {piece} on {square}: `{bits}`")
        })?;
        Ok(Question {
            piece,
            square,
            bits,
        })
    })
}

/// Prints each answer as soon as it is known (a long list is read as it
/// goes, and a run cut short keeps what it settled); nothing is left to
/// print at the end.
pub fn settle(args: SettleArgs) -> Result<String, String> {
    let shard = args.shard.unwrap_or(Shard::WHOLE);
    let questions = questions(&args.targets)?;
    let keeper = Keeper::load(args.state)?;
    // A shard past the last part would answer for nothing, and a state
    // file whose parts the questions do not have is another tool's: both
    // refused before anything is settled.
    for q in questions
        .iter()
        .filter(|q| q.bits >= min_bits(q.piece, q.square))
    {
        let question = MagicQuestion::new(q.piece, q.square, q.bits);
        if args.low_bits_first {
            crate::settle_low_bits::check(q, &question.low_bits_parts(), shard, &keeper)?;
            continue;
        }
        let keys = shard_keys(&question, args.shift_in_magic);
        if shard.count > keys {
            let what = match keys == question.parts() / 2 {
                true => "pairs of parts",
                false => "parts that can carry its shift",
            };
            return Err(format!(
                "shard {shard}: {} is searched in {keys} {what}; use at most {keys} shards",
                q.name()
            ));
        }
        keeper.check_parts(q, &question)?;
    }
    // Ctrl-C, or SIGTERM as a scheduler sends at a task's time limit, stops
    // the parts in progress; those finished are kept, and the others
    // where they got to.
    let interrupted = crate::raised_on_signal()?;
    // A state file that cannot be written is found out now, not after
    // hours of search; once it is written, a signal is caught.
    keeper.save()?;
    let (asked, mut unsettled) = (questions.len(), Vec::new());
    for question in questions {
        let scope = Scope {
            shard,
            time: args.time,
            keep_every: args.keep_every,
            shift_in_magic: args.shift_in_magic,
            low_bits_first: args.low_bits_first,
        };
        let answered = answer(&question, scope, &keeper, &interrupted);
        keeper.save()?;
        let answered = answered?;
        print!("{}", answered.line);
        if !answered.settled {
            unsettled.push(question.name());
        }
        if interrupted.load(Ordering::SeqCst) {
            let go_on = keeper.go_on("give --state FILE to keep the parts searched");
            return Err(format!("interrupted; {go_on}"));
        }
    }
    // A question left open is not a success: a job array's scheduler (or
    // a shell's `&&`) then knows that the task has more to do.
    if !unsettled.is_empty() {
        let go_on =
            keeper.go_on("give it longer (--time), or keep the parts searched with --state FILE");
        let which = match unsettled.as_slice() {
            [one] => one.clone(),
            many => format!("{} of {asked} questions (see their lines)", many.len()),
        };
        return Err(format!("not settled in time: {which}; {go_on}"));
    }
    Ok(String::new())
}

/// What [`answer`] says of one question: its line, and whether it is
/// settled (a magic found, or every part of the shard ruled out).
pub struct Answer {
    pub line: String,
    pub settled: bool,
}

/// How much of every question a run searches.
#[derive(Clone, Copy)]
struct Scope {
    shard: Shard,
    time: Option<Duration>,
    /// How often a part in progress is kept where it got to (with a state
    /// file), and a run whose output is not a terminal says how far it got.
    keep_every: Duration,
    /// Only magics that carry their shift in their top six bits.
    shift_in_magic: bool,
    /// Walk each question from the magics' lowest bits.
    low_bits_first: bool,
}

/// The parts a run searches of `question`: those whose magics can carry
/// the shift, with `shift_in_magic`, else all.
fn searched_parts(question: &MagicQuestion, shift_in_magic: bool) -> Range<u64> {
    match shift_in_magic {
        true => question.shift_carrying_parts(),
        false => 0..question.parts(),
    }
}

/// What a shard takes the parts searched by: a part goes with its
/// mirror, by the lower of the two.
fn shard_key(question: &MagicQuestion, part: u64) -> u64 {
    part.min(question.mirror(part))
}

/// How many shards the parts searched can be split in, each taking some.
fn shard_keys(question: &MagicQuestion, shift_in_magic: bool) -> u64 {
    let keys: BTreeSet<u64> = searched_parts(question, shift_in_magic)
        .map(|part| shard_key(question, part))
        .collect();
    keys.len() as u64
}

/// Raises `stop` once `time` has gone by since `start`, or on Ctrl-C or
/// SIGTERM, unless the search is `done` first: a search's own thread.
pub fn raise_when_due(
    stop: &AtomicBool,
    done: &AtomicBool,
    start: Instant,
    time: Option<Duration>,
    interrupted: &AtomicBool,
) {
    while !done.load(Ordering::Relaxed) {
        let late = time.is_some_and(|limit| start.elapsed() >= limit);
        if late || interrupted.load(Ordering::SeqCst) {
            stop.store(true, Ordering::Relaxed);
            return;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// One line: the lowest magic, that none exists, or how far the search got.
fn answer(
    q: &Question,
    scope: Scope,
    keeper: &Keeper,
    interrupted: &AtomicBool,
) -> Result<Answer, String> {
    let Scope {
        shard,
        time,
        keep_every,
        shift_in_magic,
        low_bits_first,
    } = scope;
    let asked = q.name();
    if q.bits < min_bits(q.piece, q.square) {
        let sets = distinct_attack_sets(q.piece, q.square);
        let slots = crate::count(1 << q.bits, "slot");
        return Ok(Answer {
            line: format!(
                "{asked}: no magic exists: {slots} cannot number its {sets} attack sets\n"
            ),
            settled: true,
        });
    }
    if low_bits_first {
        return crate::settle_low_bits::answer(q, (shard, time), keeper, interrupted);
    }
    let question = MagicQuestion::new(q.piece, q.square, q.bits);
    let width = question.width();
    let target = q.target();
    let searched = searched_parts(&question, shift_in_magic);
    let searchable = searched.end - searched.start;
    // Fewer parts than all: those that can carry the shift.
    let carrying = searchable < question.parts();
    let parts: Vec<u64> = searched
        .filter(|&part| shard_key(&question, part) % shard.count == shard.index)
        .collect();
    let kept = keeper.kept(target, &parts);
    // A kept part with a magic leaves only the parts below it to search:
    // any magic of a higher part is higher.
    let kept_magic = kept
        .iter()
        .find_map(|(&part, &magic)| magic.map(|m| (part, m)));
    let todo: Vec<u64> = parts
        .iter()
        .copied()
        .filter(|part| !kept.contains_key(part) && kept_magic.is_none_or(|(k, _)| *part < k))
        .collect();
    // A walk of a pair also goes through the mirror's near misses from its
    // top down, so where magics are known with these bits, it may go far
    // before the magic that a walk of the mirror alone finds at once.
    let pairs = question.pairs_pay() && q.bits < fewest_known_bits(q.piece, q.square);
    // Where a part was stopped before, its walk goes on from there, alone.
    let reached: BTreeMap<u64, Stopped> = todo
        .iter()
        .filter_map(|&part| keeper.reached(target, part).map(|r| (part, r)))
        .collect();
    let work = pair_up(&question, &todo, pairs, &reached);
    let bar = progress_bar(todo.len());
    // Slices of a walk are kept only where there is a file to keep them.
    let slices = keeper.path.is_some().then_some(keep_every);
    let logged = !std::io::IsTerminal::is_terminal(&std::io::stderr());
    if logged {
        // No bar to draw: say once what the wait is for.
        let limit = time.map_or(String::new(), |t| {
            format!(", for at most {} s", t.as_secs())
        });
        let of = match carrying {
            true => format!(
                "the {searchable} whose magics can carry the shift {}",
                64 - q.bits
            ),
            false => format!("the 2^{width} magics"),
        };
        let going_on = match reached.len() {
            0 => String::new(),
            n => format!(" ({n} going on from where a run stopped)"),
        };
        eprintln!(
            "settling {asked}: {} of {of}{going_on}{limit}{}",
            crate::count(todo.len() as u64, "part"),
            keeper.kept_note(kept.len())
        );
    }
    let nodes = AtomicU64::new(0);
    let unfinished = AtomicU64::new(0);
    // The lowest magic found in the mirror of a pair, with its part.
    let mirrored = Mutex::new(None);
    let failed = Mutex::new(None);
    let (stop, done) = (AtomicBool::new(false), AtomicBool::new(false));
    let start = Instant::now();
    let found = std::thread::scope(|scope| {
        let (stop, done) = (&stop, &done);
        scope.spawn(move || raise_when_due(stop, done, start, time, interrupted));
        if logged {
            // A job's log has no bar: every --keep-every, a line says how
            // far the run got.
            let (question, todo, keeper, asked) = (&question, &todo, keeper, &asked);
            scope.spawn(move || {
                // Past the clock's range: no line.
                let mut next = start.checked_add(keep_every);
                while !done.load(Ordering::Relaxed) {
                    if next.is_some_and(|next| Instant::now() >= next) {
                        let (left, share) = left_and_share(question, target, keeper, todo);
                        let whose = if left == 1 { "its" } else { "their" };
                        eprintln!(
                            "{asked}: {left} of {} left{}, {:.0} s",
                            crate::count(todo.len() as u64, "part"),
                            ruled_out(share, whose),
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
            let walked = in_slices(&question, part, before, stop, slices, keep);
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
        // The lowest part first: the magic printed is the lowest there is,
        // however many threads search (when no part below it was stopped).
        let found = work.par_iter().find_map_first(|&work| search(work));
        done.store(true, Ordering::Relaxed);
        found
    });
    bar.finish_and_clear();
    if let Some(e) = failed.into_inner().unwrap_or_else(|e| e.into_inner()) {
        return Err(e);
    }
    // Every part searched lies below a kept magic's; the mirror of a pair
    // lies above every part searched before it, but may lie below a part
    // searched after it, by itself: the lowest of the three.
    let mirrored = mirrored.into_inner().unwrap_or_else(|e| e.into_inner());
    let found = [found, mirrored, kept_magic]
        .into_iter()
        .flatten()
        .min()
        .map(|(_, magic)| match shift_in_magic {
            // Every part searched, and every kept magic (each lies in its
            // part: `check_parts`), carries the shift.
            true => question
                .carrying_shift(magic)
                .expect("a magic of a part that carries the shift"),
            false => magic,
        });
    let shift = 64 - q.bits;
    let (lowest, matter) = match shift_in_magic {
        true => (
            "the lowest magic carrying its shift",
            format!("its top six bits are the shift {shift}, its low {width} bits reach the index"),
        ),
        false => (
            "the lowest magic",
            format!("only its low {width} bits matter"),
        ),
    };
    let whole = match shard == Shard::WHOLE {
        true => String::new(),
        false => format!(" in shard {shard}"),
    };
    let (nodes, seconds) = (nodes.into_inner(), start.elapsed().as_secs_f64());
    let unfinished = unfinished.into_inner();
    let cost = format!(
        "{}, {seconds:.1} s{}",
        crate::count(nodes, "interval"),
        keeper.kept_note(kept.len())
    );
    let line = match (found, unfinished) {
        (Some(magic), 0) => {
            format!("{asked}: {magic:#x}, {lowest}{whole} ({matter}; {cost})\n")
        }
        (Some(magic), _) => format!(
            "{asked}: {magic:#x}, a magic{whole} ({matter}; lower ones may lie in parts not \
             finished; {cost})\n"
        ),
        (None, 0) if shard == Shard::WHOLE && carrying => format!(
            "{asked}: no magic carries its shift {shift} in its top six bits: all {} parts \
             that can hold one ruled out ({cost})\n",
            parts.len()
        ),
        (None, 0) if shard == Shard::WHOLE => {
            format!("{asked}: no magic exists: all 2^{width} magics ruled out ({cost})\n")
        }
        (None, 0) if carrying => format!(
            "{asked}: no magic carrying its shift{whole} ({} of the {} parts that can hold \
             one; {cost})\n",
            parts.len(),
            searchable
        ),
        (None, 0) => format!(
            "{asked}: no magic{whole} ({} of the {} parts of the 2^{width} magics; {cost})\n",
            parts.len(),
            question.parts()
        ),
        (None, _) => {
            // Where magics are known, ruling out the parts below the
            // lowest is slow; hunting finds one at once.
            let known = fewest_known_bits(q.piece, q.square);
            let hunt = match q.bits >= known {
                true => format!(
                    "magics with {known} bits are known and `magic-search hunt {},{},{}` \
                     finds one; or ",
                    q.piece.name(),
                    square_name(q.square),
                    q.bits
                ),
                false => String::new(),
            };
            let longer = match time {
                Some(_) => "give it longer (--time), ",
                None => "",
            };
            let go_on = match &keeper.path {
                Some(path) => format!(
                    "run it again to go on from {}, or split it over machines (--shard)",
                    path.display()
                ),
                None => format!(
                    "{longer}keep the parts searched with --state FILE, or split it over \
                     machines (--shard)"
                ),
            };
            let why = match interrupted.load(Ordering::SeqCst) {
                true => "stopped by Ctrl-C or SIGTERM",
                false => "not finished in time",
            };
            // How far the parts left got, this run and the runs before.
            let (left, share) = left_and_share(&question, target, keeper, &todo);
            let whose = if left == 1 { "its" } else { "their" };
            let got = ruled_out(share, whose);
            format!(
                "{asked}: not settled{whole}: {} of {} parts ruled out, {unfinished} {why}{got} \
                 ({cost}); {hunt}{go_on}\n",
                parts.len() as u64 - unfinished,
                parts.len()
            )
        }
    };
    Ok(Answer {
        line,
        settled: found.is_some() || unfinished == 0,
    })
}

/// How many of the parts `todo` are not settled yet, and what share of
/// their magics is ruled out, this run and the runs before.
fn left_and_share(
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

/// `, x% of <whose> magics ruled out`, or nothing where none is.
fn ruled_out(share: f64, whose: &str) -> String {
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

pub fn progress_bar(parts: usize) -> ProgressBar {
    let bar = ProgressBar::new(parts as u64);
    bar.set_style(
        ProgressStyle::with_template("{elapsed_precise} [{bar:30}] {pos}/{len} parts, {msg}")
            .expect("a valid template")
            .progress_chars("=> "),
    );
    bar
}
