//! Every table the macro or a const builder can produce, checked against
//! the ray walk for every square and every relevant occupancy.

use magic_runtime::{magic_tables, sets, Piece, DEFAULT_FANCY_LEN};
use magic_tests::{check_against_ray_walk, relevant_occupancies, RANDOM_BOARDS};

/// magic_runtime re-exported under another name, as an engine crate might.
mod engine {
    pub use magic_runtime as tables;
}

// An invocation's searches share one bound on their work: the costliest
// searches (offset in magic, and the packed schemes) have invocations of
// their own.
magic_tables! {
    static OFFSET_IN_MAGIC_SEEDED { scheme = offset_in_magic, seed = 1 }
}

magic_tables! {
    static BLACK_SEEDED { scheme = black, seed = 17 }
}

magic_tables! {
    static FIXED_SHIFT_SEEDED { scheme = fixed_shift, seed = 13 }
}

magic_tables! {
    /// Through the re-export, as a string in the serde convention.
    static THROUGH_REEXPORT_STRING { scheme = hyperbola, crate = "crate::engine::tables" }
    /// The default: fancy, shipped seed.
    static FANCY { scheme = fancy }
    /// A seed of its own: searched while this test compiles.
    static FANCY_SEEDED { scheme = fancy, seed = 20_261_121 }
    /// Bits of one's own: rook bits for all squares at once, bishop bits as a list.
    static FANCY_CUSTOM_BITS {
        seed = 5,
        rook_bits = 12,
        bishop_bits = [
            6, 5, 5, 5, 5, 5, 5, 6,
            5, 5, 5, 5, 5, 5, 5, 5,
            5, 5, 7, 7, 7, 7, 5, 5,
            5, 5, 7, 9, 9, 7, 5, 5,
            5, 5, 7, 9, 9, 7, 5, 5,
            5, 5, 7, 7, 7, 7, 5, 5,
            5, 5, 5, 5, 5, 5, 5, 5,
            6, 5, 5, 5, 5, 5, 5, 7,
        ],
    }
    static PLAIN { scheme = plain }
    static PLAIN_SEEDED { scheme = plain, seed = 77 }
    static SHIFT_IN_MAGIC { scheme = shift_in_magic }
    /// Through the re-export: `crate` names where magic_runtime is.
    static SHIFT_IN_MAGIC_SEEDED { scheme = shift_in_magic, seed = 9, crate = crate::engine::tables }
    static SHARED { scheme = shared }
    static SHARED_SEEDED { scheme = shared, seed = 11 }
    /// Volker Annuss's published set.
    static FIXED_SHIFT { scheme = fixed_shift }
    /// Volker Annuss's and Niklas Fiekas's published set.
    static BLACK { scheme = black }
    /// The black magics with the offsets `magic-search pack` chose.
    static BLACK_REPACKED { scheme = black, set = repacked }
    /// The fixed-shift magics with the offsets `magic-search pack` chose.
    static FIXED_SHIFT_REPACKED { scheme = fixed_shift, set = repacked }
    static OFFSET_IN_MAGIC { scheme = offset_in_magic }
    static BYTE_LOOKUP { scheme = byte_lookup }
    static BYTE_LOOKUP_SEEDED { scheme = byte_lookup, seed = 23, bishop_bits = 9 }
    static MAGIC32 { scheme = magic32 }
    static MAGIC32_SEEDED { scheme = magic32, seed = 29 }
    /// The dense set: fewer-bit magics from `magic-search hunt`.
    static DENSE { scheme = fancy, set = dense }
    static DENSE_BYTE_LOOKUP { scheme = byte_lookup, set = dense }
    /// The best set: the best known fewer-bit magics.
    static BEST { scheme = fancy, set = best }
    static BEST_BYTE_LOOKUP { scheme = byte_lookup, set = best }
    static BEST_SHARED { scheme = shared, set = best }
    static PEXT { scheme = pext }
    static PEXT_PDEP { scheme = pext_pdep }
    static PEXT_LINES { scheme = pext_lines }
    static HYPERBOLA { scheme = hyperbola }
}

// The best sets through the const builders, as an engine uses them without
// the macro: filled and checked by const evaluation.
static BEST_BUILT: magic_runtime::FancyTables<{ sets::BEST_FANCY_LEN }> =
    magic_runtime::FancyTables::new(
        &sets::BEST_FANCY_ROOK,
        &sets::BEST_FANCY_ROOK_BITS,
        &sets::BEST_FANCY_BISHOP,
        &sets::BEST_FANCY_BISHOP_BITS,
    );
static BEST_SHARED_BUILT: magic_runtime::SharedTables<{ sets::BEST_SHARED_LEN }> =
    magic_runtime::SharedTables::new(
        &sets::BEST_SHARED_ROOK,
        &sets::BEST_SHARED_ROOK_OFFSETS,
        &sets::BEST_SHARED_BISHOP,
        &sets::BEST_SHARED_BISHOP_OFFSETS,
    );

// The macro emits a call to the scheme's const builder, so each table above
// is also the const builder's table for its magics: every distinct table is
// evaluated once and checked once below.

/// Each check covers both subset passes and the random boards.
fn expected_lookups() -> usize {
    2 * relevant_occupancies() + 3 * RANDOM_BOARDS
}

#[test]
fn there_are_107_648_relevant_occupancies() {
    assert_eq!(relevant_occupancies(), 102_400 + 5_248);
}

macro_rules! exhaustive {
    ($($test:ident: $table:expr,)*) => {$(
        #[test]
        fn $test() {
            assert_eq!(check_against_ray_walk(stringify!($test), &$table), expected_lookups());
        }
    )*};
}

exhaustive! {
    macro_fancy: FANCY,
    macro_fancy_seeded: FANCY_SEEDED,
    macro_fancy_custom_bits: FANCY_CUSTOM_BITS,
    macro_dense: DENSE,
    macro_dense_byte_lookup: DENSE_BYTE_LOOKUP,
    macro_best: BEST,
    macro_best_byte_lookup: BEST_BYTE_LOOKUP,
    macro_best_shared: BEST_SHARED,
    const_builder_best: BEST_BUILT,
    const_builder_best_shared: BEST_SHARED_BUILT,
    macro_plain: PLAIN,
    macro_plain_seeded: PLAIN_SEEDED,
    macro_shift_in_magic: SHIFT_IN_MAGIC,
    macro_shift_in_magic_seeded: SHIFT_IN_MAGIC_SEEDED,
    macro_shared: SHARED,
    macro_shared_seeded: SHARED_SEEDED,
    macro_fixed_shift: FIXED_SHIFT,
    macro_fixed_shift_seeded: FIXED_SHIFT_SEEDED,
    macro_black: BLACK,
    macro_black_seeded: BLACK_SEEDED,
    macro_offset_in_magic: OFFSET_IN_MAGIC,
    macro_offset_in_magic_seeded: OFFSET_IN_MAGIC_SEEDED,
    macro_byte_lookup: BYTE_LOOKUP,
    macro_byte_lookup_seeded: BYTE_LOOKUP_SEEDED,
    macro_magic32: MAGIC32,
    macro_magic32_seeded: MAGIC32_SEEDED,
    macro_pext: PEXT,
    macro_pext_pdep: PEXT_PDEP,
    macro_pext_lines: PEXT_LINES,
    macro_hyperbola: HYPERBOLA,
    macro_black_repacked: BLACK_REPACKED,
    macro_fixed_shift_repacked: FIXED_SHIFT_REPACKED,
}

#[test]
fn table_sizes_meet_their_targets() {
    // The dense set is smaller than the default fancy set.
    assert!(DENSE.entries().len() < DEFAULT_FANCY_LEN);
    assert_eq!(DENSE.entries().len(), sets::DENSE_FANCY_LEN);
    // The best known magics: 92,864 entries for fancy tables with the
    // published ones, 512 fewer for each of rooks c2, d2 and e2 at 9 bits
    // and 1,024 fewer for rook d1 at 10; byte lookup within 150 KiB,
    // shared tables within 420 KiB (512 KiB at default bits).
    assert_eq!(BEST.entries().len(), 92_864 - 3 * 512 - 1_024);
    assert_eq!(BEST_BUILT.entries().len(), 92_864 - 3 * 512 - 1_024);
    assert!(BEST_BYTE_LOOKUP.table_bytes() <= 150 * 1024);
    assert!(BEST_SHARED.table_bytes() <= 420 * 1024);
    // The published sets: 88,772 and 87,988 entries.
    assert!(FIXED_SHIFT.table_bytes() <= 88_772 * 8);
    assert!(BLACK.table_bytes() <= 87_988 * 8);
    assert!(BLACK_REPACKED.table_bytes() < BLACK.table_bytes());
    assert!(FIXED_SHIFT_REPACKED.table_bytes() < FIXED_SHIFT.table_bytes());
    // Byte lookup: index bytes and distinct attack sets within 160 KiB.
    assert!(
        BYTE_LOOKUP.table_bytes() <= 160 * 1024,
        "{}",
        BYTE_LOOKUP.table_bytes()
    );
    // Compressed PEXT: within 215 KiB.
    assert!(PEXT_PDEP.table_bytes() <= 215 * 1024);
    // PEXT by lines: 64 rooks of two 64-slot lines and the bishops' PEXT
    // sub-tables, 105 KiB.
    assert_eq!(PEXT_LINES.entries().len(), 64 * 128 + 5_248);
}

#[test]
fn a_crate_path_names_the_same_types() {
    let _: &engine::tables::Hyperbola = &THROUGH_REEXPORT_STRING;
    let _: &engine::tables::ShiftInMagicTables<DEFAULT_FANCY_LEN> = &SHIFT_IN_MAGIC_SEEDED;
}

#[test]
fn custom_bits_size_the_table() {
    // Rooks at 12 bits everywhere (64 x 4,096), h8 bishop at 7 bits instead of 6.
    assert_eq!(FANCY_CUSTOM_BITS.entries().len(), 64 * 4096 + 5_248 + 64);
    assert_eq!(FANCY_CUSTOM_BITS.bits(Piece::Bishop, 63), 7);
    assert_eq!(FANCY_CUSTOM_BITS.bits(Piece::Rook, 27), 12);
}

#[test]
fn seeded_tables_use_other_magics() {
    assert_ne!(
        FANCY.magic(Piece::Rook, 0),
        FANCY_SEEDED.magic(Piece::Rook, 0)
    );
}

#[test]
fn shared_tables_stack_rook_pairs_and_hide_the_bishops() {
    // Rooks on diagonally adjacent squares share a sub-table: 32 pairs whose
    // larger member sets the size (a1 + b2 take 4,096, b1 + a2 2,048, ...),
    // 65,536 entries in all (the table ends at the last slot used, which
    // may be a few before); every bishop sub-table fits inside them.
    assert!((65_536 - 64) * 8 <= SHARED.table_bytes() && SHARED.table_bytes() <= 65_536 * 8);
    assert!(SHARED_SEEDED.table_bytes() <= 65_536 * 8);
}

#[test]
fn lookups_work_in_const_context() {
    const E4_ROOK: u64 = FANCY.rook(28, 1 << 44);
    const D4_BISHOP: u64 = SHARED.bishop(27, 0);
    const H8_QUEEN: u64 = SHIFT_IN_MAGIC.queen(63, !0);
    assert_eq!(
        E4_ROOK,
        magic_runtime::attacks_by_ray_walk(Piece::Rook, 28, 1 << 44)
    );
    assert_eq!(D4_BISHOP.count_ones(), 13);
    assert_eq!(H8_QUEEN, 1 << 62 | 1 << 55 | 1 << 54);
}
