//! The position, read from FEN, and copy-make.

use crate::types::{Color, Kind, Move, MoveKind};
use core::fmt;

/// Castling rights, one bit each.
pub mod castling {
    /// White, king side.
    pub const WHITE_KING: u8 = 1;
    /// White, queen side.
    pub const WHITE_QUEEN: u8 = 2;
    /// Black, king side.
    pub const BLACK_KING: u8 = 4;
    /// Black, queen side.
    pub const BLACK_QUEEN: u8 = 8;
}

/// Rights kept when a move touches a square: a king or rook leaving its
/// square, or a rook captured on it, loses the matching rights.
const fn rights_kept() -> [u8; 64] {
    let mut keep = [0xfu8; 64];
    keep[0] = !castling::WHITE_QUEEN & 0xf; // a1
    keep[7] = !castling::WHITE_KING & 0xf; // h1
    keep[4] = !(castling::WHITE_KING | castling::WHITE_QUEEN) & 0xf; // e1
    keep[56] = !castling::BLACK_QUEEN & 0xf; // a8
    keep[63] = !castling::BLACK_KING & 0xf; // h8
    keep[60] = !(castling::BLACK_KING | castling::BLACK_QUEEN) & 0xf; // e8
    keep
}
const RIGHTS_KEPT: [u8; 64] = rights_kept();

/// Why a FEN string was refused.
///
/// ```
/// use magic_perft::{FenError, Position};
/// let err = Position::from_fen("8/8/8/8/8/8/8/8 w -").unwrap_err();
/// assert_eq!(err, FenError::FieldCount(3));
/// assert_eq!(err.to_string(), "fen has 3 fields; expected 6 (placement, side, castling, en passant, halfmove, fullmove)");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenError {
    /// Not six space-separated fields.
    FieldCount(usize),
    /// Not eight ranks separated by `/`.
    RankCount(usize),
    /// A rank (8 = the first listed) whose pieces and digits do not add up to 8.
    RankLength(usize, usize),
    /// A character that is neither a piece letter nor a digit 1-8.
    BadPiece(char),
    /// A side that is not `w` or `b`.
    BadSide(String),
    /// A castling field that is not `-` or some of `KQkq`, or a right
    /// without its king and rook at home.
    BadCastling(String),
    /// An en-passant field that is not `-` or a square on rank 3 or 6
    /// (for the side that just moved).
    BadEnPassant(String),
    /// A move counter that is not a number.
    BadCounter(String),
    /// Not exactly one king per side.
    KingCount,
    /// A pawn on the first or last rank, where no pawn can stand.
    PawnOnBackRank(usize),
    /// More pieces for one side than a game can give it (16 in all, 8
    /// pawns, and no more promoted pieces than missing pawns).
    TooManyPieces(Color),
    /// The side not to move is in check: its king could be captured.
    OpponentInCheck,
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::FieldCount(n) => write!(
                f,
                "fen has {n} fields; expected 6 (placement, side, castling, en passant, halfmove, fullmove)"
            ),
            FenError::RankCount(n) => write!(f, "fen placement has {n} ranks; expected 8 separated by '/'"),
            FenError::RankLength(rank, n) => {
                write!(f, "fen rank {rank} covers {n} squares; each rank must add up to 8")
            }
            FenError::BadPiece(c) => write!(f, "fen has '{c}' where a piece letter (pnbrqkPNBRQK) or a digit 1-8 belongs"),
            FenError::BadSide(s) => write!(f, "fen side to move is '{s}'; use 'w' or 'b'"),
            FenError::BadCastling(s) => {
                write!(f, "fen castling field '{s}' is invalid; use '-' or some of 'KQkq' with king and rook at home")
            }
            FenError::BadEnPassant(s) => {
                write!(f, "fen en-passant field '{s}' is invalid; use '-' or a square on rank 3 or 6 behind a pawn that just moved two")
            }
            FenError::BadCounter(s) => write!(f, "fen move counter '{s}' is not a number"),
            FenError::KingCount => write!(f, "fen must have exactly one king of each colour"),
            FenError::PawnOnBackRank(sq) => write!(
                f,
                "fen has a pawn on {}; pawns never stand on the first or last rank",
                magic_runtime::square_name(*sq)
            ),
            FenError::TooManyPieces(color) => write!(
                f,
                "fen gives {} more pieces than a game can: at most 16, 8 pawns, and one promoted piece per missing pawn",
                match color {
                    Color::White => "white",
                    Color::Black => "black",
                }
            ),
            FenError::OpponentInCheck => write!(
                f,
                "fen has the side not to move in check; no game reaches that, since its king could be taken"
            ),
        }
    }
}

impl std::error::Error for FenError {}

/// A chess position: bitboards per kind and colour (a1 = bit 0), side to
/// move, castling rights, en-passant square and move counters.
///
/// ```
/// use magic_perft::Position;
/// let p = Position::startpos();
/// assert_eq!(p.occupied().count_ones(), 32);
/// assert_eq!(p.to_fen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// Pieces of each kind, both colours.
    pub by_kind: [u64; 6],
    /// Pieces of each colour.
    pub by_color: [u64; 2],
    /// Side to move.
    pub side: Color,
    /// Castling rights, see [`castling`].
    pub castling: u8,
    /// The square behind a pawn that just advanced two, if any.
    pub en_passant: Option<u8>,
    /// Plies since the last capture or pawn move.
    pub halfmove: u32,
    /// Move number, starting at 1.
    pub fullmove: u32,
}

/// The standard starting position.
pub const STARTPOS: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

impl Position {
    /// The standard starting position.
    ///
    /// ```
    /// assert_eq!(magic_perft::Position::startpos().side, magic_perft::Color::White);
    /// ```
    pub fn startpos() -> Position {
        Position::from_fen(STARTPOS).expect("the start position is valid")
    }

    /// Reads a FEN string. The two move counters may be left out (as in
    /// EPD); anything else missing or malformed is an error.
    ///
    /// ```
    /// use magic_perft::{FenError, Position};
    /// assert!(Position::from_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1").is_ok());
    /// assert_eq!(Position::from_fen("4k3/8/8/8/8/8/8/4K2X w - - 0 1"), Err(FenError::BadPiece('X')));
    /// assert_eq!(Position::from_fen("4k3/8/8/8/8/8/8/4K3 w K - 0 1"),
    ///     Err(FenError::BadCastling("K".into())));
    /// ```
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        let fields: Vec<&str> = match fields.len() {
            4 => [fields.as_slice(), &["0", "1"]].concat(),
            6 => fields,
            n => return Err(FenError::FieldCount(n)),
        };
        let mut p = Position {
            by_kind: [0; 6],
            by_color: [0; 2],
            side: Color::White,
            castling: 0,
            en_passant: None,
            halfmove: 0,
            fullmove: 1,
        };
        let ranks: Vec<&str> = fields[0].split('/').collect();
        if ranks.len() != 8 {
            return Err(FenError::RankCount(ranks.len()));
        }
        for (i, text) in ranks.iter().enumerate() {
            let rank = 7 - i;
            let mut file = 0usize;
            for c in text.chars() {
                if let Some(d) = c.to_digit(10).filter(|d| (1..=8).contains(d)) {
                    file += d as usize;
                } else {
                    let kind = Kind::from_letter(c).ok_or(FenError::BadPiece(c))?;
                    if file < 8 {
                        let bit = 1u64 << (rank * 8 + file);
                        p.by_kind[kind as usize] |= bit;
                        p.by_color[usize::from(c.is_ascii_lowercase())] |= bit;
                    }
                    file += 1;
                }
            }
            if file != 8 {
                return Err(FenError::RankLength(rank + 1, file));
            }
        }
        for color in [Color::White, Color::Black] {
            if p.pieces(color, Kind::King).count_ones() != 1 {
                return Err(FenError::KingCount);
            }
            if !p.material_fits(color) {
                return Err(FenError::TooManyPieces(color));
            }
        }
        let back_ranks = 0xff00_0000_0000_00ff;
        let pawns = p.by_kind[Kind::Pawn as usize] & back_ranks;
        if pawns != 0 {
            return Err(FenError::PawnOnBackRank(pawns.trailing_zeros() as usize));
        }
        p.side = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            s => return Err(FenError::BadSide(s.to_string())),
        };
        // The generator never captures a king: a position whose side not
        // to move is in check has a move it does not handle.
        let them = Position { side: !p.side, ..p };
        if crate::in_check(&them, &magic_runtime::Hyperbola) {
            return Err(FenError::OpponentInCheck);
        }
        p.castling = parse_castling(&p, fields[2])?;
        p.en_passant = parse_en_passant(&p, fields[3])?;
        let counter = |s: &str| {
            s.parse::<u32>()
                .map_err(|_| FenError::BadCounter(s.to_string()))
        };
        p.halfmove = counter(fields[4])?;
        p.fullmove = counter(fields[5])?;
        Ok(p)
    }

    /// Whether `color`'s pieces are what a game can leave it: at most 8
    /// pawns and 16 pieces, and no more promoted pieces than pawns gone.
    fn material_fits(&self, color: Color) -> bool {
        let count = |kind: Kind| self.pieces(color, kind).count_ones();
        let pawns = count(Kind::Pawn);
        let promoted = count(Kind::Queen).saturating_sub(1)
            + count(Kind::Rook).saturating_sub(2)
            + count(Kind::Bishop).saturating_sub(2)
            + count(Kind::Knight).saturating_sub(2);
        pawns <= 8 && self.by_color[color as usize].count_ones() <= 16 && pawns + promoted <= 8
    }

    /// The position as FEN.
    ///
    /// ```
    /// let fen = "r3k2r/8/8/8/8/8/8/R3K2R b Kq - 3 20";
    /// assert_eq!(magic_perft::Position::from_fen(fen).unwrap().to_fen(), fen);
    /// ```
    pub fn to_fen(&self) -> String {
        let mut out = String::new();
        for rank in (0..8).rev() {
            let mut empty = 0;
            for file in 0..8 {
                match self.piece_on(rank * 8 + file) {
                    Some((color, kind)) => {
                        if empty > 0 {
                            out.push(char::from(b'0' + empty));
                            empty = 0;
                        }
                        let c = kind.letter();
                        out.push(if color == Color::White {
                            c.to_ascii_uppercase()
                        } else {
                            c
                        });
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                out.push(char::from(b'0' + empty));
            }
            if rank > 0 {
                out.push('/');
            }
        }
        out.push_str(if self.side == Color::White {
            " w "
        } else {
            " b "
        });
        let rights: String = [
            (castling::WHITE_KING, 'K'),
            (castling::WHITE_QUEEN, 'Q'),
            (castling::BLACK_KING, 'k'),
            (castling::BLACK_QUEEN, 'q'),
        ]
        .iter()
        .filter(|(bit, _)| self.castling & bit != 0)
        .map(|&(_, c)| c)
        .collect();
        out.push_str(if rights.is_empty() { "-" } else { &rights });
        match self.en_passant {
            Some(sq) => out.push_str(&format!(" {} ", magic_runtime::square_name(sq as usize))),
            None => out.push_str(" - "),
        }
        out.push_str(&format!("{} {}", self.halfmove, self.fullmove));
        out
    }

    /// All occupied squares.
    ///
    /// ```
    /// assert_eq!(magic_perft::Position::startpos().occupied(), 0xffff_0000_0000_ffff);
    /// ```
    #[inline(always)]
    pub fn occupied(&self) -> u64 {
        self.by_color[0] | self.by_color[1]
    }

    /// Pieces of one colour and kind.
    ///
    /// ```
    /// use magic_perft::{Color, Kind, Position};
    /// assert_eq!(Position::startpos().pieces(Color::White, Kind::King), 1 << 4);
    /// ```
    #[inline(always)]
    pub fn pieces(&self, color: Color, kind: Kind) -> u64 {
        self.by_color[color as usize] & self.by_kind[kind as usize]
    }

    /// The square of `color`'s king.
    ///
    /// ```
    /// use magic_perft::{Color, Position};
    /// assert_eq!(Position::startpos().king(Color::Black), 60);
    /// ```
    #[inline(always)]
    pub fn king(&self, color: Color) -> usize {
        self.pieces(color, Kind::King).trailing_zeros() as usize
    }

    /// The piece on a square, if any.
    ///
    /// ```
    /// use magic_perft::{Color, Kind, Position};
    /// assert_eq!(Position::startpos().piece_on(3), Some((Color::White, Kind::Queen)));
    /// assert_eq!(Position::startpos().piece_on(30), None);
    /// ```
    pub fn piece_on(&self, sq: usize) -> Option<(Color, Kind)> {
        let bit = 1u64 << sq;
        let color = if self.by_color[0] & bit != 0 {
            Color::White
        } else if self.by_color[1] & bit != 0 {
            Color::Black
        } else {
            return None;
        };
        let kind = Kind::ALL
            .into_iter()
            .find(|&k| self.by_kind[k as usize] & bit != 0)?;
        Some((color, kind))
    }

    #[inline(always)]
    fn kind_on(&self, bit: u64) -> Kind {
        // Pawns and knights first: the most common movers and victims.
        match () {
            _ if self.by_kind[0] & bit != 0 => Kind::Pawn,
            _ if self.by_kind[1] & bit != 0 => Kind::Knight,
            _ if self.by_kind[2] & bit != 0 => Kind::Bishop,
            _ if self.by_kind[3] & bit != 0 => Kind::Rook,
            _ if self.by_kind[4] & bit != 0 => Kind::Queen,
            _ => Kind::King,
        }
    }

    /// The position after a legal move (copy-make).
    ///
    /// ```
    /// use magic_perft::{Move, MoveKind, Position};
    /// let p = Position::startpos().play(Move { from: 12, to: 28, kind: MoveKind::DoublePush });
    /// assert_eq!(p.to_fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    /// ```
    #[must_use]
    pub fn play(&self, m: Move) -> Position {
        let mut p = *self;
        let (us, them) = (self.side as usize, !self.side as usize);
        let (from, to) = (1u64 << m.from, 1u64 << m.to);
        let mover = self.kind_on(from);
        // A capture on the destination (never a king in a legal game).
        if self.by_color[them] & to != 0 {
            let victim = self.kind_on(to);
            p.by_kind[victim as usize] ^= to;
            p.by_color[them] ^= to;
        }
        p.by_kind[mover as usize] ^= from | to;
        p.by_color[us] ^= from | to;
        p.en_passant = None;
        match m.kind {
            MoveKind::Normal => {}
            MoveKind::DoublePush => p.en_passant = Some((m.from + m.to) / 2),
            MoveKind::EnPassant => {
                let victim = if self.side == Color::White {
                    to >> 8
                } else {
                    to << 8
                };
                p.by_kind[Kind::Pawn as usize] ^= victim;
                p.by_color[them] ^= victim;
            }
            MoveKind::Castle => {
                let (rook_from, rook_to) = if m.to > m.from {
                    (m.to + 1, m.to - 1)
                } else {
                    (m.to - 2, m.to + 1)
                };
                let rook = (1u64 << rook_from) | (1u64 << rook_to);
                p.by_kind[Kind::Rook as usize] ^= rook;
                p.by_color[us] ^= rook;
            }
            MoveKind::Promotion(kind) => {
                p.by_kind[Kind::Pawn as usize] ^= to;
                p.by_kind[kind as usize] ^= to;
            }
        }
        p.castling &= RIGHTS_KEPT[m.from as usize] & RIGHTS_KEPT[m.to as usize];
        p.halfmove = if mover == Kind::Pawn || self.by_color[them] & to != 0 {
            0
        } else {
            self.halfmove + 1
        };
        if self.side == Color::Black {
            p.fullmove += 1;
        }
        p.side = !self.side;
        p
    }
}

fn parse_castling(p: &Position, field: &str) -> Result<u8, FenError> {
    let bad = || FenError::BadCastling(field.to_string());
    if field == "-" {
        return Ok(0);
    }
    let mut rights = 0;
    for c in field.chars() {
        let (bit, color, king, rook) = match c {
            'K' => (castling::WHITE_KING, Color::White, 4, 7),
            'Q' => (castling::WHITE_QUEEN, Color::White, 4, 0),
            'k' => (castling::BLACK_KING, Color::Black, 60, 63),
            'q' => (castling::BLACK_QUEEN, Color::Black, 60, 56),
            _ => return Err(bad()),
        };
        if rights & bit != 0
            || p.pieces(color, Kind::King) & (1 << king) == 0
            || p.pieces(color, Kind::Rook) & (1 << rook) == 0
        {
            return Err(bad());
        }
        rights |= bit;
    }
    Ok(rights)
}

fn parse_en_passant(p: &Position, field: &str) -> Result<Option<u8>, FenError> {
    if field == "-" {
        return Ok(None);
    }
    let bad = || FenError::BadEnPassant(field.to_string());
    let sq = magic_runtime::parse_square(field).ok_or_else(bad)?;
    // The pawn that just moved two stands in front of the square, for the
    // side that is not to move.
    let (rank, pawn) = match p.side {
        Color::White => (5, sq.wrapping_sub(8)),
        Color::Black => (2, sq + 8),
    };
    if sq / 8 != rank
        || p.pieces(!p.side, Kind::Pawn) >> pawn & 1 == 0
        || p.occupied() >> sq & 1 != 0
    {
        return Err(bad());
    }
    Ok(Some(sq as u8))
}
