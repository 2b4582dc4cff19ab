//! Drawing a bitboard as an 8x8 board, rank 8 at the top.

use core::fmt;

/// A bitboard drawn as a board: `x` for a set square, `.` for an empty one,
/// and optionally a piece letter on one square.
///
/// ```
/// # use magic_runtime_core as magic_runtime;
/// use magic_runtime::{attacks_by_ray_walk, Diagram, Piece};
/// let e4 = 28;
/// let occ = 1 << 44; // a blocker on e6
/// let text = Diagram::new(attacks_by_ray_walk(Piece::Rook, e4, occ)).piece(e4, 'R').to_string();
/// assert_eq!(text, "\
/// 8 . . . . . . . .
/// 7 . . . . . . . .
/// 6 . . . . x . . .
/// 5 . . . . x . . .
/// 4 x x x x R x x x
/// 3 . . . . x . . .
/// 2 . . . . x . . .
/// 1 . . . . x . . .
///   a b c d e f g h
/// ");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Diagram {
    bits: u64,
    piece: Option<(usize, char)>,
}

impl Diagram {
    /// Draws `bits`.
    ///
    /// ```
    /// # use magic_runtime_core as magic_runtime;
    /// let d = magic_runtime::Diagram::new(1);
    /// assert!(d.to_string().contains("1 x . . . . . . ."));
    /// ```
    pub const fn new(bits: u64) -> Diagram {
        Diagram { bits, piece: None }
    }

    /// Draws `letter` on square `sq` (a1 = 0) instead of `x` or `.`.
    ///
    /// ```
    /// # use magic_runtime_core as magic_runtime;
    /// let d = magic_runtime::Diagram::new(0).piece(7, 'B');
    /// assert!(d.to_string().contains("1 . . . . . . . B"));
    /// ```
    pub const fn piece(self, sq: usize, letter: char) -> Diagram {
        Diagram {
            bits: self.bits,
            piece: Some((sq, letter)),
        }
    }
}

impl fmt::Display for Diagram {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..8).rev() {
            write!(f, "{}", rank + 1)?;
            for file in 0..8 {
                let sq = rank * 8 + file;
                let c = match self.piece {
                    Some((p, letter)) if p == sq => letter,
                    _ if self.bits >> sq & 1 == 1 => 'x',
                    _ => '.',
                };
                write!(f, " {c}")?;
            }
            writeln!(f)?;
        }
        writeln!(f, "  a b c d e f g h")
    }
}
