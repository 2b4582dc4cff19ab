// The const builder checks bits as the macro does, with the same message.
use magic_runtime::{default_bits, sets, FancyTables, Piece};

const FEW: [u8; 64] = {
    let mut bits = default_bits(Piece::Rook);
    bits[0] = 5;
    bits
};

static T: FancyTables<103_456> =
    FancyTables::new(&sets::FANCY_ROOK, &FEW, &sets::FANCY_BISHOP, &default_bits(Piece::Bishop));

fn main() {}
