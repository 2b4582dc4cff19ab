use magic_runtime::magic_tables;

magic_tables! {
    static T { scheme = magic32, seed = 1, rook_bits = 12, max_tries = 100 }
}

fn main() {}
