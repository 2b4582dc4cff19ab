magic_runtime::magic_tables! {
    static T { scheme = }
}

fn main() {}
