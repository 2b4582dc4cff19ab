//! The shipped sets' tables, built once in this crate, each behind its
//! `prebuilt-<scheme>` feature.
//!
//! With the feature on, `magic_tables!` gives a table of that scheme with
//! its shipped set (no `seed`, `set` or bits) as a `use` of the static
//! here: the crate that invokes the macro then holds no table bytes, and
//! its rebuilds, release ones included, cost what its own code costs. The
//! table is built and checked by the `const fn` builder while this crate
//! compiles, which adds 1.3 to 1.7 s per scheme to a clean build, once.
//!
//! ```toml
//! [dependencies]
//! magic-runtime = { version = "0.1", features = ["prebuilt-plain"] }
//! ```
//!
//! | feature | static |
//! |---|---|
//! | `prebuilt-fancy` | `FANCY` |
//! | `prebuilt-plain` | `PLAIN` |
//! | `prebuilt-shift-in-magic` | `SHIFT_IN_MAGIC` |
//! | `prebuilt-shared` | `SHARED` |
//! | `prebuilt-fixed-shift` | `FIXED_SHIFT` |
//! | `prebuilt-black` | `BLACK` |
//! | `prebuilt-offset-in-magic` | `OFFSET_IN_MAGIC` |
//! | `prebuilt-byte-lookup` | `BYTE_LOOKUP` |
//! | `prebuilt-magic32` | `MAGIC32` |
//! | `prebuilt-pext` | `PEXT` |
//! | `prebuilt-pext-pdep` | `PEXT_PDEP` |
//!
//! The statics can also be used directly, with or without the macro.

#[allow(unused_imports)] // each is used only with some schemes' features
use crate::{
    default_bits, sets, BlackMagicTables, ByteLookupTables, FancyTables, FixedShiftTables,
    Magic32Tables, OffsetInMagicTables, PextPdepTables, PextTables,
    Piece::{Bishop, Rook},
    PlainTables, SharedTables, ShiftInMagicTables, DEFAULT_FANCY_LEN, SHARED_LEN,
};

/// One documented `static` per scheme, compiled only with its feature.
macro_rules! prebuilt {
    ($($feature:literal $name:ident: $ty:ty = $value:expr;)*) => {$(
        #[cfg(feature = $feature)]
        #[doc = concat!("The shipped set's `", stringify!($ty), "` (feature `", $feature, "`).")]
        pub static $name: $ty = $value;
    )*};
}

prebuilt! {
    "prebuilt-fancy" FANCY: FancyTables<DEFAULT_FANCY_LEN> = FancyTables::new(
        &sets::FANCY_ROOK, &default_bits(Rook), &sets::FANCY_BISHOP, &default_bits(Bishop));
    "prebuilt-plain" PLAIN: PlainTables = PlainTables::new(&sets::PLAIN_ROOK, &sets::PLAIN_BISHOP);
    "prebuilt-shift-in-magic" SHIFT_IN_MAGIC: ShiftInMagicTables<DEFAULT_FANCY_LEN> =
        ShiftInMagicTables::new(&sets::SHIFT_IN_MAGIC_ROOK, &sets::SHIFT_IN_MAGIC_BISHOP);
    "prebuilt-shared" SHARED: SharedTables<SHARED_LEN> = SharedTables::new(
        &sets::SHARED_ROOK, &sets::SHARED_ROOK_OFFSETS, &sets::SHARED_BISHOP, &sets::SHARED_BISHOP_OFFSETS);
    "prebuilt-fixed-shift" FIXED_SHIFT: FixedShiftTables<{ sets::FIXED_SHIFT_LEN }> = FixedShiftTables::new(
        &sets::FIXED_SHIFT_ROOK, &sets::FIXED_SHIFT_ROOK_OFFSETS,
        &sets::FIXED_SHIFT_BISHOP, &sets::FIXED_SHIFT_BISHOP_OFFSETS);
    "prebuilt-black" BLACK: BlackMagicTables<{ sets::BLACK_LEN }> = BlackMagicTables::new(
        &sets::BLACK_ROOK, &sets::BLACK_ROOK_OFFSETS, &sets::BLACK_BISHOP, &sets::BLACK_BISHOP_OFFSETS);
    "prebuilt-offset-in-magic" OFFSET_IN_MAGIC: OffsetInMagicTables<{ sets::OFFSET_IN_MAGIC_LEN }> =
        OffsetInMagicTables::new(&sets::OFFSET_IN_MAGIC_ROOK, &sets::OFFSET_IN_MAGIC_BISHOP);
    "prebuilt-byte-lookup" BYTE_LOOKUP: ByteLookupTables<DEFAULT_FANCY_LEN> = ByteLookupTables::new(
        &sets::FANCY_ROOK, &default_bits(Rook), &sets::FANCY_BISHOP, &default_bits(Bishop));
    "prebuilt-magic32" MAGIC32: Magic32Tables<DEFAULT_FANCY_LEN> = Magic32Tables::new(
        &sets::MAGIC32_ROOK, &default_bits(Rook), &sets::MAGIC32_BISHOP, &default_bits(Bishop));
    "prebuilt-pext" PEXT: PextTables = PextTables::new();
    "prebuilt-pext-pdep" PEXT_PDEP: PextPdepTables = PextPdepTables::new();
}
