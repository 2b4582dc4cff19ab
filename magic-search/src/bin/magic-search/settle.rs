//! `magic-search settle`: whether a square has a magic with so many index
//! bits, answered by ruling out every magic or finding one.

use crate::settle_keeper::Keeper;
use crate::settle_parts::{left_and_share, ruled_out, walk_parts, Walked};
use indicatif::{ProgressBar, ProgressStyle};
use magic_search::{
    distinct_attack_sets, fewest_known_bits, min_bits, relevant_mask, square_name, HuntTarget,
    MagicQuestion, Piece, Shard, Stopped,
};
use std::collections::{BTreeMap, BTreeSet};
use std::ops::Range;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
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
pub struct Scope {
    /// The parts this run takes of each question.
    pub shard: Shard,
    /// How long the run may take.
    pub time: Option<Duration>,
    /// How often a part in progress is kept where it got to (with a state
    /// file), and a run whose output is not a terminal says how far it got.
    pub keep_every: Duration,
    /// Only magics that carry their shift in their top six bits.
    pub shift_in_magic: bool,
    /// Walk each question from the magics' lowest bits.
    pub low_bits_first: bool,
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

/// Raises a search's `done` flag when dropped, however the search ends:
/// its helper threads ([`raise_when_due`], a job's log lines) wait on the
/// flag, and a search that panics would otherwise leave the scope waiting
/// on them for ever instead of passing the panic on.
pub struct DoneOnDrop<'a>(pub &'a AtomicBool);

impl Drop for DoneOnDrop<'_> {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
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
    if q.bits < min_bits(q.piece, q.square) {
        let sets = distinct_attack_sets(q.piece, q.square);
        let slots = crate::count(1 << q.bits, "slot");
        return Ok(Answer {
            line: format!(
                "{}: no magic exists: {slots} cannot number its {sets} attack sets\n",
                q.name()
            ),
            settled: true,
        });
    }
    if scope.low_bits_first {
        return crate::settle_low_bits::answer(q, (scope.shard, scope.time), keeper, interrupted);
    }
    let plan = Plan::new(q, scope, keeper);
    let logged = !std::io::IsTerminal::is_terminal(&std::io::stderr());
    if logged {
        // No bar to draw: say once what the wait is for.
        eprintln!("{}", plan.announce(q, scope, keeper));
    }
    let walked = walk_parts(&plan, q, scope, keeper, interrupted, logged)?;
    Ok(Answer {
        line: plan.line(q, &walked, scope, keeper, interrupted),
        settled: walked.found.is_some() || walked.unfinished == 0,
    })
}

/// What a run searches of one question, worked out from its shard and the
/// state file before any walk begins.
pub struct Plan {
    /// The question as the walks take it.
    pub question: MagicQuestion,
    /// The question as the state file names it.
    pub target: HuntTarget,
    /// The parts of the shard.
    pub parts: Vec<u64>,
    /// How many parts the run searches, in all its shards.
    pub searchable: u64,
    /// Whether those are fewer than all parts: the ones whose magics can
    /// carry the shift.
    pub carrying: bool,
    /// How many parts of the shard the state file holds.
    pub kept: usize,
    /// The lowest magic the state file holds for the shard, with its part.
    pub kept_magic: Option<(u64, u64)>,
    /// The parts left to walk: those not kept, below any kept magic's.
    pub todo: Vec<u64>,
    /// Where a run before stopped each part left, if one did.
    pub reached: BTreeMap<u64, Stopped>,
}

impl Plan {
    fn new(q: &Question, scope: Scope, keeper: &Keeper) -> Plan {
        let question = MagicQuestion::new(q.piece, q.square, q.bits);
        let target = q.target();
        let searched = searched_parts(&question, scope.shift_in_magic);
        let searchable = searched.end - searched.start;
        let carrying = searchable < question.parts();
        let parts: Vec<u64> = searched
            .filter(|&part| shard_key(&question, part) % scope.shard.count == scope.shard.index)
            .collect();
        let kept = keeper.kept(target, &parts);
        // A kept part with a magic leaves only the parts below it to
        // search: any magic of a higher part is higher.
        let kept_magic = kept
            .iter()
            .find_map(|(&part, &magic)| magic.map(|m| (part, m)));
        let todo: Vec<u64> = parts
            .iter()
            .copied()
            .filter(|part| !kept.contains_key(part) && kept_magic.is_none_or(|(k, _)| *part < k))
            .collect();
        // Where a part was stopped before, its walk goes on from there.
        let reached = todo
            .iter()
            .filter_map(|&part| keeper.reached(target, part).map(|r| (part, r)))
            .collect();
        Plan {
            question,
            target,
            parts,
            searchable,
            carrying,
            kept: kept.len(),
            kept_magic,
            todo,
            reached,
        }
    }

    /// The line a job's log begins with: how many parts, of what, for how
    /// long, and how many the state file held.
    fn announce(&self, q: &Question, scope: Scope, keeper: &Keeper) -> String {
        let limit = scope.time.map_or(String::new(), |t| {
            format!(", for at most {} s", t.as_secs())
        });
        let of = match self.carrying {
            true => format!(
                "the {} whose magics can carry the shift {}",
                self.searchable,
                64 - q.bits
            ),
            false => format!("the 2^{} magics", self.question.width()),
        };
        let going_on = match self.reached.len() {
            0 => String::new(),
            n => format!(" ({n} going on from where a run stopped)"),
        };
        format!(
            "settling {}: {} of {of}{going_on}{limit}{}",
            q.name(),
            crate::count(self.todo.len() as u64, "part"),
            keeper.kept_note(self.kept)
        )
    }

    /// The answer's line: the lowest magic, that none exists, or how far
    /// the parts got and how to go on.
    fn line(
        &self,
        q: &Question,
        walked: &Walked,
        scope: Scope,
        keeper: &Keeper,
        interrupted: &AtomicBool,
    ) -> String {
        let Scope {
            shard,
            time,
            shift_in_magic,
            ..
        } = scope;
        let (question, parts) = (&self.question, self.parts.len());
        let (asked, width) = (q.name(), question.width());
        let found = walked.found.map(|(_, magic)| match shift_in_magic {
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
                format!(
                    "its top six bits are the shift {shift}, its low {width} bits reach the index"
                ),
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
        let cost = format!(
            "{}, {:.1} s{}",
            crate::count(walked.nodes, "interval"),
            walked.seconds,
            keeper.kept_note(self.kept)
        );
        let carrying = self.carrying;
        match (found, walked.unfinished) {
            (Some(magic), 0) => {
                format!("{asked}: {magic:#x}, {lowest}{whole} ({matter}; {cost})\n")
            }
            (Some(magic), _) => format!(
                "{asked}: {magic:#x}, a magic{whole} ({matter}; lower ones may lie in parts not \
                 finished; {cost})\n"
            ),
            (None, 0) if shard == Shard::WHOLE && carrying => format!(
                "{asked}: no magic carries its shift {shift} in its top six bits: all {parts} \
                 parts that can hold one ruled out ({cost})\n"
            ),
            (None, 0) if shard == Shard::WHOLE => {
                format!("{asked}: no magic exists: all 2^{width} magics ruled out ({cost})\n")
            }
            (None, 0) if carrying => format!(
                "{asked}: no magic carrying its shift{whole} ({parts} of the {} parts that can \
                 hold one; {cost})\n",
                self.searchable
            ),
            (None, 0) => format!(
                "{asked}: no magic{whole} ({parts} of the {} parts of the 2^{width} magics; \
                 {cost})\n",
                question.parts()
            ),
            (None, unfinished) => {
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
                let (left, share) = left_and_share(question, self.target, keeper, &self.todo);
                let got = ruled_out(left, share);
                format!(
                    "{asked}: not settled{whole}: {} of {parts} parts ruled out, {unfinished} \
                     {why}{got} ({cost}); {hunt}{go_on}\n",
                    parts as u64 - unfinished
                )
            }
        }
    }
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
