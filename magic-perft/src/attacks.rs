//! Leaper attacks and line geometry, as tables built at compile time.

use magic_runtime::{attacks_by_ray_walk, empty_board_attacks, Piece};

const fn leaper(sq: usize, steps: &[(i32, i32); 8]) -> u64 {
    let (file, rank) = ((sq % 8) as i32, (sq / 8) as i32);
    let mut bb = 0;
    let mut i = 0;
    while i < 8 {
        let (f, r) = (file + steps[i].0, rank + steps[i].1);
        if f >= 0 && f < 8 && r >= 0 && r < 8 {
            bb |= 1u64 << (r * 8 + f);
        }
        i += 1;
    }
    bb
}

const fn leaper_table(steps: [(i32, i32); 8]) -> [u64; 64] {
    let mut t = [0; 64];
    let mut sq = 0;
    while sq < 64 {
        t[sq] = leaper(sq, &steps);
        sq += 1;
    }
    t
}

/// Knight attacks per square.
pub static KNIGHT: [u64; 64] = leaper_table([
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
]);
/// King attacks per square.
pub static KING: [u64; 64] = leaper_table([
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
]);

const fn pawn_table() -> [[u64; 64]; 2] {
    let white = leaper_table([
        (-1, 1),
        (1, 1),
        (-1, 1),
        (1, 1),
        (-1, 1),
        (1, 1),
        (-1, 1),
        (1, 1),
    ]);
    let black = leaper_table([
        (-1, -1),
        (1, -1),
        (-1, -1),
        (1, -1),
        (-1, -1),
        (1, -1),
        (-1, -1),
        (1, -1),
    ]);
    [white, black]
}
/// Pawn captures per colour and square.
pub static PAWN: [[u64; 64]; 2] = pawn_table();

/// Squares strictly between two squares on a line, and the whole line
/// through both (empty when they share none).
pub struct Lines {
    /// `between[a][b]`.
    pub between: [[u64; 64]; 64],
    /// `line[a][b]`, both ends and beyond included.
    pub line: [[u64; 64]; 64],
}

const fn lines() -> Lines {
    let mut l = Lines {
        between: [[0; 64]; 64],
        line: [[0; 64]; 64],
    };
    let mut a = 0;
    while a < 64 {
        let mut p = 0;
        while p < 2 {
            let piece = if p == 0 { Piece::Rook } else { Piece::Bishop };
            let from_a = empty_board_attacks(piece, a);
            let mut b = 0;
            while b < 64 {
                if from_a >> b & 1 == 1 {
                    let (sa, sb) = (1u64 << a, 1u64 << b);
                    l.between[a][b] =
                        attacks_by_ray_walk(piece, a, sb) & attacks_by_ray_walk(piece, b, sa);
                    l.line[a][b] = (from_a & empty_board_attacks(piece, b)) | sa | sb;
                }
                b += 1;
            }
            p += 1;
        }
        a += 1;
    }
    l
}

/// The line tables.
pub static LINES: Lines = lines();
