//! Finds magic bitboard factors: deterministic, seeded, with its own PRNG,
//! so that a seed gives the same magics on every platform and version.
//!
//! This is the library behind the `magic_tables!` proc-macro and the
//! `magic-search` command-line tool.
//!
//! ```
//! use magic_search::{magic_set, Scheme};
//! let set = magic_set(Scheme::Fancy, 7, None).unwrap();
//! println!("rook a1: {:#018x} ({} bits)", set.magics[0][0], set.bits[0][0]);
//! assert_eq!(set.len, 107_648);
//! ```
#![deny(missing_docs)]

// The geometry and the shipped sets are magic-runtime's own source files,
// compiled here too: magic-runtime re-exports the proc-macro, which depends on
// this crate, so this crate cannot depend on magic-runtime.
#[allow(dead_code)]
#[path = "../../magic-runtime/src/geometry.rs"]
mod geometry;
#[path = "../../magic-runtime/src/sets.rs"]
pub mod shipped;

mod error;
mod hunt;
mod named;
mod pack;
mod pack_dense;
mod published;
mod rng;
mod rows;
mod scheme;
mod search;
mod set;

pub use error::SearchError;
pub use geometry::{
    attacks_by_ray_walk, default_bits, distinct_attack_sets, empty_board_attacks, next_subset,
    parse_square, relevant_mask, square_name, Piece,
};
pub use hunt::{
    parse_piece, tries_before, HuntJob, HuntProgress, HuntState, HuntTarget, CLIMB_CHUNK,
    HUNT_CHUNK,
};
pub use named::{
    dense_fancy_set, named_set, parse_hunted_csv, repacked_black_set, set_schemes, with_hunted,
    SET_NAMES,
};
pub use pack::{pack, SlotRule, SubTable};
pub use pack_dense::{pack_dense, pack_dense_with};
pub use published::{parse as parse_magics_csv, published_set};
pub use rng::SplitMix64;
pub use scheme::{Scheme, UnknownScheme};
pub use search::{find_magic, search, square_stream, Hash, Occupancies, Scratch, SearchOptions};
pub use set::{
    magic_set, magic_set_with, scheme_default_bits, search_set, shipped_set, MagicSet, PerSquare,
    DEFAULT_SEED,
};
