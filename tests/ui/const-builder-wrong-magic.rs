use magic_runtime::{default_bits, sets, FancyTables, Piece, DEFAULT_FANCY_LEN};

const fn broken() -> [u64; 64] {
    let mut magics = sets::FANCY_ROOK;
    magics[28] = 0x0000_0000_0000_1000; // e4
    magics
}

static T: FancyTables<DEFAULT_FANCY_LEN> =
    FancyTables::new(&broken(), &default_bits(Piece::Rook), &sets::FANCY_BISHOP, &default_bits(Piece::Bishop));

fn main() {}
