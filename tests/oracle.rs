//! The generator against two independent ones (cozy-chess and shakmaty):
//! the same counts below every root move, on the standard positions and on
//! positions reached by seeded random games.

use magic_peers::{cozy_chess, cozy_perft, shakmaty_perft};
use magic_perft::{divide, perft, schemes, MoveList, Position};

fn cozy(fen: &str) -> cozy_chess::Board {
    cozy_chess::Board::from_fen(fen, false).unwrap()
}

const POSITIONS: [&str; 6] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
];

#[test]
fn counts_below_every_root_move_agree_with_two_other_generators() {
    let depth = if cfg!(debug_assertions) { 2 } else { 4 };
    for fen in POSITIONS {
        let pos = Position::from_fen(fen).unwrap();
        for (m, n) in divide(&pos, depth, &schemes::BLACK) {
            let next = pos.play(m).to_fen();
            assert_eq!(
                n,
                cozy_perft(&cozy(&next), depth - 1).max(u64::from(depth == 1)),
                "{fen} {m}"
            );
            assert_eq!(n, shakmaty_perft(&next, depth - 1), "{fen} {m}");
        }
    }
}

#[test]
fn random_games_agree_move_for_move() {
    // Seeded random games; at every position the legal move count and the
    // perft(2) must agree with cozy-chess.
    let mut state = 0x5eed_u64;
    let mut next = || {
        state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    };
    let games = if cfg!(debug_assertions) { 20 } else { 200 };
    for _ in 0..games {
        let mut pos = Position::startpos();
        for _ in 0..120 {
            let moves = MoveList::legal(&pos, &schemes::FANCY);
            let fen = pos.to_fen();
            assert_eq!(
                perft(&pos, 2, &schemes::FANCY),
                cozy_perft(&cozy(&fen), 2),
                "{fen}"
            );
            if moves.is_empty() || pos.halfmove >= 100 {
                break;
            }
            pos = pos.play(moves.as_slice()[(next() % moves.len() as u64) as usize]);
        }
    }
}
