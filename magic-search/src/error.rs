//! Why a search gave up.

use crate::{square_name, Piece};
use core::fmt;

/// A search that gave up: one square ran out of its tries, or the whole
/// set ran past its total.
///
/// ```
/// use magic_search::{find_magic, Piece, SearchOptions};
/// // Six bits cannot index the 4,096 occupancies of a rook on a1.
/// let opts = SearchOptions { max_tries: 1_000, ..SearchOptions::default() };
/// let err = find_magic(Piece::Rook, 0, 6, 1, &opts).unwrap_err();
/// assert_eq!(err.to_string(), "no rook magic for a1 with 6 bits after 1000 tries; \
///     give a1 more rook bits, allow more tries or try another seed");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SearchError {
    /// One square ran out of its tries ([`SearchOptions::max_tries`](crate::SearchOptions)).
    Square {
        /// The piece whose square failed.
        piece: Piece,
        /// The square that failed, a1 = 0.
        square: usize,
        /// The index bits asked for.
        bits: u32,
        /// How many candidates were tried.
        tries: u64,
    },
    /// The squares together needed more candidates than
    /// [`SearchOptions::max_total_tries`](crate::SearchOptions).
    Total {
        /// The limit on candidates over all squares.
        limit: u64,
    },
}

impl fmt::Display for SearchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            SearchError::Square {
                piece,
                square,
                bits,
                tries,
            } => {
                let (p, sq) = (piece.name(), square_name(square));
                write!(
                    f,
                    "no {p} magic for {sq} with {bits} bits after {tries} tries; "
                )?;
                match bits < piece.max_bits() {
                    true => write!(
                        f,
                        "give {sq} more {p} bits, allow more tries or try another seed"
                    ),
                    false => write!(f, "allow more tries or try another seed"),
                }
            }
            SearchError::Total { limit } => write!(
                f,
                "the search needs more than {limit} candidate magics in all; \
                 give the squares more bits, try another seed, use a shipped set, or find \
                 fewer-bit magics with `magic-search hunt` and pass them to the const builder"
            ),
        }
    }
}

impl std::error::Error for SearchError {}
