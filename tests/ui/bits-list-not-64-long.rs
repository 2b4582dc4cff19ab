use magic_runtime::magic_tables;

magic_tables! {
    static T { rook_bits = [12, 11, 11] }
}

fn main() {}
