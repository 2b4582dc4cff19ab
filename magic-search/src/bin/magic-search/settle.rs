//! `magic-search settle`: whether a square has a magic with so many index
//! bits, answered by ruling out every magic or finding one.

use indicatif::{ProgressBar, ProgressStyle};
use magic_search::{square_name, HuntTarget, MagicQuestion, Shard};
use rayon::prelude::*;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

/// What `settle` was asked for.
#[derive(clap::Args)]
pub struct SettleArgs {
    /// The question: `bishop,c1,4` (piece, square, bits).
    target: HuntTarget,
    /// Search only shard `i/n`: the parts (of 4,096, by the magic's top
    /// bits) whose number leaves remainder i divided by n. The square has a
    /// magic when any shard finds one, none when every shard finds none.
    #[arg(long)]
    shard: Option<Shard>,
}

pub fn settle(args: SettleArgs) -> Result<String, String> {
    let SettleArgs { target, shard } = args;
    let shard = shard.unwrap_or(Shard::WHOLE);
    let HuntTarget {
        piece,
        square,
        bits,
    } = target;
    let question = MagicQuestion::new(piece, square, u32::from(bits));
    let width = question.width();
    let parts: Vec<u64> = (0..question.parts())
        .filter(|part| part % shard.count == shard.index)
        .collect();
    let bar = ProgressBar::new(parts.len() as u64);
    bar.set_style(
        ProgressStyle::with_template("{elapsed_precise} [{bar:30}] {pos}/{len} parts, {msg}")
            .expect("a valid template")
            .progress_chars("=> "),
    );
    let nodes = AtomicU64::new(0);
    let start = Instant::now();
    // The lowest part first: the magic printed is the lowest there is,
    // however many threads search.
    let found = parts.par_iter().find_map_first(|&part| {
        let settled = question.part(part);
        let seen = nodes.fetch_add(settled.nodes, Ordering::Relaxed) + settled.nodes;
        bar.inc(1);
        bar.set_message(format!("{seen} intervals"));
        settled.magic
    });
    bar.finish_and_clear();
    let asked = format!("{} {} at {bits} bits", piece.name(), square_name(square));
    let whole = match shard == Shard::WHOLE {
        true => String::new(),
        false => format!(" in shard {shard}"),
    };
    let (nodes, seconds) = (nodes.into_inner(), start.elapsed().as_secs_f64());
    Ok(match found {
        Some(magic) => format!(
            "{asked}: {magic:#x}, the lowest magic{whole} (only its low {width} bits \
             matter; {nodes} intervals, {seconds:.1} s)\n"
        ),
        None if shard == Shard::WHOLE => format!(
            "{asked}: no magic exists: all 2^{width} magics ruled out \
             ({nodes} intervals, {seconds:.1} s)\n"
        ),
        None => format!(
            "{asked}: no magic{whole} ({} of the {} parts of the 2^{width} magics; \
             {nodes} intervals, {seconds:.1} s)\n",
            parts.len(),
            question.parts()
        ),
    })
}
