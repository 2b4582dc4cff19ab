magic_runtime::magic_tables! {
    static T { scheme = fancy seed = 3 }
}

fn main() {}
