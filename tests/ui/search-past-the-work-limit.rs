// Record bits on ranks 7 and 8 exist but are out of a seeded search's
// reach: the search stops at its bound on work, with what to do instead.
magic_runtime::magic_tables! {
    static T {
        scheme = magic32,
        seed = 5,
        rook_bits = [
            12, 11, 11, 11, 11, 11, 11, 12,
            11, 10, 10, 10, 10, 10, 10, 11,
            11, 10, 10, 10, 10, 10, 10, 11,
            11, 10, 10, 10, 10, 10, 10, 11,
            11, 10, 10, 10, 10, 10, 10, 11,
            11, 10, 10, 10, 10, 10, 10, 11,
            10,  9,  9,  9,  9,  9,  9, 10,
            11, 10, 10, 10, 10, 11, 10, 11,
        ],
    }
}

fn main() {}
