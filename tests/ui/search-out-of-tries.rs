use magic_runtime::magic_tables;

magic_tables! {
    static T { seed = 1, rook_bits = 10, max_tries = 1000 }
}

fn main() {}
