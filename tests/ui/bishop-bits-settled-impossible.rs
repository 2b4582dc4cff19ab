// No 4-bit bishop magic exists for c1: `magic-search settle bishop,c1,4`.
magic_runtime::magic_tables! {
    static T {
        seed = 1,
        bishop_bits = [
            6, 5, 4, 5, 5, 5, 5, 6,
            5, 5, 5, 5, 5, 5, 5, 5,
            5, 5, 7, 7, 7, 7, 5, 5,
            5, 5, 7, 9, 9, 7, 5, 5,
            5, 5, 7, 9, 9, 7, 5, 5,
            5, 5, 7, 7, 7, 7, 5, 5,
            5, 5, 5, 5, 5, 5, 5, 5,
            6, 5, 5, 5, 5, 5, 5, 6,
        ],
    }
}

fn main() {}
