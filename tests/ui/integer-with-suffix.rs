magic_runtime::magic_tables! {
    static T { seed = 42u8 }
    static U { seed = 1, rook_bits = 12i64 }
}

fn main() {}
