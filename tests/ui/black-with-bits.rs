use magic_runtime::magic_tables;

magic_tables! {
    static T { scheme = black, rook_bits = 12 }
}

fn main() {}
