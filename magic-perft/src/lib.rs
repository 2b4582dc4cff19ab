//! A legal move generator and perft built on `magic-runtime`'s tables.
//!
//! Everything is generic over [`magic_runtime::Sliders`], so every scheme of
//! the workspace, or any other slider implementation, runs the same
//! generator.
//!
//! ```
//! use magic_perft::{perft, Position};
//! let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
//! let pos = Position::from_fen(kiwipete).unwrap();
//! assert_eq!(perft(&pos, 2, &magic_perft::schemes::FANCY), 2_039);
//! ```
#![deny(missing_docs)]

mod attacks;
mod movegen;
mod perft;
mod position;
pub mod schemes;
mod types;

pub use movegen::{count_legal, in_check, MoveList};
pub use perft::{divide, perft};
pub use position::{castling, FenError, Position, STARTPOS};
pub use schemes::SCHEMES;
pub use types::{Color, Kind, Move, MoveKind};

/// The deepest perft the command line counts: perft 13 of the start
/// position (1,981,066,775,000,396,239) fits in a `u64`, perft 14 passes
/// 2^64, and nothing that deep would finish anyway.
pub const MAX_DEPTH: u32 = 13;

/// The perft suite: one position per line, its FEN then `;D<depth> <nodes>`
/// for each depth (Marcel van Kervinck's list, 127 positions).
///
/// ```
/// let first = magic_perft::PERFT_SUITE.lines().next().unwrap();
/// assert!(first.starts_with("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"));
/// ```
pub const PERFT_SUITE: &str = include_str!("../data/perftsuite.epd");
