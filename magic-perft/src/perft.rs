//! Counting the leaves of the legal move tree.

use crate::movegen::{count_legal, MoveList};
use crate::position::Position;
use crate::types::Move;
use magic_runtime::Sliders;

/// The number of legal move sequences of `depth` plies from `pos`, counting
/// the last ply in bulk (the length of the move list, without playing it).
///
/// ```
/// use magic_perft::{perft, Position};
/// assert_eq!(perft(&Position::startpos(), 3, &magic_runtime::Hyperbola), 8_902);
/// ```
pub fn perft<S: Sliders>(pos: &Position, depth: u32, sliders: &S) -> u64 {
    if depth == 0 {
        return 1;
    }
    if depth == 1 {
        return count_legal(pos, sliders);
    }
    MoveList::legal(pos, sliders)
        .as_slice()
        .iter()
        .map(|&m| perft(&pos.play(m), depth - 1, sliders))
        .sum()
}

/// [`perft`] below each legal move of `pos`, in generation order.
///
/// ```
/// use magic_perft::{divide, Position};
/// let counts = divide(&Position::startpos(), 2, &magic_runtime::Hyperbola);
/// assert_eq!(counts.len(), 20);
/// assert!(counts.iter().all(|&(_, n)| n == 20));
/// ```
pub fn divide<S: Sliders>(pos: &Position, depth: u32, sliders: &S) -> Vec<(Move, u64)> {
    MoveList::legal(pos, sliders)
        .as_slice()
        .iter()
        .map(|&m| (m, perft(&pos.play(m), depth.saturating_sub(1), sliders)))
        .collect()
}
