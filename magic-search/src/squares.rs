//! The search of a set's 128 squares: the order each half of the board
//! takes, the squares each square starts near, and the two threads that
//! share the work.

use crate::occupancies::Occupancies;
use crate::pack::largest_first;
use crate::search::{search_near_within, square_stream, Budget, Near, Scratch};
use crate::set::PerSquare;
use crate::{Piece, SearchError, SearchOptions};
use std::sync::{Condvar, Mutex};

/// How many magics of the squares around it a square's search starts
/// near: not only the nearest; with four, the search took 1% more
/// instructions (seeds 1, 2, 3, 7, 42 and 99).
const NEAR_SOURCES: usize = 8;

/// One square's search: where the search of its half would take it, and
/// the squares whose magics it starts near.
struct Task {
    piece: Piece,
    sq: usize,
    /// Half, piece and place in that piece's order in the half: a half
    /// searched alone, square after square, would take its squares in
    /// this order and stop at the first that fails.
    place: (usize, usize, usize),
    /// The squares on its lines searched before it in its half, nearest
    /// first ([`sources`]), at most [`NEAR_SOURCES`].
    near: Vec<usize>,
}

impl Task {
    /// Which of the tasks ready to start a thread takes first. Near their
    /// neighbours, rooks first, as their searches take longest, then the
    /// earliest in the halves' orders, the first half's first; each on its
    /// own, in the order a packed set's sub-tables are laid in as they are
    /// found ([`search_and_pack`](crate::packed_set::search_and_pack)),
    /// where this task's is `laid_at`.
    fn precedence(&self, near: bool, laid_at: usize) -> (usize, usize, usize) {
        let (half, p, place) = self.place;
        match near {
            true => (p, place, half),
            false => (laid_at, 0, 0),
        }
    }
}

/// The 128 tasks, indexed by `64 * piece + square`.
fn tasks(near: bool) -> Vec<Task> {
    let mut tasks: Vec<Option<Task>> = (0..128).map(|_| None).collect();
    for (p, piece) in Piece::ALL.into_iter().enumerate() {
        for half in 0..2 {
            let order = visit_order(piece, half);
            for (k, &sq) in order.iter().enumerate() {
                let before = &order[..k];
                let near = match near {
                    true => sources(piece, sq)
                        .filter(|n| before.contains(n))
                        .take(NEAR_SOURCES)
                        .collect(),
                    false => Vec::new(),
                };
                tasks[64 * p + sq] = Some(Task {
                    piece,
                    sq,
                    place: (half, p, k),
                    near,
                });
            }
        }
    }
    tasks
        .into_iter()
        .map(|t| t.expect("each half visits its squares"))
        .collect()
}

/// What the threads share.
struct Progress {
    magics: PerSquare<Option<u64>>,
    /// Per task, the squares it starts near not found yet.
    waiting: Vec<usize>,
    /// Tasks whose squares to start near are all found.
    ready: Vec<usize>,
    running: usize,
    /// The failure first in the halves' orders, with its place.
    failed: Option<((usize, usize, usize), SearchError)>,
    /// A thread panicked: the other stops rather than wait for its square.
    abandoned: bool,
}

/// Wakes the other thread when this one panics, so that it stops instead
/// of waiting for a square that will never be found, and the panic
/// reaches the caller instead of a build that never ends.
struct WakeOnPanic<'a> {
    progress: &'a Mutex<Progress>,
    changed: &'a Condvar,
}

impl Drop for WakeOnPanic<'_> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            let mut state = self.progress.lock().unwrap_or_else(|e| e.into_inner());
            state.abandoned = true;
            self.changed.notify_all();
        }
    }
}

/// Searches every square of both pieces, each first near the magics of
/// the squares around it ([`search_near_within`]) unless `near` is false;
/// then each on its own, largest sub-table first ([`largest_first`]), as
/// a packed set lays them.
/// A square starts near the squares on its lines that come before it in
/// its half's order ([`visit_order`]: files a to d, or e to h, from a
/// root outwards); only the roots start from random candidates alone. So
/// a square's magic depends on the seed and those squares' magics, never
/// on the threads: two threads take any square whose magics to start near
/// are found (rooks first, as their searches take longest, then the
/// earliest in the orders), and keep both cores busy where one half's
/// squares take longer than the other's. A failure is
/// the one a half searched alone, square after square, would stop at
/// (the first half's first). Each magic is also handed to `found` (with
/// its task, `64 * piece + square`, and the square's occupancies) on the
/// thread that found it, as soon as it is found.
pub(crate) fn search_squares(
    seed: u64,
    bits: &PerSquare<u8>,
    near: bool,
    opts: &SearchOptions,
    budget: Option<&Budget>,
    found: &(dyn Fn(usize, u64, &Occupancies) + Sync),
) -> Result<PerSquare<u64>, SearchError> {
    let tasks = tasks(near);
    // Where each task's sub-table is laid when its set is packed.
    let mut laid_at = [0; 128];
    for (k, t) in largest_first(128, |t| 1 << bits[t / 64][t % 64])
        .into_iter()
        .enumerate()
    {
        laid_at[t] = k;
    }
    let mut needed_by = vec![Vec::new(); tasks.len()];
    for (t, task) in tasks.iter().enumerate() {
        for &n in &task.near {
            needed_by[64 * (t / 64) + n].push(t);
        }
    }
    let progress = Mutex::new(Progress {
        magics: [[None; 64]; 2],
        waiting: tasks.iter().map(|t| t.near.len()).collect(),
        ready: (0..tasks.len())
            .filter(|&t| tasks[t].near.is_empty())
            .collect(),
        running: 0,
        failed: None,
        abandoned: false,
    });
    let changed = Condvar::new();
    let work = || {
        let _wake = WakeOnPanic {
            progress: &progress,
            changed: &changed,
        };
        let mut scratch = Scratch::default();
        let mut state = progress.lock().expect("a search thread panicked");
        loop {
            if state.abandoned {
                return;
            }
            let Some(k) = (0..state.ready.len())
                .min_by_key(|&k| tasks[state.ready[k]].precedence(near, laid_at[state.ready[k]]))
            else {
                if state.running == 0 {
                    changed.notify_all();
                    return;
                }
                state = changed.wait(state).expect("a search thread panicked");
                continue;
            };
            let t = state.ready.swap_remove(k);
            let task = &tasks[t];
            let p = t / 64;
            let near: Vec<Near> = (task.near.iter())
                .map(|&n| Near {
                    magic: state.magics[p][n].expect("a square searched near is found"),
                    square: n,
                    to: task.sq,
                })
                .collect();
            state.running += 1;
            drop(state);
            let b = u32::from(bits[p][task.sq]);
            let mut rng = square_stream(seed, task.piece, task.sq);
            let o = Occupancies::new(task.piece, task.sq);
            let magic = search_near_within(&o, b, &near, &mut rng, opts, &mut scratch, budget);
            if let Ok(magic) = magic {
                found(t, magic, &o);
            }
            state = progress.lock().expect("a search thread panicked");
            state.running -= 1;
            match magic {
                Ok(magic) => {
                    state.magics[p][task.sq] = Some(magic);
                    for &d in &needed_by[t] {
                        state.waiting[d] -= 1;
                        if state.waiting[d] == 0 {
                            state.ready.push(d);
                        }
                    }
                }
                Err(tries) => {
                    let error = SearchError::Square {
                        piece: task.piece,
                        square: task.sq,
                        bits: b,
                        tries,
                    };
                    if state.failed.as_ref().is_none_or(|(at, _)| task.place < *at) {
                        state.failed = Some((task.place, error));
                    }
                }
            }
            changed.notify_all();
        }
    };
    std::thread::scope(|scope| {
        let other = scope.spawn(work);
        work();
        other.join().expect("a search thread panicked");
    });
    let state = progress.into_inner().expect("a search thread panicked");
    if let Some((_, error)) = state.failed {
        return Err(error);
    }
    Ok(state
        .magics
        .map(|m| m.map(|magic| magic.expect("every square searched"))))
}

/// The squares of `piece` on files a to d (`half` 0) or e to h (1) in the
/// order a set's search visits them: breadth first along files and ranks
/// from a root whose magic random candidates find soonest (rooks b4 and
/// g4, bishops d1 and e1: about 30,000 to 45,000 and 1,000 candidates at
/// the default bits), so that every other square has a neighbour searched
/// before it; the squares random candidates find slowest (rooks on the
/// first and eighth ranks, up to 960,000; bishops on d4, e4, d5 and e5,
/// up to 190,000) come last, with the most neighbours to start from.
fn visit_order(piece: Piece, half: usize) -> Vec<usize> {
    let (roots, last): ([usize; 2], fn(usize) -> bool) = match piece {
        Piece::Rook => ([25, 30], |sq| matches!(sq / 8, 0 | 7)),
        Piece::Bishop => ([3, 4], |sq| matches!(sq, 27 | 28 | 35 | 36)),
    };
    let root = roots[half];
    let mut order = vec![root];
    let mut later = Vec::new();
    let mut seen = [false; 64];
    seen[root] = true;
    let mut k = 0;
    loop {
        if k == order.len() {
            if later.is_empty() {
                return order;
            }
            order.append(&mut later);
        }
        for n in beside(order[k]).filter(|n| n % 8 / 4 == half) {
            if !seen[n] {
                seen[n] = true;
                if last(n) {
                    later.push(n)
                } else {
                    order.push(n)
                }
            }
        }
        k += 1;
    }
}

/// The squares beside `sq` on its file and rank: both pieces' searches
/// go on from a square to these, so that each square comes after one of
/// its [`sources`].
fn beside(sq: usize) -> impl Iterator<Item = usize> {
    let (file, rank) = (sq % 8, sq / 8);
    [
        (rank > 0).then(|| sq - 8),
        (rank < 7).then(|| sq + 8),
        (file > 0).then(|| sq - 1),
        (file < 7).then(|| sq + 1),
    ]
    .into_iter()
    .flatten()
}

/// The squares whose magics, moved onto `sq`, are tried first: along the
/// lines the piece moves on, nearest first (a rook's file before its
/// rank; a bishop's diagonals, then its file and rank). Neighbouring masks
/// are nearly each other's shifts along these lines.
fn sources(piece: Piece, sq: usize) -> impl Iterator<Item = usize> {
    const ROOK: [(i32, i32); 4] = [(0, -1), (0, 1), (-1, 0), (1, 0)];
    const BISHOP: [(i32, i32); 8] = [
        (-1, -1),
        (1, 1),
        (-1, 1),
        (1, -1),
        (0, -1),
        (0, 1),
        (-1, 0),
        (1, 0),
    ];
    let lines: &'static [(i32, i32)] = match piece {
        Piece::Rook => &ROOK,
        Piece::Bishop => &BISHOP,
    };
    let (file, rank) = ((sq % 8) as i32, (sq / 8) as i32);
    (1..8)
        .flat_map(move |d| {
            lines
                .iter()
                .map(move |&(df, dr)| (file + d * df, rank + d * dr))
        })
        .filter(|&(f, r)| (0..8).contains(&f) && (0..8).contains(&r))
        .map(|(f, r)| (r * 8 + f) as usize)
}

#[cfg(test)]
mod tests {
    use super::{search_squares, sources, visit_order, NEAR_SOURCES};
    use crate::occupancies::Occupancies;
    use crate::search::{search_near_within, square_stream, Near, Scratch};
    use crate::{Piece, Scheme, SearchOptions};

    /// Each half alone, square after square in its order, each near the
    /// magics of its half found before it: what the threads must give.
    fn one_square_after_another(seed: u64, bits: &[[u8; 64]; 2]) -> [[u64; 64]; 2] {
        let (opts, mut scratch) = (SearchOptions::default(), Scratch::default());
        let mut magics = [[0; 64]; 2];
        for half in 0..2 {
            for (p, piece) in Piece::ALL.into_iter().enumerate() {
                let mut found = [None; 64];
                for sq in visit_order(piece, half) {
                    let near: Vec<Near> = sources(piece, sq)
                        .filter_map(|n| {
                            found[n].map(|magic| Near {
                                magic,
                                square: n,
                                to: sq,
                            })
                        })
                        .take(NEAR_SOURCES)
                        .collect();
                    let o = Occupancies::new(piece, sq);
                    let mut rng = square_stream(seed, piece, sq);
                    let b = u32::from(bits[p][sq]);
                    let magic =
                        search_near_within(&o, b, &near, &mut rng, &opts, &mut scratch, None);
                    found[sq] = Some(magic.unwrap());
                    magics[p][sq] = found[sq].unwrap();
                }
            }
        }
        magics
    }

    #[test]
    fn two_threads_find_what_each_half_alone_finds() {
        let bits = Scheme::Fancy.default_bits();
        for seed in [1, 2] {
            let threads = search_squares(
                seed,
                &bits,
                true,
                &SearchOptions::default(),
                None,
                &|_, _, _| {},
            );
            assert_eq!(
                threads.unwrap(),
                one_square_after_another(seed, &bits),
                "seed {seed}"
            );
        }
    }

    #[test]
    fn each_half_visits_its_squares_once_each_after_a_source() {
        for piece in Piece::ALL {
            let mut visited = [0; 64];
            for half in 0..2 {
                let order = visit_order(piece, half);
                assert_eq!(order.len(), 32, "{piece:?}, half {half}");
                for (k, &sq) in order.iter().enumerate() {
                    assert_eq!(sq % 8 / 4, half, "{piece:?} on {sq} in half {half}");
                    visited[sq] += 1;
                    // Only the root starts from random candidates alone.
                    let before = &order[..k];
                    assert_eq!(
                        sources(piece, sq).any(|n| before.contains(&n)),
                        k > 0,
                        "{piece:?} on {sq}"
                    );
                }
            }
            assert_eq!(visited, [1; 64], "{piece:?}");
        }
    }
}
