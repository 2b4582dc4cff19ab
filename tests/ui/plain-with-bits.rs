use magic_runtime::magic_tables;

magic_tables! {
    static T { scheme = plain, rook_bits = 12 }
}

fn main() {}
