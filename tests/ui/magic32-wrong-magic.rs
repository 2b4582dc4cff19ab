use magic_runtime::{default_bits, sets, Magic32Tables, Piece, DEFAULT_FANCY_LEN};

const fn broken() -> [u64; 64] {
    let mut magics = sets::MAGIC32_BISHOP;
    magics[27] = 1 << 40 | 1; // d4
    magics
}

static T: Magic32Tables<DEFAULT_FANCY_LEN> =
    Magic32Tables::new(&sets::MAGIC32_ROOK, &default_bits(Piece::Rook), &broken(), &default_bits(Piece::Bishop));

fn main() {}
