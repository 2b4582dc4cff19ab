use magic_runtime::{sets, SharedTables, SHARED_LEN};

const fn overlapping() -> [u32; 64] {
    let mut offsets = sets::SHARED_ROOK_OFFSETS;
    offsets[7] = offsets[0]; // h1 onto a1: they share the first rank
    offsets
}

static T: SharedTables<SHARED_LEN> =
    SharedTables::new(&sets::SHARED_ROOK, &overlapping(), &sets::SHARED_BISHOP, &sets::SHARED_BISHOP_OFFSETS);

fn main() {}
