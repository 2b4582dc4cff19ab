//! Every table the macro or a const builder can produce, checked against
//! the ray walk for every square and every relevant occupancy.

use magic_runtime::{default_bits, magic_tables, sets, Piece};
use magic_runtime::{
    FancyTables, PlainTables, SharedTables, ShiftInMagicTables, DEFAULT_FANCY_LEN, SHARED_LEN,
};
use magic_tests::{check_against_ray_walk, relevant_occupancies, RANDOM_BOARDS};

magic_tables! {
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
    static SHIFT_IN_MAGIC_SEEDED { scheme = shift_in_magic, seed = 9 }
    static SHARED { scheme = shared }
    static SHARED_SEEDED { scheme = shared, seed = 11 }
}

static BUILT_FANCY: FancyTables<DEFAULT_FANCY_LEN> = FancyTables::new(
    &sets::FANCY_ROOK,
    &default_bits(Piece::Rook),
    &sets::FANCY_BISHOP,
    &default_bits(Piece::Bishop),
);
static BUILT_PLAIN: PlainTables = PlainTables::new(&sets::PLAIN_ROOK, &sets::PLAIN_BISHOP);
static BUILT_SHIFT_IN_MAGIC: ShiftInMagicTables<DEFAULT_FANCY_LEN> =
    ShiftInMagicTables::new(&sets::SHIFT_IN_MAGIC_ROOK, &sets::SHIFT_IN_MAGIC_BISHOP);
static BUILT_SHARED: SharedTables<SHARED_LEN> = SharedTables::new(
    &sets::SHARED_ROOK,
    &sets::SHARED_ROOK_OFFSETS,
    &sets::SHARED_BISHOP,
    &sets::SHARED_BISHOP_OFFSETS,
);

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
    macro_plain: PLAIN,
    macro_plain_seeded: PLAIN_SEEDED,
    macro_shift_in_magic: SHIFT_IN_MAGIC,
    macro_shift_in_magic_seeded: SHIFT_IN_MAGIC_SEEDED,
    macro_shared: SHARED,
    macro_shared_seeded: SHARED_SEEDED,
    const_builder_fancy: BUILT_FANCY,
    const_builder_plain: BUILT_PLAIN,
    const_builder_shift_in_magic: BUILT_SHIFT_IN_MAGIC,
    const_builder_shared: BUILT_SHARED,
}

#[test]
fn custom_bits_size_the_table() {
    // Rooks at 12 bits everywhere (64 x 4,096), h8 bishop at 7 bits instead of 6.
    assert_eq!(FANCY_CUSTOM_BITS.entries().len(), 64 * 4096 + 5_248 + 64);
    assert_eq!(FANCY_CUSTOM_BITS.bits(Piece::Bishop, 63), 7);
    assert_eq!(FANCY_CUSTOM_BITS.bits(Piece::Rook, 27), 12);
}

#[test]
fn macro_with_default_seed_equals_const_builder_on_shipped_set() {
    assert_eq!(FANCY.entries(), BUILT_FANCY.entries());
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
    // 65,536 entries in all; every bishop sub-table fits inside them.
    assert_eq!(BUILT_SHARED.table_bytes(), 65_536 * 8);
    assert_eq!(SHARED.table_bytes(), 65_536 * 8);
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
