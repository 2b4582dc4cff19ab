//! Generated and mutated FENs: the reader and the generator never panic,
//! and every position the reader accepts has as many legal moves as
//! shakmaty finds there. Seeded, so a failure names a reproducible FEN.
//! `MAGIC_PERFT_FUZZ=<cases>` runs more than the default 100,000.

use magic_perft::{perft, schemes, Position, PERFT_SUITE};
use magic_search::SplitMix64;
use shakmaty::{fen::Fen, CastlingMode, Chess};

/// Seeded numbers below a bound, from the workspace's SplitMix64.
struct Rng(SplitMix64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        (self.0.next_u64() % n as u64) as usize
    }
}

/// A board of two kings and up to 20 random pieces (pawns off the back
/// ranks), a random side and now and then castling rights: mostly
/// positions the reader accepts, some it refuses (a side not to move in
/// check, rights without king and rook at home).
fn random_fen(rng: &mut Rng) -> String {
    let mut board = [None::<char>; 64];
    for king in ['K', 'k'] {
        let sq = loop {
            let sq = rng.below(64);
            if board[sq].is_none() {
                break sq;
            }
        };
        board[sq] = Some(king);
    }
    for _ in 0..rng.below(21) {
        let sq = rng.below(64);
        let piece = b"PNBRQpnbrq"[rng.below(10)] as char;
        let back_rank = !(8..56).contains(&sq);
        if board[sq].is_none() && !(back_rank && piece.eq_ignore_ascii_case(&'p')) {
            board[sq] = Some(piece);
        }
    }
    let mut fen = String::new();
    for rank in (0..8).rev() {
        let mut empty = 0;
        for file in 0..8 {
            match board[rank * 8 + file] {
                Some(c) => {
                    if empty > 0 {
                        fen.push(char::from_digit(empty, 10).unwrap());
                        empty = 0;
                    }
                    fen.push(c);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            fen.push(char::from_digit(empty, 10).unwrap());
        }
        if rank > 0 {
            fen.push('/');
        }
    }
    let side = ["w", "b"][rng.below(2)];
    let castling: String = match rng.below(4) {
        0 => "KQkq".chars().filter(|_| rng.below(2) == 0).collect(),
        _ => String::new(),
    };
    let castling = if castling.is_empty() {
        "-".to_string()
    } else {
        castling
    };
    format!("{fen} {side} {castling} - 0 1")
}

/// A real FEN with a few characters replaced, dropped or doubled.
fn mutated_fen(rng: &mut Rng, real: &[&str]) -> String {
    let mut chars: Vec<char> = real[rng.below(real.len())].chars().collect();
    for _ in 0..1 + rng.below(3) {
        let i = rng.below(chars.len());
        match rng.below(3) {
            0 => {
                chars[i] = "pnbrqkPNBRQK12345678/ -wbKQkqa3e6x9"
                    .chars()
                    .nth(rng.below(35))
                    .unwrap()
            }
            1 if chars.len() > 1 => {
                chars.remove(i);
            }
            _ => chars.insert(i, chars[i]),
        }
    }
    chars.into_iter().collect()
}

fn shakmaty_moves(fen: &str) -> Option<usize> {
    let pos: Chess = fen
        .parse::<Fen>()
        .ok()?
        .into_position(CastlingMode::Standard)
        .ok()?;
    Some(shakmaty::Position::legal_moves(&pos).len())
}

#[test]
fn generated_and_mutated_fens_never_panic_and_agree_with_shakmaty() {
    let cases: usize = std::env::var("MAGIC_PERFT_FUZZ")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(100_000);
    let real: Vec<&str> = PERFT_SUITE
        .lines()
        .filter_map(|l| l.split(';').next())
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    let mut rng = Rng(SplitMix64::new(0x5eed));
    let (mut accepted, mut compared) = (0, 0);
    for case in 0..cases {
        let fen = match case % 2 {
            0 => random_fen(&mut rng),
            _ => mutated_fen(&mut rng, &real),
        };
        let Ok(pos) = Position::from_fen(&fen) else {
            continue;
        };
        accepted += 1;
        let ours = perft(&pos, 1, &schemes::BLACK);
        // Deeper, for the generator's sake: no panic on any reply.
        if case % 16 == 0 {
            perft(&pos, 2, &schemes::BLACK);
        }
        if let Some(theirs) = shakmaty_moves(&pos.to_fen()) {
            assert_eq!(ours, theirs as u64, "{fen}");
            compared += 1;
        }
    }
    // The generator makes positions both readers take, not only refusals.
    assert!(accepted > cases / 8, "{accepted} of {cases} accepted");
    assert!(compared > cases / 8, "{compared} of {cases} compared");
}
