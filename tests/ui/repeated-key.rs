use magic_runtime::magic_tables;

magic_tables! {
    static T { seed = 1, seed = 2 }
}

fn main() {}
