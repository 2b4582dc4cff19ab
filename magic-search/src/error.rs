//! Why a search gave up.

use crate::{square_name, Piece};
use core::fmt;

/// A search that ran out of tries for one square.
///
/// ```
/// use magic_search::{find_magic, Piece, SearchOptions};
/// // Six bits cannot index the 4,096 occupancies of a rook on a1.
/// let opts = SearchOptions { max_tries: 1_000, ..SearchOptions::default() };
/// let err = find_magic(Piece::Rook, 0, 6, 1, &opts).unwrap_err();
/// assert_eq!(err.to_string(), "no rook magic for a1 with 6 bits after 1000 tries; \
///     give a1 more rook bits or try another seed");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchError {
    /// The piece whose square failed.
    pub piece: Piece,
    /// The square that failed, a1 = 0.
    pub square: usize,
    /// The index bits asked for.
    pub bits: u32,
    /// How many candidates were tried.
    pub tries: u64,
}

impl fmt::Display for SearchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (p, sq) = (self.piece.name(), square_name(self.square));
        write!(
            f,
            "no {p} magic for {sq} with {} bits after {} tries; give {sq} more {p} bits or try another seed",
            self.bits, self.tries
        )
    }
}

impl std::error::Error for SearchError {}
