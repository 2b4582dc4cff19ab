//! Board geometry as `const fn`: relevant-occupancy masks, reference attacks
//! by ray walk, and subset enumeration.
//!
//! Everything else in the workspace (the search, the proc-macro, the const
//! builders and the tests) is built on these few functions, so that there is
//! exactly one definition of what a rook or a bishop attacks.

/// A sliding piece whose attacks are looked up in a magic table.
///
/// The queen is the union of both and has no table of its own.
///
/// ```
/// use magic_core::Piece;
/// assert_eq!(Piece::Rook.name(), "rook");
/// assert_eq!(Piece::ALL, [Piece::Rook, Piece::Bishop]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Piece {
    /// Moves along ranks and files.
    Rook,
    /// Moves along diagonals.
    Bishop,
}

impl Piece {
    /// Both pieces, rook first: the order every table stores them in.
    ///
    /// ```
    /// assert_eq!(magic_core::Piece::ALL.len(), 2);
    /// ```
    pub const ALL: [Piece; 2] = [Piece::Rook, Piece::Bishop];

    /// The lower-case name used in messages.
    ///
    /// ```
    /// assert_eq!(magic_core::Piece::Bishop.name(), "bishop");
    /// ```
    #[inline(always)]
    pub const fn name(self) -> &'static str {
        match self {
            Piece::Rook => "rook",
            Piece::Bishop => "bishop",
        }
    }

    /// The piece of a lower-case name, as [`Piece::name`] writes it.
    ///
    /// ```
    /// use magic_core::Piece;
    /// assert_eq!(Piece::from_name("bishop"), Some(Piece::Bishop));
    /// assert_eq!(Piece::from_name("queen"), None);
    /// ```
    pub fn from_name(name: &str) -> Option<Piece> {
        Piece::ALL.into_iter().find(|p| p.name() == name)
    }

    /// The largest number of relevant occupancy bits any square has: 12 for
    /// rooks (the corners), 9 for bishops (the four centre squares).
    ///
    /// ```
    /// use magic_core::Piece;
    /// assert_eq!(Piece::Rook.max_bits(), 12);
    /// assert_eq!(Piece::Bishop.max_bits(), 9);
    /// ```
    #[inline(always)]
    pub const fn max_bits(self) -> u32 {
        match self {
            Piece::Rook => 12,
            Piece::Bishop => 9,
        }
    }

    /// The four ray directions as (file step, rank step).
    #[inline(always)]
    pub(crate) const fn directions(self) -> [(i32, i32); 4] {
        match self {
            Piece::Rook => [(0, 1), (0, -1), (1, 0), (-1, 0)],
            Piece::Bishop => [(1, 1), (1, -1), (-1, 1), (-1, -1)],
        }
    }
}

const SQUARE_NAMES: [&str; 64] = [
    "a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1", "a2", "b2", "c2", "d2", "e2", "f2", "g2", "h2",
    "a3", "b3", "c3", "d3", "e3", "f3", "g3", "h3", "a4", "b4", "c4", "d4", "e4", "f4", "g4", "h4",
    "a5", "b5", "c5", "d5", "e5", "f5", "g5", "h5", "a6", "b6", "c6", "d6", "e6", "f6", "g6", "h6",
    "a7", "b7", "c7", "d7", "e7", "f7", "g7", "h7", "a8", "b8", "c8", "d8", "e8", "f8", "g8", "h8",
];

/// The algebraic name of a square, a1 = 0 ... h8 = 63.
///
/// ```
/// use magic_core::square_name;
/// assert_eq!(square_name(0), "a1");
/// assert_eq!(square_name(28), "e4");
/// assert_eq!(square_name(63), "h8");
/// ```
#[inline(always)]
pub const fn square_name(sq: usize) -> &'static str {
    SQUARE_NAMES[sq]
}

/// Parses an algebraic square name ("e4") into its index, a1 = 0.
///
/// ```
/// use magic_core::parse_square;
/// assert_eq!(parse_square("e4"), Some(28));
/// assert_eq!(parse_square("i9"), None);
/// ```
pub const fn parse_square(name: &str) -> Option<usize> {
    let b = name.as_bytes();
    if b.len() != 2 || b[0] < b'a' || b[0] > b'h' || b[1] < b'1' || b[1] > b'8' {
        return None;
    }
    Some((b[1] - b'1') as usize * 8 + (b[0] - b'a') as usize)
}

/// Attacks of `piece` on `sq` for occupancy `occ`, by walking each ray square
/// by square until it leaves the board or hits an occupied square (which is
/// attacked). This is the slow reference every table is checked against.
///
/// ```
/// use magic_core::{attacks_by_ray_walk, Piece};
/// // A rook on a1 with a blocker on a3 sees a2, a3 and the whole first rank.
/// let occ = 1 << 16;
/// assert_eq!(attacks_by_ray_walk(Piece::Rook, 0, occ), 0x0001_01fe);
/// ```
pub const fn attacks_by_ray_walk(piece: Piece, sq: usize, occ: u64) -> u64 {
    let dirs = piece.directions();
    let (file, rank) = ((sq % 8) as i32, (sq / 8) as i32);
    let mut attacks = 0u64;
    let mut d = 0;
    while d < 4 {
        let (df, dr) = dirs[d];
        let (mut f, mut r) = (file + df, rank + dr);
        while f >= 0 && f < 8 && r >= 0 && r < 8 {
            let bit = 1u64 << (r * 8 + f);
            attacks |= bit;
            if occ & bit != 0 {
                break;
            }
            f += df;
            r += dr;
        }
        d += 1;
    }
    attacks
}

/// Attacks of `piece` on `sq` on an otherwise empty board: the post-mask of
/// the shared-table scheme.
///
/// ```
/// use magic_core::{empty_board_attacks, Piece};
/// assert_eq!(empty_board_attacks(Piece::Rook, 0).count_ones(), 14);
/// assert_eq!(empty_board_attacks(Piece::Bishop, 27).count_ones(), 13);
/// ```
#[inline]
pub const fn empty_board_attacks(piece: Piece, sq: usize) -> u64 {
    SQUARES.empty_board[piece as usize][sq]
}

/// The relevant-occupancy mask of `piece` on `sq`: the squares whose
/// occupancy can change the attacks, i.e. the rays without their last square
/// (an occupant on the board edge blocks nothing behind it).
///
/// ```
/// use magic_core::{relevant_mask, Piece};
/// // Rook on a1: a2..a7 and b1..g1.
/// assert_eq!(relevant_mask(Piece::Rook, 0), 0x0001_0101_0101_017e);
/// assert_eq!(relevant_mask(Piece::Rook, 0).count_ones(), 12);
/// assert_eq!(relevant_mask(Piece::Bishop, 27).count_ones(), 9);
/// ```
#[inline]
pub const fn relevant_mask(piece: Piece, sq: usize) -> u64 {
    SQUARES.masks[piece as usize][sq]
}

/// [`relevant_mask`], walked.
const fn walk_relevant_mask(piece: Piece, sq: usize) -> u64 {
    let dirs = piece.directions();
    let (file, rank) = ((sq % 8) as i32, (sq / 8) as i32);
    let mut mask = 0u64;
    let mut d = 0;
    while d < 4 {
        let (df, dr) = dirs[d];
        let (mut f, mut r) = (file + df, rank + dr);
        // Stop one square early: the next step must still be on the board.
        while f + df >= 0 && f + df < 8 && r + dr >= 0 && r + dr < 8 {
            mask |= 1u64 << (r * 8 + f);
            f += df;
            r += dr;
        }
        d += 1;
    }
    mask
}

/// The default index bits of a square: the popcount of its relevant mask.
///
/// ```
/// use magic_core::{default_bits, Piece};
/// assert_eq!(default_bits(Piece::Rook)[0], 12);
/// assert_eq!(default_bits(Piece::Bishop)[27], 9);
/// ```
pub const fn default_bits(piece: Piece) -> [u8; 64] {
    let mut bits = [0u8; 64];
    let mut sq = 0;
    while sq < 64 {
        bits[sq] = relevant_mask(piece, sq).count_ones() as u8;
        sq += 1;
    }
    bits
}

/// The next subset of `set` after `subset`, in increasing order, by the
/// Carry-Rippler trick; it wraps from `set` back to 0, so a loop that starts
/// at 0 visits all `2^popcount(set)` subsets once and stops when it sees 0
/// again.
///
/// ```
/// use magic_core::next_subset;
/// let set = 0b1010;
/// let mut seen = vec![];
/// let mut sub = 0;
/// loop {
///     seen.push(sub);
///     sub = next_subset(sub, set);
///     if sub == 0 { break; }
/// }
/// assert_eq!(seen, [0b0000, 0b0010, 0b1000, 0b1010]);
/// ```
#[inline(always)]
pub const fn next_subset(subset: u64, set: u64) -> u64 {
    subset.wrapping_sub(set) & set
}

/// The number of distinct attack sets of `piece` on `sq` over all
/// occupancies: the product of the ray lengths. No index with fewer than
/// `ceil(log2(n))` bits can tell them apart.
///
/// ```
/// use magic_core::{distinct_attack_sets, Piece};
/// assert_eq!(distinct_attack_sets(Piece::Rook, 0), 49);
/// assert_eq!(distinct_attack_sets(Piece::Rook, 27), 144);
/// assert_eq!(distinct_attack_sets(Piece::Bishop, 0), 7);
/// ```
#[inline]
pub const fn distinct_attack_sets(piece: Piece, sq: usize) -> u32 {
    SQUARES.attack_sets[piece as usize][sq]
}

/// [`distinct_attack_sets`], counted.
const fn count_attack_sets(piece: Piece, sq: usize) -> u32 {
    let rays = Rays::new(piece, sq);
    let mut n = 1;
    let mut d = 0;
    while d < 4 {
        if rays.len[d] > 0 {
            n *= rays.len[d] as u32;
        }
        d += 1;
    }
    n
}

/// The fewest index bits that can tell the attack sets of `piece` on `sq`
/// apart: `ceil(log2(distinct_attack_sets))`. No magic of any scheme
/// indexes a square with fewer.
///
/// ```
/// use magic_core::{min_bits, Piece};
/// assert_eq!(min_bits(Piece::Rook, 0), 6); // 49 attack sets
/// assert_eq!(min_bits(Piece::Rook, 27), 8); // d4: 144 attack sets
/// ```
pub const fn min_bits(piece: Piece, sq: usize) -> u32 {
    u32::BITS - (distinct_attack_sets(piece, sq) - 1).leading_zeros()
}

/// The four rays of one square, square by square, for the const builders.
///
/// `cum[d][k]` holds the first `k` squares of ray `d`; `len[d]` is the full
/// length of the ray (to the board edge).
///
/// ```
/// use magic_core::{Piece, Rays};
/// let rays = Rays::new(Piece::Rook, 0); // a1: north, south, east, west
/// assert_eq!(rays.len, [7, 0, 7, 0]);
/// assert_eq!(rays.cum[0][2], 1 << 8 | 1 << 16); // a2 and a3
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Rays {
    /// `cum[d][k]`: the first `k` squares of ray `d`.
    pub cum: [[u64; 8]; 4],
    /// The number of squares of each ray, up to the board edge.
    pub len: [usize; 4],
}

impl Rays {
    /// The rays of `piece` on `sq`.
    pub const fn new(piece: Piece, sq: usize) -> Rays {
        let dirs = piece.directions();
        let (file, rank) = ((sq % 8) as i32, (sq / 8) as i32);
        let mut rays = Rays {
            cum: [[0; 8]; 4],
            len: [0; 4],
        };
        let mut d = 0;
        while d < 4 {
            let (df, dr) = dirs[d];
            let (mut f, mut r) = (file + df, rank + dr);
            let mut k = 0;
            while f >= 0 && f < 8 && r >= 0 && r < 8 {
                rays.cum[d][k + 1] = rays.cum[d][k] | 1u64 << (r * 8 + f);
                k += 1;
                f += df;
                r += dr;
            }
            rays.len[d] = k;
            d += 1;
        }
        rays
    }
}

/// Walks the attack sets of one square one blocker pattern at a time.
///
/// The attack set of a slider depends only on the first blocker along each
/// ray, so instead of computing attacks for each of up to 4,096 occupancies,
/// the walk chooses the first blocker per ray (or none) and yields, for each
/// choice, the attack set, the blockers and the `free` squares behind them
/// whose occupancy does not matter. Every occupancy of the relevant mask is
/// `blockers | s` for exactly one choice and one subset `s` of `free`. This
/// keeps the const builders well inside the compiler's evaluation budget.
///
/// ```
/// use magic_core::{distinct_attack_sets, AttackSets, Piece};
/// let mut sets = AttackSets::new(Piece::Bishop, 0);
/// let mut n = 0;
/// while let Some(pattern) = sets.next_pattern() {
///     assert_eq!(pattern.blockers & pattern.free, 0);
///     n += 1;
/// }
/// assert_eq!(n, distinct_attack_sets(Piece::Bishop, 0));
/// ```
#[derive(Clone, Debug)]
pub struct AttackSets {
    rays: Rays,
    /// Index of the first blocker on each ray; `len - 1` means the ray runs
    /// to the edge, where an occupant is not relevant.
    choice: [usize; 4],
    done: bool,
}

/// One blocker pattern: see [`AttackSets`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BlockerPattern {
    /// The attack set every occupancy of the pattern has.
    pub attacks: u64,
    /// The first blocker on each ray that has one.
    pub blockers: u64,
    /// The relevant squares behind the blockers, whose occupancy does not
    /// change the attacks.
    pub free: u64,
}

impl AttackSets {
    /// The blocker patterns of `piece` on `sq`.
    pub const fn new(piece: Piece, sq: usize) -> AttackSets {
        AttackSets {
            rays: Rays::new(piece, sq),
            choice: [0; 4],
            done: false,
        }
    }

    /// The next pattern, or `None` after the last one; patterns come in
    /// the order byte-lookup tables number a square's attack sets.
    pub const fn next_pattern(&mut self) -> Option<BlockerPattern> {
        if self.done {
            return None;
        }
        let mut p = BlockerPattern {
            attacks: 0,
            blockers: 0,
            free: 0,
        };
        let mut d = 0;
        while d < 4 {
            let len = self.rays.len[d];
            if len > 0 {
                let c = self.choice[d];
                let cum = &self.rays.cum[d];
                p.attacks |= cum[c + 1];
                if c + 1 < len {
                    // A blocker on ray square c (not the edge square).
                    p.blockers |= cum[c + 1] ^ cum[c];
                    // Relevant squares behind it: up to, not including, the edge.
                    p.free |= cum[len - 1] ^ cum[c + 1];
                }
            }
            d += 1;
        }
        // Advance the mixed-radix counter.
        let mut d = 0;
        loop {
            if d == 4 {
                self.done = true;
                break;
            }
            if self.choice[d] + 1 < self.rays.len[d] {
                self.choice[d] += 1;
                break;
            }
            self.choice[d] = 0;
            d += 1;
        }
        Some(p)
    }
}

/// What every square's geometry gives, computed once when this crate is
/// compiled: const builders in other crates read it instead of walking
/// rays again for every table.
struct Squares {
    masks: [[u64; 64]; 2],
    empty_board: [[u64; 64]; 2],
    attack_sets: [[u32; 64]; 2],
}

static SQUARES: Squares = {
    let mut squares = Squares {
        masks: [[0; 64]; 2],
        empty_board: [[0; 64]; 2],
        attack_sets: [[0; 64]; 2],
    };
    let mut p = 0;
    while p < 2 {
        let mut sq = 0;
        while sq < 64 {
            let piece = Piece::ALL[p];
            squares.masks[p][sq] = walk_relevant_mask(piece, sq);
            squares.empty_board[p][sq] = attacks_by_ray_walk(piece, sq, 0);
            squares.attack_sets[p][sq] = count_attack_sets(piece, sq);
            sq += 1;
        }
        p += 1;
    }
    squares
};
