use magic_runtime::magic_tables;

magic_tables! {
    static T { rook_bits = [12; 8] }
}

fn main() {}
