//! FEN: every kind of malformed input gets its own error.

use magic_perft::{FenError, Position};

#[test]
fn malformed_fen_is_rejected_with_a_reason() {
    let cases: [(&str, FenError); 10] = [
        ("8/8/8/8/8/8/8/8 w - - 0", FenError::FieldCount(5)),
        ("4k3/8/8/8/8/8/4K3 w - - 0 1", FenError::RankCount(7)),
        ("4k3/8/8/8/8/8/8/4K4 w - - 0 1", FenError::RankLength(1, 9)),
        ("4k3/8/8/8/9/8/8/4K3 w - - 0 1", FenError::BadPiece('9')),
        ("4k3/8/8/8/8/8/8/4K2x w - - 0 1", FenError::BadPiece('x')),
        (
            "4k3/8/8/8/8/8/8/4K3 x - - 0 1",
            FenError::BadSide("x".into()),
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w KX - 0 1",
            FenError::BadCastling("KX".into()),
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - e9 0 1",
            FenError::BadEnPassant("e9".into()),
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - - x 1",
            FenError::BadCounter("x".into()),
        ),
        ("8/8/8/8/8/8/8/4K3 w - - 0 1", FenError::KingCount),
    ];
    for (fen, err) in cases {
        assert_eq!(Position::from_fen(fen), Err(err), "{fen}");
    }
}

#[test]
fn en_passant_must_follow_a_double_push() {
    // e3 is only valid with a white pawn on e4 and black to move.
    assert!(Position::from_fen("4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1").is_ok());
    assert!(Position::from_fen("4k3/8/8/8/4P3/8/8/4K3 w - e3 0 1").is_err());
    assert!(Position::from_fen("4k3/8/8/8/8/8/8/4K3 b - e3 0 1").is_err());
    assert!(Position::from_fen("4k3/8/8/8/8/8/8/4K3 b - a1 0 1").is_err());
}

#[test]
fn fen_round_trips() {
    for fen in [
        magic_perft::STARTPOS,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/8/8/3pP3/8/8/8/K6k w - d6 0 2",
    ] {
        assert_eq!(Position::from_fen(fen).unwrap().to_fen(), fen);
    }
}
