// Too short for its sub-tables: the message gives the length it needs.
use magic_runtime::{sets, BlackMagicTables};

static T: BlackMagicTables<87_000> = BlackMagicTables::new(
    &sets::BLACK_ROOK,
    &sets::BLACK_ROOK_OFFSETS,
    &sets::BLACK_BISHOP,
    &sets::BLACK_BISHOP_OFFSETS,
);

fn main() {}
