//! Compile-time magic bitboards: rook, bishop and queen attack tables that
//! are generated and verified while your engine compiles, with nothing to
//! initialise at start-up.
//!
//! * [`magic_tables!`] (default `macros` feature) searches magics for the
//!   scheme you name and emits a `static` table that the compiler fills and
//!   checks.
//! * [`FancyTables::new`] and the other `const fn` builders take magics you
//!   already have; a wrong one fails `cargo build` with a message naming the
//!   piece, the square and the two occupancies that clash.
//! * Every table type has `rook`, `bishop` and `queen` lookups as
//!   `#[inline]` `const fn`s, and implements [`Sliders`] for generic code.
//!
//! Squares are `usize`, a1 = 0, b1 = 1, ... h8 = 63; occupancies and
//! attacks are plain `u64` bitboards.
//!
//! ```
//! use magic_runtime::{sets, Diagram, FancyTables, DEFAULT_FANCY_LEN, default_bits, Piece};
//!
//! static SLIDERS: FancyTables<DEFAULT_FANCY_LEN> = FancyTables::new(
//!     &sets::FANCY_ROOK,
//!     &default_bits(Piece::Rook),
//!     &sets::FANCY_BISHOP,
//!     &default_bits(Piece::Bishop),
//! );
//!
//! let d5 = 35;
//! let occ = 1 << 19 | 1 << 53; // d3 and f7
//! print!("{}", Diagram::new(SLIDERS.queen(d5, occ)).piece(d5, 'Q'));
//! assert_eq!(SLIDERS.queen(d5, occ).count_ones(), 24);
//! ```
#![no_std]
#![deny(missing_docs)]

mod byte_lookup;
mod diagram;
mod fancy;
mod fill;
mod fixed_shift;
mod geometry;
mod hyperbola;
mod layout;
mod magic32;
mod message;
mod offset_in_magic;
mod pext;
mod pext_tables;
mod plain;
pub mod sets;
mod shared;
mod shift_in_magic;
mod sliders;

pub use byte_lookup::{ByteLookupTables, DISTINCT_ATTACK_SETS};
pub use diagram::Diagram;
pub use fancy::{FancyTables, DEFAULT_FANCY_LEN};
pub use fixed_shift::{BlackMagicTables, FixedShiftTables, FIXED_BISHOP_BITS, FIXED_ROOK_BITS};
pub use geometry::{
    attacks_by_ray_walk, default_bits, distinct_attack_sets, empty_board_attacks, next_subset,
    parse_square, relevant_mask, square_name, Piece,
};
pub use hyperbola::Hyperbola;
pub use layout::fancy_table_len;
pub use magic32::Magic32Tables;
pub use offset_in_magic::{OffsetInMagicTables, OFFSET_UNIT};
pub use pext::uses_bmi2;
pub use pext_tables::{PextPdepTables, PextTables};
pub use plain::{PlainTables, PLAIN_BISHOP_BITS, PLAIN_LEN, PLAIN_ROOK_BITS};
pub use sets::SHARED_LEN;
pub use shared::SharedTables;
pub use shift_in_magic::ShiftInMagicTables;
pub use sliders::Sliders;

/// Generates magic attack tables while the crate compiles.
///
/// ```
/// use magic_runtime::magic_tables;
///
/// magic_tables! {
///     /// Rook, bishop and queen attacks.
///     pub static SLIDERS { scheme = fancy }
/// }
///
/// assert_eq!(SLIDERS.rook(0, 0).count_ones(), 14);
/// ```
///
/// See the crate's README for every key.
#[cfg(feature = "macros")]
pub use magic_macros::magic_tables;
