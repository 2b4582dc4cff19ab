//! Colours, piece kinds, moves.

use core::fmt;

/// A side.
///
/// ```
/// use magic_perft::Color;
/// assert_eq!(!Color::White, Color::Black);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Color {
    /// Moves first.
    White,
    /// Moves second.
    Black,
}

impl core::ops::Not for Color {
    type Output = Color;
    fn not(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
}

/// A kind of piece.
///
/// ```
/// use magic_perft::Kind;
/// assert_eq!(Kind::from_letter('n'), Some(Kind::Knight));
/// assert_eq!(Kind::Queen.letter(), 'q');
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// Pawn.
    Pawn,
    /// Knight.
    Knight,
    /// Bishop.
    Bishop,
    /// Rook.
    Rook,
    /// Queen.
    Queen,
    /// King.
    King,
}

impl Kind {
    /// Every kind, in index order.
    ///
    /// ```
    /// assert_eq!(magic_perft::Kind::ALL[5], magic_perft::Kind::King);
    /// ```
    pub const ALL: [Kind; 6] = [
        Kind::Pawn,
        Kind::Knight,
        Kind::Bishop,
        Kind::Rook,
        Kind::Queen,
        Kind::King,
    ];

    /// The kind of a FEN letter, either case.
    ///
    /// ```
    /// assert_eq!(magic_perft::Kind::from_letter('K'), Some(magic_perft::Kind::King));
    /// assert_eq!(magic_perft::Kind::from_letter('x'), None);
    /// ```
    pub fn from_letter(c: char) -> Option<Kind> {
        Some(match c.to_ascii_lowercase() {
            'p' => Kind::Pawn,
            'n' => Kind::Knight,
            'b' => Kind::Bishop,
            'r' => Kind::Rook,
            'q' => Kind::Queen,
            'k' => Kind::King,
            _ => return None,
        })
    }

    /// The lower-case letter.
    ///
    /// ```
    /// assert_eq!(magic_perft::Kind::Knight.letter(), 'n');
    /// ```
    pub fn letter(self) -> char {
        b"pnbrqk"[self as usize] as char
    }
}

/// What a move does besides moving a piece.
///
/// ```
/// use magic_perft::{Kind, MoveKind};
/// assert_ne!(MoveKind::Promotion(Kind::Queen), MoveKind::Normal);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// A move or capture.
    Normal,
    /// A pawn's two-square advance, which sets the en-passant square.
    DoublePush,
    /// En-passant capture.
    EnPassant,
    /// Castling; the move is the king's.
    Castle,
    /// A promotion (with or without capture) to this kind.
    Promotion(Kind),
}

/// A move: from-square, to-square (a1 = 0) and kind.
///
/// ```
/// use magic_perft::{Move, MoveKind, Kind};
/// let m = Move { from: 52, to: 60, kind: MoveKind::Promotion(Kind::Queen) };
/// assert_eq!(m.to_string(), "e7e8q");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// The square the piece leaves.
    pub from: u8,
    /// The square it lands on.
    pub to: u8,
    /// What else happens.
    pub kind: MoveKind,
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = |sq: u8| magic_runtime::square_name(sq as usize);
        write!(f, "{}{}", name(self.from), name(self.to))?;
        if let MoveKind::Promotion(kind) = self.kind {
            write!(f, "{}", kind.letter())?;
        }
        Ok(())
    }
}
