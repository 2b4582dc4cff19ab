use magic_runtime::magic_tables;

magic_tables! {
    static T { scheme = byte_lookup, rook_bits = 13 }
}

fn main() {}
