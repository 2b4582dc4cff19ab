magic_runtime::magic_tables! {
    static T { seed = 1, bishop_bits = -3 }
}

fn main() {}
