//! A second thread that shares one search's candidates. The candidates go
//! by chunks of [`CHUNK`]: the thread that searches checks the even
//! chunks, its partner the odd ones, and the first magic among them wins.
//! Each thread draws the other's chunks without checking them, so that its
//! stream stays in step: drawing is a small part of a candidate's cost.
//!
//! The searching thread never waits for its partner: it keeps where each
//! of the partner's chunks starts, and at the end checks itself those the
//! partner has not reached (on a busy machine, all of them). So the magic
//! found and the candidates counted are those of one thread going through
//! the candidates in order, whatever the threads do: a square's searches
//! stay reproducible. Only the order in which the checks are tried (which
//! each thread learns) differs, and that changes no verdict.

use crate::occupancies::Occupancies;
use crate::search::{search_checks, Draws, Scratch, SquareSearch};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{channel, Receiver, Sender, TryRecvError};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::Scope;

/// The candidates in a chunk: large enough that drawing the other thread's
/// chunks and looking at the shared state cost little, small enough that
/// little is left to check twice when a magic is found.
pub(crate) const CHUNK: u64 = 64;

/// The searching thread's side of a partner thread: where it sends the
/// ranges of candidates to share.
pub(crate) struct Partner {
    jobs: Sender<Arc<Job>>,
}

/// A magic and the candidates counted up to it, itself included.
type Found = (u64, u64);

/// One range of candidates shared with the partner.
struct Job {
    o: Arc<Occupancies>,
    /// Which square `o` is for: the partner keeps its own checks per
    /// square.
    square: usize,
    /// The search's draws at `start`.
    draws: Draws,
    start: u64,
    end: u64,
    /// The magic with the lowest count found so far, by either thread.
    found: Mutex<Option<Found>>,
    /// Its count, or `u64::MAX`: past it nobody needs to look.
    best: AtomicU64,
    /// How many of its chunks the partner has checked, in order, without
    /// finding a magic.
    checked: AtomicU64,
    /// The searching thread has its answer: the partner stops.
    over: AtomicBool,
}

impl Job {
    /// Keeps `found` if its count is the lowest so far.
    fn record(&self, found: Found) {
        let mut kept = self.found.lock().unwrap_or_else(PoisonError::into_inner);
        if kept.is_none_or(|kept| found.0 < kept.0) {
            *kept = Some(found);
            self.best.store(found.0, Ordering::Release);
        }
    }

    /// Whether the candidates from `at` on can matter: no magic found
    /// before them.
    fn open_at(&self, at: u64) -> bool {
        at < self.best.load(Ordering::Acquire)
    }
}

impl Partner {
    /// Starts a partner thread in `scope` if this machine runs two threads
    /// at once; it ends when the `Partner` is dropped.
    pub(crate) fn start<'scope>(scope: &'scope Scope<'scope, '_>) -> Option<Partner> {
        let cores = std::thread::available_parallelism().map_or(1, usize::from);
        (cores >= 2).then(|| Partner::spawn(scope))
    }

    /// Starts the partner thread in `scope`.
    pub(crate) fn spawn<'scope>(scope: &'scope Scope<'scope, '_>) -> Partner {
        let (jobs, to_do) = channel::<Arc<Job>>();
        scope.spawn(move || {
            let mut scratch = Scratch::default();
            let (mut checks, mut square) = (Vec::new(), usize::MAX);
            while let Some(job) = next_job(&to_do) {
                if job.square != square {
                    checks = search_checks(&job.o, job.draws.hash());
                    square = job.square;
                }
                let mut draws = job.draws;
                take_turns(
                    &job,
                    PARTNER,
                    &mut draws,
                    &mut checks,
                    &mut scratch,
                    |_, _| {},
                );
            }
        });
        Partner { jobs }
    }
}

/// The next job, once the searching thread sends it, or `None` once the
/// [`Partner`] is dropped. It waits by spinning, not sleeping: jobs come
/// every few hundred microseconds during a search, and a sleeping thread
/// takes tens of microseconds to wake on a virtual machine.
fn next_job(to_do: &Receiver<Arc<Job>>) -> Option<Arc<Job>> {
    let mut spins = 0u32;
    loop {
        match to_do.try_recv() {
            Ok(job) => return Some(job),
            Err(TryRecvError::Disconnected) => return None,
            Err(TryRecvError::Empty) => {
                spins = spins.wrapping_add(1);
                // Now and then let another thread of this machine run.
                if spins % 64 == 0 {
                    std::thread::yield_now();
                } else {
                    std::hint::spin_loop();
                }
            }
        }
    }
}

/// The chunks the searching thread checks (even ones), and those its
/// partner checks (odd ones).
const SEARCHER: u64 = 0;
const PARTNER: u64 = 1;

/// One thread's part of `job`, from `draws` at its start: the chunks of
/// parity `mine` checked in order, the others drawn unchecked after
/// `passed` is told where each starts, until a chunk holds a magic, a
/// magic is found before the next, or the job is over.
fn take_turns(
    job: &Job,
    mine: u64,
    draws: &mut Draws,
    checks: &mut [(u64, u64)],
    scratch: &mut Scratch,
    mut passed: impl FnMut(u64, Draws),
) {
    let (mut at, mut chunk) = (job.start, 0u64);
    while at < job.end && job.open_at(at) && !job.over.load(Ordering::Acquire) {
        let stop = job.end.min(at + CHUNK);
        if chunk % 2 == mine {
            if check_chunk(job, draws, checks, scratch, at) {
                return;
            }
            if mine == PARTNER {
                job.checked.fetch_add(1, Ordering::Release);
            }
        } else {
            passed(at, *draws);
            draws.skip(stop - at);
        }
        (at, chunk) = (stop, chunk + 1);
    }
}

/// Checks the chunk of `job` that starts at `at`, from `draws` there, and
/// records its first magic: whether it holds one.
fn check_chunk(
    job: &Job,
    draws: &mut Draws,
    checks: &mut [(u64, u64)],
    scratch: &mut Scratch,
    at: u64,
) -> bool {
    let (mut count, stop) = (at, job.end.min(at + CHUNK));
    let found = draws.next_magic(&job.o, checks, scratch, &mut count, stop);
    if let Some(magic) = found {
        job.record((count, magic));
    }
    found.is_some()
}

/// [`SquareSearch::next_magic`] for the search of `square`, sharing its
/// candidates with `partner` when there is one and the range has more
/// than one chunk: the same magic, and `*tries` moved on as far.
pub(crate) fn next_magic_shared(
    search: &mut SquareSearch,
    partner: Option<&Partner>,
    (o, square): (&Arc<Occupancies>, usize),
    scratch: &mut Scratch,
    tries: &mut u64,
    end: u64,
) -> Option<u64> {
    let Some(partner) = partner.filter(|_| end.saturating_sub(*tries) > CHUNK) else {
        return search.next_magic(o, scratch, tries, end);
    };
    let job = Arc::new(Job {
        o: Arc::clone(o),
        square,
        draws: search.draws,
        start: *tries,
        end,
        found: Mutex::new(None),
        best: AtomicU64::new(u64::MAX),
        checked: AtomicU64::new(0),
        over: AtomicBool::new(false),
    });
    // A partner gone (it panicked) leaves every chunk to this thread.
    let _ = partner.jobs.send(Arc::clone(&job));
    // The even chunks, and where each odd one starts.
    let mut odd: Vec<(u64, Draws)> = Vec::new();
    let checks = &mut search.checks;
    take_turns(
        &job,
        SEARCHER,
        &mut search.draws,
        checks,
        scratch,
        |at, draws| {
            odd.push((at, draws));
        },
    );
    // The odd chunks before the best magic that the partner has not
    // checked (those it has are the first `checked`).
    let checked = job.checked.load(Ordering::Acquire) as usize;
    for &(at, draws) in odd.iter().skip(checked) {
        if !job.open_at(at) || check_chunk(&job, &mut { draws }, checks, scratch, at) {
            break;
        }
    }
    job.over.store(true, Ordering::Release);
    let found = *job.found.lock().unwrap_or_else(PoisonError::into_inner);
    match found {
        Some((count, magic)) => {
            *tries = count;
            Some(magic)
        }
        None => {
            *tries = end;
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{next_magic_shared, Partner, CHUNK};
    use crate::occupancies::Occupancies;
    use crate::search::{square_stream, Scratch, SearchOptions, SquareSearch};
    use crate::{Hash, Piece};
    use std::sync::mpsc::channel;
    use std::sync::Arc;

    /// What each range gives: the magic, if found, and the candidates
    /// counted so far.
    type Outcomes = Vec<(Option<u64>, u64)>;

    /// A square, its bits, and how to search it.
    type Case = ((Piece, usize, u32), SearchOptions, Vec<u64>);

    /// The magic found and the candidates counted, range after range, by
    /// the search of `seed` alone and shared with `partner`.
    fn alone_and_shared(
        (piece, sq, bits): (Piece, usize, u32),
        opts: &SearchOptions,
        seed: u64,
        ends: &[u64],
        partner: Option<&Partner>,
    ) -> (Outcomes, Outcomes) {
        let o = Arc::new(Occupancies::new(piece, sq));
        let mut rng = square_stream(seed, piece, sq);
        let mut one = SquareSearch::new(&o, bits, &mut rng.clone(), opts);
        let mut two = SquareSearch::new(&o, bits, &mut rng, opts);
        let (mut t1, mut t2, mut scratch) = (0, 0, Scratch::default());
        let (mut alone, mut shared) = (Vec::new(), Vec::new());
        for &end in ends {
            let m1 = one.next_magic(&o, &mut scratch, &mut t1, end);
            alone.push((m1, t1));
            let square = (&o, piece as usize * 64 + sq);
            let m2 = next_magic_shared(&mut two, partner, square, &mut scratch, &mut t2, end);
            shared.push((m2, t2));
            if m1.is_some() {
                break;
            }
        }
        (alone, shared)
    }

    /// Squares, hashes and ranges: a range too short for a magic, then
    /// ranges that resume it (as a unit's stages do) until one is found.
    fn cases() -> Vec<Case> {
        let ends = vec![CHUNK / 2, 3 * CHUNK + 7, 40 * CHUNK, 1_000_000];
        [
            (Piece::Rook, 60, 11, Hash::Multiply, None),
            (Piece::Bishop, 36, 9, Hash::Multiply, Some(224)),
            (Piece::Rook, 0, 12, Hash::Black, None),
            (Piece::Bishop, 9, 5, Hash::Split32, None),
        ]
        .into_iter()
        .map(|(piece, sq, bits, hash, low_bits)| {
            let opts = SearchOptions {
                hash,
                low_bits,
                ..SearchOptions::default()
            };
            ((piece, sq, bits), opts, ends.clone())
        })
        .collect()
    }

    #[test]
    fn a_shared_search_finds_what_a_lone_one_finds() {
        std::thread::scope(|scope| {
            // Whatever this machine's cores.
            let partner = Partner::spawn(scope);
            // Magics found in a chunk of the searching thread and in one of
            // the partner's, and ranges with none.
            let (mut found, mut missed) = ([0; 2], 0);
            for (square, opts, ends) in cases() {
                for seed in 0..8 {
                    let (alone, shared) =
                        alone_and_shared(square, &opts, seed, &ends, Some(&partner));
                    assert_eq!(alone, shared, "{square:?} {:?}, seed {seed}", opts.hash);
                    let mut start = 0;
                    for &(magic, count) in &alone {
                        match magic {
                            Some(_) => found[((count - 1 - start) / CHUNK % 2) as usize] += 1,
                            None => missed += 1,
                        }
                        start = count;
                    }
                }
            }
            assert!(
                found[0] > 0 && found[1] > 0 && missed > 0,
                "{found:?} {missed}"
            );
        });
    }

    #[test]
    fn a_partner_that_never_answers_changes_nothing() {
        // Jobs sent to a partner that never runs: the searching thread
        // checks every chunk itself.
        let (jobs, _never_read) = channel();
        let partner = Partner { jobs };
        for (square, opts, ends) in cases() {
            let (alone, shared) = alone_and_shared(square, &opts, 3, &ends, Some(&partner));
            assert_eq!(alone, shared, "{square:?} {:?}", opts.hash);
            assert!(alone.last().is_some_and(|(m, _)| m.is_some()), "{square:?}");
        }
    }
}
