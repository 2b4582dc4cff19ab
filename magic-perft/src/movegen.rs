//! Fully legal move generation: checks, double checks, pins, castling
//! through check, and en passant including the pin along the rank.

use crate::attacks::{KING, KNIGHT, LINES, PAWN};
use crate::position::{castling, Position};
use crate::types::{Color, Kind, Move, MoveKind};
use magic_runtime::Sliders;

/// A fixed-capacity move list: no position has more than 218 legal moves.
/// The storage is left uninitialised past `len`, so making a list costs
/// nothing per node.
///
/// ```
/// use magic_perft::{MoveList, Position};
/// let moves = MoveList::legal(&Position::startpos(), &magic_runtime::Hyperbola);
/// assert_eq!(moves.len(), 20);
/// ```
pub struct MoveList {
    moves: [core::mem::MaybeUninit<Move>; 256],
    len: usize,
}

impl MoveList {
    /// The legal moves of `pos`, with slider attacks from `sliders`.
    ///
    /// ```
    /// use magic_perft::{MoveList, Position};
    /// let pos = Position::from_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1").unwrap();
    /// assert_eq!(MoveList::legal(&pos, &magic_runtime::Hyperbola).len(), 15);
    /// ```
    pub fn legal<S: Sliders>(pos: &Position, sliders: &S) -> MoveList {
        let mut list = MoveList {
            moves: [core::mem::MaybeUninit::uninit(); 256],
            len: 0,
        };
        generate(pos, sliders, &mut list);
        list
    }

    /// The number of moves.
    ///
    /// ```
    /// # use magic_perft::{MoveList, Position};
    /// assert!(!MoveList::legal(&Position::startpos(), &magic_runtime::Hyperbola).is_empty());
    /// ```
    #[inline(always)]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether there are no legal moves (mate or stalemate).
    ///
    /// ```
    /// # use magic_perft::{MoveList, Position};
    /// let mate = Position::from_fen("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1").unwrap();
    /// assert!(MoveList::legal(&mate, &magic_runtime::Hyperbola).is_empty());
    /// ```
    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The moves as a slice.
    ///
    /// ```
    /// # use magic_perft::{MoveList, Position};
    /// let list = MoveList::legal(&Position::startpos(), &magic_runtime::Hyperbola);
    /// assert!(list.as_slice().iter().any(|m| m.to_string() == "e2e4"));
    /// ```
    #[inline(always)]
    pub fn as_slice(&self) -> &[Move] {
        // SAFETY: the first `len` moves were written by `push`, and
        // `MaybeUninit<Move>` has the layout of `Move`.
        unsafe { core::slice::from_raw_parts(self.moves.as_ptr().cast::<Move>(), self.len) }
    }

    #[inline(always)]
    fn push(&mut self, from: usize, to: usize, kind: MoveKind) {
        self.moves[self.len] = core::mem::MaybeUninit::new(Move {
            from: from as u8,
            to: to as u8,
            kind,
        });
        self.len += 1;
    }

    #[inline(always)]
    fn push_all(&mut self, from: usize, mut targets: u64, kind: MoveKind) {
        while targets != 0 {
            self.push(from, targets.trailing_zeros() as usize, kind);
            targets &= targets - 1;
        }
    }

    #[inline(always)]
    fn push_pawn(&mut self, from: usize, to: usize, kind: MoveKind) {
        if !(8..56).contains(&to) {
            for promo in [Kind::Queen, Kind::Rook, Kind::Bishop, Kind::Knight] {
                self.push(from, to, MoveKind::Promotion(promo));
            }
        } else {
            self.push(from, to, kind);
        }
    }
}

/// Where generated moves go: a [`MoveList`], or a counter that adds up
/// destination sets by popcount without writing a move (for the last ply
/// of perft).
pub(crate) trait Sink {
    /// Moves from `from` to every square of `targets`.
    fn piece_moves(&mut self, from: usize, targets: u64);
    /// Pawn moves to every square of `targets`, each from `to - delta`;
    /// those reaching the last rank are four promotions each.
    fn pawn_moves(&mut self, targets: u64, delta: i32, kind: MoveKind);
    /// One move.
    fn one(&mut self, from: usize, to: usize, kind: MoveKind);
}

const LAST_RANKS: u64 = 0xff00_0000_0000_00ff;

impl Sink for MoveList {
    #[inline(always)]
    fn piece_moves(&mut self, from: usize, targets: u64) {
        self.push_all(from, targets, MoveKind::Normal);
    }
    #[inline(always)]
    fn pawn_moves(&mut self, mut targets: u64, delta: i32, kind: MoveKind) {
        while targets != 0 {
            let to = targets.trailing_zeros() as usize;
            self.push_pawn((to as i32 - delta) as usize, to, kind);
            targets &= targets - 1;
        }
    }
    #[inline(always)]
    fn one(&mut self, from: usize, to: usize, kind: MoveKind) {
        self.push(from, to, kind);
    }
}

/// Counts moves instead of listing them.
pub(crate) struct Counter(pub(crate) u64);

impl Sink for Counter {
    #[inline(always)]
    fn piece_moves(&mut self, _from: usize, targets: u64) {
        self.0 += u64::from(targets.count_ones());
    }
    #[inline(always)]
    fn pawn_moves(&mut self, targets: u64, _delta: i32, _kind: MoveKind) {
        self.0 +=
            u64::from(targets.count_ones()) + 3 * u64::from((targets & LAST_RANKS).count_ones());
    }
    #[inline(always)]
    fn one(&mut self, _from: usize, _to: usize, _kind: MoveKind) {
        self.0 += 1;
    }
}

/// The number of legal moves of `pos`, counted without listing them.
///
/// ```
/// use magic_perft::{count_legal, Position};
/// assert_eq!(count_legal(&Position::startpos(), &magic_runtime::Hyperbola), 20);
/// ```
pub fn count_legal<S: Sliders>(pos: &Position, sliders: &S) -> u64 {
    let mut counter = Counter(0);
    generate(pos, sliders, &mut counter);
    counter.0
}

#[inline(always)]
fn shift(bb: u64, delta: i32) -> u64 {
    if delta > 0 {
        bb << delta
    } else {
        bb >> -delta
    }
}

const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_H: u64 = FILE_A << 7;

/// Pieces of `by` attacking `sq`, given the occupancy `occ`. Slider
/// lookups are skipped when `by` has no such sliders (common in endings).
#[inline(always)]
fn attackers<S: Sliders>(pos: &Position, sliders: &S, sq: usize, occ: u64, by: Color) -> u64 {
    let them = pos.by_color[by as usize];
    let queens = pos.by_kind[Kind::Queen as usize];
    let rooks = them & (pos.by_kind[Kind::Rook as usize] | queens);
    let bishops = them & (pos.by_kind[Kind::Bishop as usize] | queens);
    let mut found = them
        & ((KNIGHT[sq] & pos.by_kind[Kind::Knight as usize])
            | (KING[sq] & pos.by_kind[Kind::King as usize])
            | (PAWN[!by as usize][sq] & pos.by_kind[Kind::Pawn as usize]));
    if rooks != 0 {
        found |= sliders.rook(sq, occ) & rooks;
    }
    if bishops != 0 {
        found |= sliders.bishop(sq, occ) & bishops;
    }
    found
}

/// Whether the side to move is in check.
///
/// ```
/// use magic_perft::{in_check, Position};
/// let pos = Position::from_fen("4k3/8/8/8/8/8/4r3/4K3 w - - 0 1").unwrap();
/// assert!(in_check(&pos, &magic_runtime::Hyperbola));
/// ```
pub fn in_check<S: Sliders>(pos: &Position, sliders: &S) -> bool {
    attackers(pos, sliders, pos.king(pos.side), pos.occupied(), !pos.side) != 0
}

fn generate<S: Sliders, K: Sink>(pos: &Position, sliders: &S, list: &mut K) {
    let (us, them) = (pos.side, !pos.side);
    let ours = pos.by_color[us as usize];
    let theirs = pos.by_color[them as usize];
    let occ = ours | theirs;
    let king = pos.king(us);
    let checkers = attackers(pos, sliders, king, occ, them);

    // King moves: the king itself must not shield a square from a slider.
    let without_king = occ ^ (1u64 << king);
    let mut targets = KING[king] & !ours;
    while targets != 0 {
        let to = targets.trailing_zeros() as usize;
        if attackers(pos, sliders, to, without_king, them) == 0 {
            list.one(king, to, MoveKind::Normal);
        }
        targets &= targets - 1;
    }
    if checkers.count_ones() > 1 {
        return; // double check: only the king moves
    }

    // Squares a move must reach: capture the checker or block its line.
    let allowed = match checkers {
        0 => !ours,
        c => {
            let checker = c.trailing_zeros() as usize;
            (LINES.between[king][checker] | c) & !ours
        }
    };

    // Our pieces pinned to the king, and the line each may move along.
    let queens = pos.by_kind[Kind::Queen as usize];
    let snipers = theirs
        & ((sliders.rook(king, theirs) & (pos.by_kind[Kind::Rook as usize] | queens))
            | (sliders.bishop(king, theirs) & (pos.by_kind[Kind::Bishop as usize] | queens)));
    let mut pinned = 0u64;
    let mut s = snipers;
    while s != 0 {
        let sniper = s.trailing_zeros() as usize;
        let blockers = LINES.between[king][sniper] & occ;
        if blockers.count_ones() == 1 && blockers & ours != 0 {
            pinned |= blockers;
        }
        s &= s - 1;
    }
    let pin_line = |from: usize| -> u64 {
        if pinned >> from & 1 == 1 {
            LINES.line[king][from]
        } else {
            !0
        }
    };

    // Knights (a pinned knight never moves).
    let mut knights = pos.pieces(us, Kind::Knight) & !pinned;
    while knights != 0 {
        let from = knights.trailing_zeros() as usize;
        list.piece_moves(from, KNIGHT[from] & allowed);
        knights &= knights - 1;
    }
    // Sliders.
    let mut bishops = pos.by_color[us as usize] & (pos.by_kind[Kind::Bishop as usize] | queens);
    while bishops != 0 {
        let from = bishops.trailing_zeros() as usize;
        list.piece_moves(from, sliders.bishop(from, occ) & allowed & pin_line(from));
        bishops &= bishops - 1;
    }
    let mut rooks = pos.by_color[us as usize] & (pos.by_kind[Kind::Rook as usize] | queens);
    while rooks != 0 {
        let from = rooks.trailing_zeros() as usize;
        list.piece_moves(from, sliders.rook(from, occ) & allowed & pin_line(from));
        rooks &= rooks - 1;
    }

    // Pawns, set-wise: the unpinned ones together, each pinned one along
    // its pin line.
    let (up, third_rank) = match us {
        Color::White => (8, 0xff_0000u64),
        Color::Black => (-8, 0xff00_0000_0000u64),
    };
    let pawns = pos.pieces(us, Kind::Pawn);
    let mut groups = pawns & pinned;
    let mut group = pawns & !pinned;
    let mut line = !0u64;
    loop {
        if group != 0 {
            let single = shift(group, up) & !occ;
            list.pawn_moves(single & allowed & line, up, MoveKind::Normal);
            let double = shift(single & third_rank, up) & !occ & allowed & line;
            list.pawn_moves(double, 2 * up, MoveKind::DoublePush);
            let west = shift(group & !FILE_A, up - 1) & theirs & allowed & line;
            list.pawn_moves(west, up - 1, MoveKind::Normal);
            let east = shift(group & !FILE_H, up + 1) & theirs & allowed & line;
            list.pawn_moves(east, up + 1, MoveKind::Normal);
        }
        if groups == 0 {
            break;
        }
        let from = groups.trailing_zeros() as usize;
        group = 1 << from;
        line = pin_line(from);
        groups &= groups - 1;
    }
    if let Some(ep) = pos.en_passant {
        let ep = ep as usize;
        let mut capturers = PAWN[them as usize][ep] & pawns;
        while capturers != 0 {
            let from = capturers.trailing_zeros() as usize;
            if en_passant_is_legal(pos, sliders, from, ep) {
                list.one(from, ep, MoveKind::EnPassant);
            }
            capturers &= capturers - 1;
        }
    }

    // Castling: not out of, through or into check.
    if checkers == 0 {
        let rights = match us {
            Color::White => [
                (castling::WHITE_KING, 4, 6, 0x60u64, 0x60u64),
                (castling::WHITE_QUEEN, 4, 2, 0x0e, 0x0c),
            ],
            Color::Black => [
                (castling::BLACK_KING, 60, 62, 0x60 << 56, 0x60 << 56),
                (castling::BLACK_QUEEN, 60, 58, 0x0e << 56, 0x0c << 56),
            ],
        };
        for (right, from, to, empty, safe) in rights {
            if pos.castling & right != 0 && occ & empty == 0 {
                let mut path = safe;
                let mut ok = true;
                while path != 0 {
                    if attackers(pos, sliders, path.trailing_zeros() as usize, occ, them) != 0 {
                        ok = false;
                        break;
                    }
                    path &= path - 1;
                }
                if ok {
                    list.one(from, to, MoveKind::Castle);
                }
            }
        }
    }
}

/// En passant removes two pawns from a line at once, which pin detection
/// does not see (both on the king's rank, or the captured pawn shielding a
/// diagonal); so the capture is tried on the board and the king checked.
fn en_passant_is_legal<S: Sliders>(pos: &Position, sliders: &S, from: usize, ep: usize) -> bool {
    let us = pos.side;
    let captured = if us == Color::White { ep - 8 } else { ep + 8 };
    let occ = (pos.occupied() ^ (1u64 << from) ^ (1u64 << captured)) | (1u64 << ep);
    let king = pos.king(us);
    let theirs = pos.by_color[!us as usize] & !(1u64 << captured);
    let queens = pos.by_kind[Kind::Queen as usize];
    let rooks = theirs & (pos.by_kind[Kind::Rook as usize] | queens);
    let bishops = theirs & (pos.by_kind[Kind::Bishop as usize] | queens);
    let others = theirs
        & ((KNIGHT[king] & pos.by_kind[Kind::Knight as usize])
            | (PAWN[us as usize][king] & pos.by_kind[Kind::Pawn as usize]));
    sliders.rook(king, occ) & rooks == 0 && sliders.bishop(king, occ) & bishops == 0 && others == 0
}
