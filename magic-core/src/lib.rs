//! What the magic-bitboard crates compute on both sides of the build: the
//! board geometry, the index formula of every hash, the rule for sharing
//! slots, the table schemes and the shipped magic sets.
//!
//! `magic-runtime`'s `const fn` builders fill tables with these while your
//! crate compiles; `magic-search` (and through it the `magic_tables!`
//! proc-macro) searches magics with the same functions. Keeping them here,
//! `no_std` and without dependencies, gives each formula one definition.
//! Engines depend on `magic-runtime`, which re-exports what they need.
//!
//! ```
//! use magic_core::{attacks_by_ray_walk, relevant_mask, Hash, Piece, sets};
//! // The rook on e4 of the shipped fancy set, hashed as the tables do.
//! let (e4, occ) = (28, 1 << 44 | 1 << 26);
//! let index = Hash::Multiply.index(relevant_mask(Piece::Rook, e4), sets::FANCY_ROOK[e4], 10, occ);
//! assert!(index < 1 << 10);
//! assert_eq!(attacks_by_ray_walk(Piece::Rook, e4, occ).count_ones(), 10);
//! ```
#![no_std]
#![deny(missing_docs)]
// Errors are messages assembled in const evaluation, where nothing can be
// boxed; they are built once, on failure.
#![allow(clippy::result_large_err)]

mod clash;
mod fill;
mod geometry;
mod hash;
mod layout;
mod lines;
mod message;
mod records;
mod scheme;
pub mod sets;
mod sizes;
mod slot_rule;
mod visit;

pub use fill::{
    attack_set_starts, distinct_attacks, fill, fill_compressed, fill_pattern_bytes,
    fill_post_masked, Slots, UNUSED_BYTE,
};
pub use geometry::{
    attacks_by_ray_walk, default_bits, distinct_attack_sets, empty_board_attacks, min_bits,
    next_subset, parse_square, relevant_mask, square_name, AttackSets, BlockerPattern, Piece, Rays,
};
pub use hash::{multiply_index, pdep, pext, split_index, Hash, SquareHash};
pub use layout::layout_of;
pub use lines::{
    file_gather, file_index, file_inner, fill_lines, gathered_index, rank_index, rank_inner,
    rook_lines_offset, FILE_A_INNER, LINES_ROOK_BITS, LINE_SLOTS, PEXT_LINES_LEN, RANK_1_INNER,
};
pub use message::{check_bits, Message};
pub use records::{fewer_bits_proven_impossible, fewest_known_bits};
pub use scheme::{Builder, Scheme, UnknownScheme};
pub use sizes::{
    fancy_table_len, DEFAULT_FANCY_LEN, DISTINCT_ATTACK_SETS, FIXED_BISHOP_BITS, FIXED_ROOK_BITS,
    OFFSET_UNIT, PLAIN_LEN,
};
pub use slot_rule::SlotRule;
pub use visit::{Layout, Length};
