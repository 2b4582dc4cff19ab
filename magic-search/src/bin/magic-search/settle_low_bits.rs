//! `magic-search settle --low-bits-first`: one question walked from the
//! magics' lowest bits up, whole, in one run.

use crate::settle::{raise_when_due, Answer, Question};
use magic_search::{CalledOff, LowBitsAnswer, MagicQuestion};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// What to do when the walk was stopped: it keeps nothing, so only a
/// longer run settles the question.
pub const GO_ON: &str = "the walk from the lowest bits keeps nothing: run it again with a \
                         longer --time, or without one";

/// The question's line: the first magic in the walk's order, that none
/// exists, or how far the walk got before `time` ran out or Ctrl-C.
pub fn answer(q: &Question, time: Option<Duration>, interrupted: &AtomicBool) -> Answer {
    let question = MagicQuestion::new(q.piece, q.square, q.bits);
    let width = question.width();
    let asked = q.name();
    // No progress bar: the walk does not know its length.
    let limit = time.map_or(String::new(), |t| {
        format!(", for at most {} s", t.as_secs())
    });
    eprintln!("settling {asked}: the 2^{width} magics, from their lowest bits up{limit}");
    let (stop, done) = (AtomicBool::new(false), AtomicBool::new(false));
    let start = Instant::now();
    let walked = std::thread::scope(|scope| {
        scope.spawn(|| raise_when_due(&stop, &done, start, time, interrupted));
        let walked = question.from_low_bits(&stop);
        done.store(true, Ordering::Relaxed);
        walked
    });
    let seconds = start.elapsed().as_secs_f64();
    let cost = |nodes: u64| match nodes {
        1 => format!("1 prefix, {seconds:.1} s"),
        n => format!("{n} prefixes, {seconds:.1} s"),
    };
    match walked {
        Ok(LowBitsAnswer {
            magic: Some(magic),
            nodes,
        }) => Answer {
            line: format!(
                "{asked}: {magic:#x}, the first magic of the walk from the lowest bits (only \
                 its low {width} bits matter; {})\n",
                cost(nodes)
            ),
            settled: true,
        },
        Ok(LowBitsAnswer { magic: None, nodes }) => Answer {
            line: format!(
                "{asked}: no magic exists: all 2^{width} magics ruled out, walked from their \
                 lowest bits ({})\n",
                cost(nodes)
            ),
            settled: true,
        },
        Err(CalledOff { nodes }) => Answer {
            line: format!("{asked}: not settled: stopped after {}\n", cost(nodes)),
            settled: false,
        },
    }
}
