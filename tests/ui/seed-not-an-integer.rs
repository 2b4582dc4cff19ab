use magic_runtime::magic_tables;

magic_tables! {
    static T { seed = "abc" }
}

fn main() {}
