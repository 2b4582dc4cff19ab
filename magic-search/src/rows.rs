//! Reading the line-based data files: the magic sets in `data/`, hunt
//! results and hunt state files share one layout.

/// One data line: not blank, not a `#` comment, not the `piece,...` header.
pub(crate) struct Row<'a> {
    /// 1-based, for messages.
    pub(crate) number: usize,
    /// The line, trimmed.
    pub(crate) text: &'a str,
}

impl Row<'_> {
    /// `line N: what: `text``, the form every parser reports in.
    pub(crate) fn error(&self, what: &str) -> String {
        format!("line {}: {what}: `{}`", self.number, self.text)
    }
}

/// The data lines of `text`.
pub(crate) fn rows(text: &str) -> impl Iterator<Item = Row<'_>> {
    text.lines()
        .enumerate()
        .map(|(n, line)| Row {
            number: n + 1,
            text: line.trim(),
        })
        .filter(|row| {
            !row.text.is_empty() && !row.text.starts_with('#') && !row.text.starts_with("piece,")
        })
}

/// `0x` and hex digits, the way the files write magics.
pub(crate) fn hex_magic(s: &str) -> Option<u64> {
    s.trim()
        .strip_prefix("0x")
        .and_then(|h| u64::from_str_radix(h, 16).ok())
}

/// A magic that may not be found yet, as the state files write it: `0x`
/// and 16 hex digits, or `-`.
pub(crate) fn magic_or_dash(magic: Option<u64>) -> String {
    magic.map_or("-".to_string(), |m| format!("{m:#018x}"))
}
