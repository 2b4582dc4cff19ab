//! The table types, lookups, `const fn` builders and prebuilt tables of
//! [magic-runtime](https://docs.rs/magic-runtime), which re-exports all of
//! them with its `magic_tables!` macro: depend on magic-runtime, not on
//! this crate.
//!
//! A crate of its own so that it compiles while the macro does: a crate
//! that re-exports a proc-macro waits for it to be built, and this one,
//! with its prebuilt tables, is most of magic-runtime's build.
#![no_std]
#![deny(missing_docs)]

mod build;
mod byte_lookup;
mod diagram;
mod entries;
mod fancy;
mod fixed_shift;
mod hyperbola;
mod magic32;
mod offset_in_magic;
mod pext;
mod pext_lines;
mod pext_tables;
mod plain;
pub mod prebuilt;
mod shared;
mod shift_in_magic;
mod sliders;
mod template;

pub use byte_lookup::ByteLookupTables;
pub use diagram::Diagram;
pub use fancy::FancyTables;
pub use fixed_shift::{BlackMagicTables, FixedShiftTables};
pub use hyperbola::Hyperbola;
pub use magic32::Magic32Tables;
pub use offset_in_magic::OffsetInMagicTables;
pub use pext::uses_bmi2;
pub use pext_lines::PextLinesTables;
pub use pext_tables::{PextPdepTables, PextTables};
pub use plain::PlainTables;
pub use shared::SharedTables;
pub use shift_in_magic::ShiftInMagicTables;
pub use sliders::Sliders;

#[doc(hidden)]
pub use build::__private;
pub use magic_core::sets;
pub use magic_core::sets::SHARED_LEN;
pub use magic_core::{
    attacks_by_ray_walk, check_bits, default_bits, distinct_attack_sets, empty_board_attacks,
    fancy_table_len, fewer_bits_proven_impossible, fewest_known_bits, min_bits, next_subset,
    parse_square, pdep, pext, relevant_mask, square_name, AttackSets, Hash, Message, Piece,
    SquareHash, DEFAULT_FANCY_LEN, DISTINCT_ATTACK_SETS, FIXED_BISHOP_BITS, FIXED_ROOK_BITS,
    OFFSET_UNIT, PEXT_LINES_LEN, PLAIN_LEN,
};
