//! The name a misspelt key, scheme or set most likely meant.

/// The name of `names` nearest to `given` (ignoring case and `_`), if it
/// is near enough to be a slip (at most one edit for short names, two
/// from six letters on) and no other name is as near.
pub fn nearest<'a>(given: &str, names: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let plain = |s: &str| -> Vec<char> {
        s.chars()
            .filter(|&c| c != '_')
            .map(|c| c.to_ascii_lowercase())
            .collect()
    };
    let given = plain(given);
    let allowed = if given.len() >= 6 { 2 } else { 1 };
    let near: Vec<(usize, &str)> = names
        .into_iter()
        .map(|name| (edits(&given, &plain(name)), name))
        .filter(|&(distance, _)| distance <= allowed)
        .collect();
    let fewest = near.iter().map(|&(distance, _)| distance).min()?;
    // Two names as near (`sed`: `seed` or `set`) are no answer.
    let mut nearest = near.iter().filter(|&&(distance, _)| distance == fewest);
    match (nearest.next(), nearest.next()) {
        (Some(&(_, name)), None) => Some(name),
        _ => None,
    }
}

/// What to do about an unknown `given`: use the name of `names` it most
/// likely meant, or else what `otherwise` says.
pub fn advice<'a>(
    given: &str,
    names: impl IntoIterator<Item = &'a str>,
    otherwise: impl FnOnce() -> String,
) -> String {
    match nearest(given, names) {
        Some(name) => format!("did you mean `{name}`?"),
        None => otherwise(),
    }
}

/// Levenshtein distance: insertions, deletions and substitutions.
fn edits(a: &[char], b: &[char]) -> usize {
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.iter().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let substitute = diagonal + usize::from(ca != cb);
            diagonal = row[j + 1];
            row[j + 1] = substitute.min(row[j] + 1).min(row[j + 1] + 1);
        }
    }
    row[b.len()]
}
