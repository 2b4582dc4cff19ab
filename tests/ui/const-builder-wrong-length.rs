use magic_runtime::{default_bits, sets, FancyTables, Piece};

static T: FancyTables<100_000> =
    FancyTables::new(&sets::FANCY_ROOK, &default_bits(Piece::Rook), &sets::FANCY_BISHOP, &default_bits(Piece::Bishop));

fn main() {}
