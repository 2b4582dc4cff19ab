use magic_runtime::{sets, OffsetInMagicTables};

const fn moved() -> [u64; 64] {
    let mut factors = sets::OFFSET_IN_MAGIC_ROOK;
    factors[2] -= 1; // c1's sub-table one unit earlier, with a changed magic
    factors
}

static T: OffsetInMagicTables<{ sets::OFFSET_IN_MAGIC_LEN }> =
    OffsetInMagicTables::new(&moved(), &sets::OFFSET_IN_MAGIC_BISHOP);

fn main() {}
