//! `magic-search merge`: the shards of a hunt, a settle or a pack, combined.

use crate::pack::RESTART_LINE;
use magic_search::{parse_magics_csv, square_name, HuntState, MagicQuestion, SettleState};
use std::collections::BTreeMap;
use std::path::PathBuf;

/// Begun settle parts that `merge` says how far they got, at most.
const BEGUN_LISTED: usize = 8;

/// What a file to merge holds, told by its lines.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Hunt,
    Settle,
    Pack,
    /// None of the three: no row of any of them.
    Unknown,
}

impl Kind {
    /// A hunt state has a `seed,` line; a settle state's rows (and header)
    /// have six fields, `piece,square,bits,part,magic,intervals`; a pack's
    /// four, and an `entries N` line.
    fn of(text: &str) -> Kind {
        let lines = text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'));
        let fields = |n: usize| lines.clone().any(|l| l.split(',').count() == n);
        if lines.clone().any(|l| l.starts_with("seed,")) {
            Kind::Hunt
        } else if fields(6) {
            Kind::Settle
        } else if fields(4) || lines.clone().any(|l| l.starts_with("entries")) {
            Kind::Pack
        } else {
            Kind::Unknown
        }
    }
}

pub fn merge(files: &[PathBuf]) -> Result<String, String> {
    let texts = files
        .iter()
        .map(|f| {
            let text = std::fs::read_to_string(f)
                .map_err(|e| format!("cannot read {}: {e}", f.display()))?;
            Ok((f, text))
        })
        .collect::<Result<Vec<_>, String>>()?;
    if let Some((f, _)) = texts
        .iter()
        .find(|(_, text)| Kind::of(text) == Kind::Unknown)
    {
        return Err(format!(
            "{}: neither a hunt or settle state nor a pack output; give the files that \
             `hunt --state`, `settle --state` or `pack --shard` wrote",
            f.display()
        ));
    }
    let kind = Kind::of(&texts[0].1);
    if texts.iter().any(|(_, text)| Kind::of(text) != kind) {
        return Err(
            "give files of one kind: hunt state files, settle state files or pack outputs".into(),
        );
    }
    match kind {
        Kind::Hunt => merge_hunts(&texts),
        Kind::Settle => merge_settles(&texts),
        // Refused above, file by file.
        Kind::Pack | Kind::Unknown => merge_packs(&texts),
    }
}

/// Every file read by `parse`, or the first error, naming its file.
fn parse_all<T>(
    texts: &[(&PathBuf, String)],
    parse: fn(&str) -> Result<T, String>,
) -> Result<Vec<T>, String> {
    texts
        .iter()
        .map(|(f, text)| parse(text).map_err(|e| format!("{}: {e}", f.display())))
        .collect()
}

/// Every part of every shard's settle state: a part holds the same
/// whichever run searched it.
fn merge_settles(texts: &[(&PathBuf, String)]) -> Result<String, String> {
    let merged = SettleState::merge(&parse_all(texts, SettleState::parse)?)?;
    let begun = match merged.stopped_len() {
        0 => String::new(),
        n => format!(" and {n} begun"),
    };
    eprintln!(
        "{} searched{begun}; save this state and give it to `magic-search settle --state FILE` \
         for the answer, or to go on",
        crate::count(merged.len() as u64, "part")
    );
    // How far each begun part got, the first few of them.
    let mut questions = BTreeMap::new();
    for (target, part, stopped) in merged.stopped().take(BEGUN_LISTED) {
        let question = questions
            .entry(target)
            .or_insert_with(|| MagicQuestion::new(target.piece, target.square, target.bits.into()));
        // A pair's walk rules out as large a share of the mirror's magics.
        let (parts, whose) = match stopped.with_mirror {
            true => (
                format!("parts {part} and {}", question.mirror(part)),
                "their",
            ),
            false => (format!("part {part}"), "its"),
        };
        eprintln!(
            "  {} {} at {} bits, {parts}: {:.1}% of {whose} magics ruled out",
            target.piece.name(),
            square_name(target.square),
            target.bits,
            100.0 * question.share_below(part, stopped.reached)
        );
    }
    if merged.stopped_len() > BEGUN_LISTED {
        eprintln!("  and {} more begun", merged.stopped_len() - BEGUN_LISTED);
    }
    Ok(merged.to_text())
}

fn merge_hunts(texts: &[(&PathBuf, String)]) -> Result<String, String> {
    let merged = HuntState::merge(&parse_all(texts, HuntState::parse)?)?;
    let found = merged.targets.iter().filter(|t| t.found.is_some()).count();
    eprintln!(
        "{found} of {} targets found as one run would find them; \
         save this state and resume it with `magic-search hunt --state FILE`",
        merged.targets.len()
    );
    Ok(merged.to_text())
}

/// The shortest layout of all shards, the lowest restart on ties: what one
/// run over every restart keeps.
fn merge_packs(texts: &[(&PathBuf, String)]) -> Result<String, String> {
    let mut best: Option<((usize, u64), &str)> = None;
    let mut magics = None;
    for (f, text) in texts {
        let bad =
            |what: &str| format!("{}: {what}; give the output of `pack --shard`", f.display());
        let entries = text
            .lines()
            .find_map(|l| l.strip_prefix("entries "))
            .and_then(|n| n.trim().parse::<usize>().ok())
            .ok_or_else(|| bad("no `entries N` line"))?;
        let restart = text
            .lines()
            .find_map(|l| l.strip_prefix(RESTART_LINE))
            .and_then(|r| r.split_whitespace().next()?.parse::<u64>().ok())
            .ok_or_else(|| bad("no `# restart R` line"))?;
        let (these, _) = parse_magics_csv(text).map_err(|e| format!("{}: {e}", f.display()))?;
        if *magics.get_or_insert(these) != these {
            return Err(format!(
                "{} packs other magics than {}; merge the shards of one pack",
                f.display(),
                texts[0].0.display()
            ));
        }
        if best.is_none_or(|(key, _)| (entries, restart) < key) {
            best = Some(((entries, restart), text));
        }
    }
    let ((entries, restart), text) = best.expect("at least one file");
    eprintln!("restart {restart} wins with {entries} entries");
    Ok(text.to_string())
}
