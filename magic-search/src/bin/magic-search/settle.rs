//! `magic-search settle`: whether a square has a magic with so many index
//! bits, answered by ruling out every magic or finding one.

use indicatif::{ProgressBar, ProgressStyle};
use magic_search::{
    distinct_attack_sets, fewest_known_bits, min_bits, relevant_mask, square_name, MagicQuestion,
    Piece, Shard,
};
use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
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
    /// Search only shard `i/n`: the parts (of 4,096, by the magic's top
    /// bits) whose number leaves remainder i divided by n. The square has a
    /// magic when any shard finds one, none when every shard finds none.
    #[arg(long)]
    shard: Option<Shard>,
}

/// One question: a piece on a square with so many index bits.
struct Question {
    piece: Piece,
    square: usize,
    bits: u32,
}

impl Question {
    fn name(&self) -> String {
        let (piece, square) = (self.piece.name(), square_name(self.square));
        format!("{piece} {square} at {} bits", self.bits)
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
    // A shard past the last part would answer for nothing: refused before
    // anything is settled.
    for q in questions
        .iter()
        .filter(|q| q.bits >= min_bits(q.piece, q.square))
    {
        let parts = MagicQuestion::new(q.piece, q.square, q.bits).parts();
        if shard.count > parts {
            return Err(format!(
                "shard {shard}: {} is searched in {parts} parts; use at most {parts} shards",
                q.name()
            ));
        }
    }
    for question in questions {
        print!("{}", answer(&question, shard, args.time));
    }
    Ok(String::new())
}

/// One line: the lowest magic, that none exists, or how far the search got.
fn answer(q: &Question, shard: Shard, time: Option<Duration>) -> String {
    let asked = q.name();
    if q.bits < min_bits(q.piece, q.square) {
        let sets = distinct_attack_sets(q.piece, q.square);
        let slots = crate::count(1 << q.bits, "slot");
        return format!("{asked}: no magic exists: {slots} cannot number its {sets} attack sets\n");
    }
    let question = MagicQuestion::new(q.piece, q.square, q.bits);
    let width = question.width();
    let parts: Vec<u64> = (0..question.parts())
        .filter(|part| part % shard.count == shard.index)
        .collect();
    let bar = progress_bar(parts.len());
    if !std::io::IsTerminal::is_terminal(&std::io::stderr()) {
        // No bar to draw: say once what the wait is for.
        let limit = time.map_or(String::new(), |t| {
            format!(", for at most {} s", t.as_secs())
        });
        eprintln!(
            "settling {asked}: {} of the 2^{width} magics{limit}",
            crate::count(parts.len() as u64, "part")
        );
    }
    let nodes = AtomicU64::new(0);
    let unfinished = AtomicU64::new(0);
    let (stop, done) = (AtomicBool::new(false), AtomicBool::new(false));
    let start = Instant::now();
    let found = std::thread::scope(|scope| {
        if let Some(limit) = time {
            let (stop, done) = (&stop, &done);
            scope.spawn(move || {
                while !done.load(Ordering::Relaxed) {
                    if start.elapsed() >= limit {
                        stop.store(true, Ordering::Relaxed);
                        return;
                    }
                    std::thread::sleep(Duration::from_millis(20));
                }
            });
        }
        // The lowest part first: the magic printed is the lowest there is,
        // however many threads search (when no part below it was stopped).
        let found = parts.par_iter().find_map_first(|&part| {
            let (magic, seen) = match question.part_until(part, &stop) {
                Ok(settled) => (settled.magic, settled.nodes),
                Err(stopped) => {
                    unfinished.fetch_add(1, Ordering::Relaxed);
                    (None, stopped.nodes)
                }
            };
            let seen = nodes.fetch_add(seen, Ordering::Relaxed) + seen;
            bar.inc(1);
            bar.set_message(format!("{seen} intervals"));
            magic
        });
        done.store(true, Ordering::Relaxed);
        found
    });
    bar.finish_and_clear();
    let whole = match shard == Shard::WHOLE {
        true => String::new(),
        false => format!(" in shard {shard}"),
    };
    let (nodes, seconds) = (nodes.into_inner(), start.elapsed().as_secs_f64());
    let unfinished = unfinished.into_inner();
    let cost = format!("{}, {seconds:.1} s", crate::count(nodes, "interval"));
    match (found, unfinished) {
        (Some(magic), 0) => format!(
            "{asked}: {magic:#x}, the lowest magic{whole} (only its low {width} bits \
             matter; {cost})\n"
        ),
        (Some(magic), _) => format!(
            "{asked}: {magic:#x}, a magic{whole} (only its low {width} bits matter; \
             lower ones may lie in parts not finished in time; {cost})\n"
        ),
        (None, 0) if shard == Shard::WHOLE => {
            format!("{asked}: no magic exists: all 2^{width} magics ruled out ({cost})\n")
        }
        (None, 0) => format!(
            "{asked}: no magic{whole} ({} of the {} parts of the 2^{width} magics; {cost})\n",
            parts.len(),
            question.parts()
        ),
        (None, _) => format!(
            "{asked}: not settled{whole}: {} of {} parts ruled out, {unfinished} not \
             finished in time ({cost}); give it longer (--time) or split it over \
             machines (--shard)\n",
            parts.len() as u64 - unfinished,
            parts.len()
        ),
    }
}

fn progress_bar(parts: usize) -> ProgressBar {
    let bar = ProgressBar::new(parts as u64);
    bar.set_style(
        ProgressStyle::with_template("{elapsed_precise} [{bar:30}] {pos}/{len} parts, {msg}")
            .expect("a valid template")
            .progress_chars("=> "),
    );
    bar
}
