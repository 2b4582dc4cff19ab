use magic_runtime::{sets, BlackMagicTables};

const fn overlapping() -> [u32; 64] {
    let mut offsets = sets::BLACK_BISHOP_OFFSETS;
    offsets[9] = offsets[0]; // b2 onto a1
    offsets
}

static T: BlackMagicTables<{ sets::BLACK_LEN }> =
    BlackMagicTables::new(&sets::BLACK_ROOK, &sets::BLACK_ROOK_OFFSETS, &sets::BLACK_BISHOP, &overlapping());

fn main() {}
