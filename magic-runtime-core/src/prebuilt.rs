//! The shipped sets' tables, included once in this crate, each behind its
//! `prebuilt-<scheme>` feature; the default feature `prebuilt` turns them
//! all on.
//!
//! With the feature on, `magic_tables!` gives a table of that scheme with
//! its shipped set (no `seed`, `set` or bits) as a `use` of the static
//! here: the crate that invokes the macro then holds no table bytes, and
//! its rebuilds, release ones included, cost what its own code costs. A
//! binary links only the statics it uses.
//!
//! Each table is the bytes of a file in this crate's `prebuilt/` folder,
//! which `magic-search emit-prebuilt` fills from the shipped set with the
//! code the `const fn` builders run, checking every square. The tests check
//! that the files are what the generator writes today and walk the rays of
//! every square and occupancy through these statics. Building them only
//! copies their bytes: about 0.25 s for all twelve, once.
//!
//! To have the macro emit every table into your crate instead (filled and
//! checked by the const builder in the dev profile, by the macro in
//! release), or to keep only some schemes:
//!
//! ```toml
//! [dependencies]
//! magic-runtime = { version = "0.1", default-features = false, features = ["macros", "prebuilt-black"] }
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
//! | `prebuilt-pext-lines` | `PEXT_LINES` |
//!
//! The statics can also be used directly, with or without the macro.

#[allow(unused_imports)] // each is used only with some schemes' features
use crate::{
    __private::{u16s_from_le_bytes, u64s_from_le_bytes, u8s},
    default_bits, sets, BlackMagicTables, ByteLookupTables, FancyTables, FixedShiftTables,
    Magic32Tables, OffsetInMagicTables, PextLinesTables, PextPdepTables, PextTables,
    Piece::{Bishop, Rook},
    PlainTables, SharedTables, ShiftInMagicTables, DEFAULT_FANCY_LEN, SHARED_LEN,
};

/// One documented `static` per scheme, compiled only with its feature: the
/// table read from `prebuilt/<file>.bin` (`$read`) and handed with the
/// builder's other arguments to `__from_table`.
macro_rules! prebuilt {
    ($($feature:literal $name:ident: $ty:ty = $file:literal $read:ident ($($arg:expr),*) $(, $extra:expr)?;)*) => {$(
        #[cfg(feature = $feature)]
        #[doc = concat!("The shipped set's `", stringify!($ty), "` (feature `", $feature, "`).")]
        // SAFETY: the file is the table the builder fills from these
        // arguments, as `emit-prebuilt` wrote it; `tests/generated.rs`
        // checks it against the generator, `tests/exhaustive.rs` walks it.
        pub static $name: $ty = unsafe {
            <$ty>::__from_table($($arg,)* $read(include_bytes!(concat!("../prebuilt/", $file, ".bin"))) $(, $extra)?)
        };
    )*};
}

prebuilt! {
    "prebuilt-fancy" FANCY: FancyTables<DEFAULT_FANCY_LEN> = "fancy" u64s_from_le_bytes(
        &sets::FANCY_ROOK, &default_bits(Rook), &sets::FANCY_BISHOP, &default_bits(Bishop));
    "prebuilt-plain" PLAIN: PlainTables = "plain" u64s_from_le_bytes(&sets::PLAIN_ROOK, &sets::PLAIN_BISHOP);
    "prebuilt-shift-in-magic" SHIFT_IN_MAGIC: ShiftInMagicTables<DEFAULT_FANCY_LEN> = "shift_in_magic"
        u64s_from_le_bytes(&sets::SHIFT_IN_MAGIC_ROOK, &sets::SHIFT_IN_MAGIC_BISHOP);
    "prebuilt-shared" SHARED: SharedTables<SHARED_LEN> = "shared" u64s_from_le_bytes(
        &sets::SHARED_ROOK, &sets::SHARED_ROOK_OFFSETS, &sets::SHARED_BISHOP, &sets::SHARED_BISHOP_OFFSETS);
    "prebuilt-fixed-shift" FIXED_SHIFT: FixedShiftTables<{ sets::FIXED_SHIFT_LEN }> = "fixed_shift"
        u64s_from_le_bytes(&sets::FIXED_SHIFT_ROOK, &sets::FIXED_SHIFT_ROOK_OFFSETS,
        &sets::FIXED_SHIFT_BISHOP, &sets::FIXED_SHIFT_BISHOP_OFFSETS);
    "prebuilt-black" BLACK: BlackMagicTables<{ sets::BLACK_LEN }> = "black" u64s_from_le_bytes(
        &sets::BLACK_ROOK, &sets::BLACK_ROOK_OFFSETS, &sets::BLACK_BISHOP, &sets::BLACK_BISHOP_OFFSETS);
    "prebuilt-offset-in-magic" OFFSET_IN_MAGIC: OffsetInMagicTables<{ sets::OFFSET_IN_MAGIC_LEN }> =
        "offset_in_magic" u64s_from_le_bytes(&sets::OFFSET_IN_MAGIC_ROOK, &sets::OFFSET_IN_MAGIC_BISHOP);
    "prebuilt-byte-lookup" BYTE_LOOKUP: ByteLookupTables<DEFAULT_FANCY_LEN> = "byte_lookup" u8s(
        &sets::FANCY_ROOK, &default_bits(Rook), &sets::FANCY_BISHOP, &default_bits(Bishop)),
        u64s_from_le_bytes(include_bytes!("../prebuilt/attack-list.bin"));
    "prebuilt-magic32" MAGIC32: Magic32Tables<DEFAULT_FANCY_LEN> = "magic32" u64s_from_le_bytes(
        &sets::MAGIC32_ROOK, &default_bits(Rook), &sets::MAGIC32_BISHOP, &default_bits(Bishop));
    "prebuilt-pext" PEXT: PextTables = "pext" u64s_from_le_bytes();
    "prebuilt-pext-pdep" PEXT_PDEP: PextPdepTables = "pext_pdep" u16s_from_le_bytes();
    "prebuilt-pext-lines" PEXT_LINES: PextLinesTables = "pext_lines" u64s_from_le_bytes();
}
