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

/// The shipped sets, from `magic-core`.
pub use magic_core::sets as shipped;

#[cfg(feature = "tools")]
mod candidates;
#[cfg(feature = "tools")]
mod cooling;
mod error;
#[cfg(feature = "tools")]
mod exact_shift;
mod free_slots;
#[cfg(feature = "tools")]
mod hunt;
#[cfg(feature = "tools")]
mod hunted;
#[cfg(feature = "tools")]
mod low_bits;
mod named;
mod occupancies;
mod offsets_in_magics;
mod pack;
#[cfg(feature = "tools")]
mod pack_dense;
mod packed_set;
mod partner;
#[cfg(feature = "tools")]
mod prefix;
#[cfg(feature = "tools")]
mod published;
mod rays;
mod rng;
#[cfg(feature = "tools")]
mod rows;
mod search;
mod set;
#[cfg(feature = "tools")]
mod settle;
#[cfg(feature = "tools")]
mod settle_state;
mod shapes;
#[cfg(feature = "tools")]
mod shared_pairs;
#[cfg(feature = "tools")]
mod shift_lookahead;
#[cfg(feature = "tools")]
pub mod source;
mod squares;
mod table_bytes;

#[cfg(feature = "tools")]
pub use candidates::{candidate_sub_tables, fewer_slots};
pub use error::SearchError;
#[cfg(feature = "tools")]
pub use hunt::{
    parse_piece, parse_target_square, tries_before, HuntJob, HuntProgress, HuntState, HuntTarget,
    Shard, CLIMB_CHUNK, HUNT_CHUNK,
};
#[cfg(feature = "tools")]
pub use hunted::{best_fancy_set_from, best_shared_set_from, parse_hunted_csv, with_hunted};
#[cfg(feature = "tools")]
pub use low_bits::{CalledOff, LowBitsAnswer, LowBitsParts};
pub use magic_core::{
    attacks_by_ray_walk, check_bits, default_bits, distinct_attack_sets, empty_board_attacks,
    fewer_bits_proven_impossible, fewest_known_bits, min_bits, next_subset, parse_square,
    relevant_mask, square_name, Builder, Hash, Piece, Scheme, SlotRule, UnknownScheme,
};
pub use named::{
    dense_fancy_set, named_set, repacked_black_set, repacked_fixed_shift_set, set_schemes,
    SET_NAMES,
};
pub use occupancies::Occupancies;
pub use pack::{pack, pack_within, SubTable, PACK_ATTEMPT_COST};
#[cfg(feature = "tools")]
pub use pack_dense::{
    layout_len, pack_annealing, pack_choosing, pack_dense, pack_dense_with, GoOn, Packing,
};
#[cfg(feature = "tools")]
pub use prefix::{prefix_walk, Lean, PREFIX_NODES};
#[cfg(feature = "tools")]
pub use published::{parse as parse_magics_csv, published_set, set_from_magics_csv};
pub use rng::SplitMix64;
pub use search::{find_magic, search, square_stream, Budget, Scratch, SearchOptions};
pub use set::{
    is_shipped, magic_set, magic_set_with, magic_set_within, scheme_default_bits, search_set,
    search_set_within, shipped_set, MagicSet, PerSquare, DEFAULT_SEED,
};
#[cfg(feature = "tools")]
pub use settle::{MagicQuestion, Settled, Stopped};
#[cfg(feature = "tools")]
pub use settle_state::SettleState;
pub use shapes::{sample_shape, Shape, SHAPED_HASHES, SHAPE_SAMPLES};
#[cfg(feature = "tools")]
pub use shapes::{shapes_source, EMIT_SHAPES_COMMAND};
pub use table_bytes::{attack_list_bytes, table_bytes};
