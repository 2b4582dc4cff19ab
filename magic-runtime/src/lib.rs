//! Compile-time magic bitboards: rook, bishop and queen attack tables that
//! are generated and verified at compile time, with nothing to initialise
//! at start-up.
//!
//! * [`magic_tables!`] (default `macros` feature) searches magics for the
//!   scheme you name, fills and checks the table with the builders' own
//!   code, and emits it as a `static`; a shipped set's table is the one
//!   [`prebuilt`] holds (default `prebuilt` feature), filled and checked by
//!   the same code.
//! * [`FancyTables::new`] and the other `const fn` builders take magics you
//!   already have; a wrong one fails `cargo build` with a message naming the
//!   piece, the square and the two occupancies that clash.
//! * Every table type has `rook`, `bishop` and `queen` lookups as
//!   `#[inline]` `const fn`s, and implements [`Sliders`] for generic code.
//!
//! Squares are `usize`, a1 = 0, b1 = 1, ... h8 = 63; occupancies and
//! attacks are plain `u64` bitboards.
//!
//! Everything but the macro comes from `magic-runtime-core`, re-exported
//! here whole: the two compile side by side, the tables while the macro
//! does.
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

pub use magic_runtime_core::*;

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
///
/// A table of its own (a `seed`, other bits or a named set) is searched
/// while the crate holding the call compiles, on every build of that
/// crate. In the dev profile (`debug_assertions` on) the const builder
/// then fills and checks it, once: incremental compilation keeps the
/// static, so a rebuild pays for the search alone, and a clean build
/// 1.1 to 1.7 s more for the fill. In the release profile the macro fills
/// and checks it and emits the bytes, which the crate copies on every
/// rebuild. In an engine, such a call can go in a small library crate of
/// the workspace (with `pub static`) that the engine depends on: rebuilds
/// of the engine then leave it built.
#[cfg(feature = "macros")]
pub use magic_macros::magic_tables;

/// For `magic_tables!` only: what its expansion calls.
#[doc(hidden)]
pub mod __private {
    #[cfg(feature = "macros")]
    pub use magic_macros::table_from_set;
    pub use magic_runtime_core::__private::*;
}
