magic_runtime::magic_tables! {
    static T { crate = "my engine" }
}

fn main() {}
