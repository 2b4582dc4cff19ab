use magic_runtime::{sets, FixedShiftTables};

static T: FixedShiftTables<90_000> = FixedShiftTables::new(
    &sets::FIXED_SHIFT_ROOK,
    &sets::FIXED_SHIFT_ROOK_OFFSETS,
    &sets::FIXED_SHIFT_BISHOP,
    &sets::FIXED_SHIFT_BISHOP_OFFSETS,
);

fn main() {}
