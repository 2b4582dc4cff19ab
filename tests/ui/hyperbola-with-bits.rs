use magic_runtime::magic_tables;

magic_tables! {
    static T { scheme = hyperbola, bishop_bits = 9 }
}

fn main() {}
