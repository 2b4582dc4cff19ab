use magic_runtime::magic_tables;

magic_tables! {
    static T { seed = 0x1_0000_0000_0000_0000 }
}

fn main() {}
