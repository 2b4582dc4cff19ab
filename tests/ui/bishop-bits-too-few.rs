use magic_runtime::magic_tables;

magic_tables! {
    static T { bishop_bits = 2 }
}

fn main() {}
