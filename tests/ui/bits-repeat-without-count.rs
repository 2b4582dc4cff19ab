use magic_runtime::magic_tables;

magic_tables! {
    static T { bishop_bits = [9; n] }
}

fn main() {}
