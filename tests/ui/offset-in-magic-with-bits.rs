use magic_runtime::magic_tables;

magic_tables! {
    static T { scheme = offset_in_magic, bishop_bits = 9 }
}

fn main() {}
