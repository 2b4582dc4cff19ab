//! `magic-search pack`: new offsets for fixed-shift or black magics.

use indicatif::{ProgressBar, ProgressStyle};
use magic_search::source::pasteable_source;
use magic_search::{
    candidate_sub_tables, fewer_slots, layout_len, pack_annealing, parse_magics_csv, MagicSet,
    Occupancies, Piece, Scheme, Scratch, Shard, SubTable,
};
use rayon::prelude::*;
use std::fmt::Write as _;
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};

/// The restarts a run makes: restart `r` packs with seed `seed + r`, and
/// a shard runs the restarts `r` with `r % count == index`.
pub struct Restarts {
    pub effort: u64,
    pub count: u64,
    pub seed: u64,
    pub shard: Shard,
    /// Start left to right rather than from the file's layout.
    pub fresh: bool,
    /// Magics each sub-table may be laid with, its own among them.
    pub candidates: usize,
    /// Steps of [`fewer_slots`] for each of the others.
    pub climb: u64,
    /// The annealing's start temperature, in entries; 0 does not anneal.
    pub anneal: u32,
    /// The longest run of sub-tables one change of order moves at once.
    pub blocks: usize,
}

/// What `pack` prints of the layout it found.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Output {
    /// `piece,square,magic,offset` rows, the restart and `entries N`: what
    /// `pack` and `merge` read.
    Rows,
    /// Rust constants and a `static` built from them, ready to paste.
    Rust,
}

/// The comment line naming the restart that gave a layout: `merge` breaks
/// ties between shards with it.
pub const RESTART_LINE: &str = "# restart ";

pub fn pack(
    file: &Path,
    scheme: Option<Scheme>,
    runs: Restarts,
    output: Output,
) -> Result<String, String> {
    let Restarts {
        effort,
        count: restarts,
        seed,
        shard,
        fresh,
        candidates,
        climb,
        anneal,
        blocks,
    } = runs;
    let text = std::fs::read_to_string(file)
        .map_err(|e| format!("cannot read {}: {e}", file.display()))?;
    let (magics, offsets) =
        parse_magics_csv(&text).map_err(|e| format!("{}: {e}", file.display()))?;
    let mut set = match scheme {
        Some(s @ (Scheme::FixedShift | Scheme::Black)) => {
            let set = unpacked(s, magics);
            if let Some(bad) = first_clash(&set) {
                return Err(format!("{bad} is not a {s} magic; check the file"));
            }
            set
        }
        Some(s) => return Err(format!("pack takes fixed_shift or black magics, not {s}")),
        // The hash under which every square's magic is collision-free.
        None => {
            let [black, fixed] = [Scheme::Black, Scheme::FixedShift].map(|s| unpacked(s, magics));
            match (first_clash(&black), first_clash(&fixed)) {
                (None, _) => black,
                (_, None) => fixed,
                (Some(b), Some(f)) => {
                    return Err(format!(
                        "these are neither black magics ({b} clashes) nor fixed-shift magics \
                         ({f} clashes) at 12 rook and 9 bishop bits; check the file"
                    ))
                }
            }
        }
    };
    let tables = set.sub_tables();
    let (magics_of, choices) = with_candidates(&set, &tables, candidates, climb, seed);
    // The file's own layout, if it is one, is where every restart starts.
    let layout: Vec<u32> = offsets.iter().flatten().copied().collect();
    let start = match fresh {
        false => layout_len(&tables, &layout).map(|len| (layout.as_slice(), len)),
        true => None,
    };
    let mine: Vec<u64> = (0..restarts)
        .filter(|r| r % shard.count == shard.index)
        .collect();
    if mine.is_empty() {
        return Err(format!(
            "shard {shard} has no restart of the {restarts}; give --restarts {} or more",
            shard.count
        ));
    }
    // Ctrl-C, or SIGTERM as a scheduler sends at a task's time limit, ends
    // every restart where it is: the shortest layout so far is printed, not
    // lost. Caught from before the search is announced.
    let stop = crate::raised_on_signal()?;
    // Every restart's changes (a count past 2^64 stays there).
    let total = effort.saturating_mul(mine.len() as u64);
    let bar = ProgressBar::new(total);
    if !std::io::IsTerminal::is_terminal(&std::io::stderr()) {
        // No bar to draw: say once what the wait is for.
        let from = match start {
            Some((_, len)) => format!("the file's layout ({len} entries)"),
            None => "a left-to-right layout".to_string(),
        };
        let runs = crate::count(mine.len() as u64, "restart");
        let annealing = match anneal {
            0 => String::new(),
            t => format!(", annealing from {t} entries"),
        };
        let runs_of = match blocks {
            0 | 1 => String::new(),
            b => format!(", moving up to {b} sub-tables at once"),
        };
        eprintln!(
            "packing {} sub-tables from {from}: {runs} of {effort} changes each{annealing}{runs_of}",
            tables.len()
        );
    }
    bar.set_style(
        ProgressStyle::with_template("{elapsed_precise} [{bar:30}] {pos}/{len} changes, {msg}")
            .expect("a valid template")
            .progress_chars("=> "),
    );
    let best = AtomicUsize::new(usize::MAX);
    // Every restart has its own seed; the shortest wins, the first on ties,
    // so the result does not depend on the number of cores.
    let (restart, packed) = mine
        .par_iter()
        .map(|&r| {
            let packed = pack_annealing(
                &choices,
                start.map(|(l, _)| l),
                effort,
                seed.wrapping_add(r),
                anneal,
                blocks,
                |len| {
                    bar.inc(1);
                    if best.fetch_min(len, Ordering::Relaxed) > len {
                        bar.set_message(format!("best {len} entries"));
                    }
                    !stop.load(Ordering::Relaxed)
                },
            );
            (r, packed)
        })
        .collect::<Vec<_>>()
        .into_iter()
        .min_by_key(|(r, packed)| (packed.len, *r))
        .expect("at least one restart");
    let changes = bar.position();
    bar.finish_and_clear();
    if start.is_some_and(|(layout, _)| {
        packed.offsets == layout && packed.choice.iter().all(|&c| c == 0)
    }) {
        eprintln!(
            "no layout shorter than the file's was found (the search reached {}): \
             it is printed unchanged",
            packed.searched
        );
    }
    let len = packed.len;
    for (i, (off, c)) in packed.offsets.into_iter().zip(packed.choice).enumerate() {
        set.offsets[i / 64][i % 64] = off;
        set.magics[i / 64][i % 64] = magics_of[i][c];
    }
    set.len = len;
    let out = printed(&set, output, restart, seed);
    if !stop.load(Ordering::SeqCst) {
        return Ok(out);
    }
    // Stopped: the layout is printed all the same, and the run fails, so
    // that a job array's scheduler knows the task did not finish.
    print!("{out}");
    Err(format!(
        "stopped by Ctrl-C or SIGTERM after {changes} of {total} changes: the shortest \
         layout found so far is printed ({len} entries); run it again for the whole search"
    ))
}

/// The layout as `output` asks: Rust to paste, or rows for `pack` and
/// `merge`, naming the restart that found it.
fn printed(set: &MagicSet, output: Output, restart: u64, seed: u64) -> String {
    let len = set.len;
    if output == Output::Rust {
        let mut out = format!(
            "// {} magics laid by `magic-search pack` (restart {restart}, seed {:#x}): \
             {len} entries.\n",
            set.scheme,
            seed.wrapping_add(restart)
        );
        out.push_str(&pasteable_source(set, "SLIDERS"));
        return out;
    }
    let mut out = csv_rows(set);
    writeln!(
        out,
        "{RESTART_LINE}{restart} (seed {:#x})",
        seed.wrapping_add(restart)
    )
    .unwrap();
    writeln!(out, "entries {len}").unwrap();
    out
}

/// The magics each sub-table may be laid with, and their sub-tables: the
/// set's own first, then up to `count - 1` others of the same square, hash
/// and bits (none when `count` is 1), each changed by `climb` steps of
/// [`fewer_slots`].
fn with_candidates(
    set: &MagicSet,
    tables: &[SubTable],
    count: usize,
    climb: u64,
    seed: u64,
) -> (Vec<Vec<u64>>, Vec<Vec<SubTable>>) {
    if count > 1 {
        eprintln!(
            "finding {} more magics for each of the 128 squares{}",
            count - 1,
            match climb {
                0 => String::new(),
                steps => format!(", each then climbing {steps} steps towards fewer used slots"),
            }
        );
    }
    tables
        .par_iter()
        .enumerate()
        .map(|(i, own)| {
            let (p, sq) = (i / 64, i % 64);
            let mut magics = vec![set.magics[p][sq]];
            let mut choices = vec![own.clone()];
            if count > 1 {
                let bits = u32::from(set.bits[p][sq]);
                let hash = set.scheme.hash();
                let found = candidate_sub_tables(
                    hash,
                    own.piece,
                    sq,
                    bits,
                    count - 1,
                    CANDIDATE_TRIES,
                    seed,
                );
                for (magic, table) in found {
                    let (magic, table) = match climb {
                        0 => (magic, table),
                        steps => {
                            let magic = fewer_slots(hash, own.piece, sq, bits, magic, steps, seed);
                            (magic, SubTable::with_hash(own.piece, sq, hash, magic, bits))
                        }
                    };
                    if !magics.contains(&magic) {
                        magics.push(magic);
                        choices.push(table);
                    }
                }
            }
            (magics, choices)
        })
        .unzip()
}

/// Candidate magics drawn per square at most, found or not, so that a square
/// with few magics at its bits ends the search: the 12-bit rook corners
/// need about 75,000 draws per black or fixed-shift magic, so that about
/// 160 candidates (640 magics drawn from) are found in full everywhere.
const CANDIDATE_TRIES: u64 = 50_000_000;

/// `magics` as a set of `scheme` at 12/9 bits, offsets not yet chosen.
fn unpacked(scheme: Scheme, magics: [[u64; 64]; 2]) -> MagicSet {
    MagicSet {
        scheme,
        magics,
        bits: magic_search::scheme_default_bits(scheme),
        offsets: [[0; 64]; 2],
        len: 0,
    }
}

/// The first square whose magic maps two attack sets to one slot.
fn first_clash(set: &MagicSet) -> Option<String> {
    let mut scratch = Scratch::default();
    Piece::ALL.into_iter().enumerate().find_map(|(p, piece)| {
        (0..64).find_map(|sq| {
            let o = Occupancies::new(piece, sq);
            let bits = u32::from(set.bits[p][sq]);
            let ok = scratch.fits(&o, set.scheme.hash(), set.magics[p][sq], bits);
            (!ok).then(|| {
                format!(
                    "the {} magic of {}",
                    piece.name(),
                    magic_search::square_name(sq)
                )
            })
        })
    })
}

/// `piece,square,magic,offset` rows, the format of the data files.
pub fn csv_rows(set: &MagicSet) -> String {
    let formula = match set.scheme {
        Scheme::FixedShift | Scheme::Plain | Scheme::OffsetInMagic => {
            "offset + ((occ & mask) * magic >> (64 - 12 for rook, 64 - 9 for bishop))"
        }
        Scheme::Black => {
            "offset + ((occ | !mask) * magic >> (64 - 12 for rook, 64 - 9 for bishop))"
        }
        Scheme::ShiftInMagic | Scheme::Shared => "offset + ((occ & mask) * magic >> (magic >> 58))",
        Scheme::Magic32 => "offset + (two 32-bit products of the halves, xored, >> (32 - bits))",
        _ => "offset + ((occ & mask) * magic >> (64 - bits))",
    };
    let mut out = format!(
        "# {} magics; index = {formula}; table entries: {}\npiece,square,magic,offset\n",
        set.scheme, set.len
    );
    for (p, piece) in Piece::ALL.into_iter().enumerate() {
        for sq in 0..64 {
            writeln!(
                out,
                "{},{sq},{:#018x},{}",
                piece.name(),
                set.magics[p][sq],
                set.offsets[p][sq]
            )
            .unwrap();
        }
    }
    out
}
