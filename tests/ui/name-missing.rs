magic_runtime::magic_tables! {
    static { scheme = fancy }
}

fn main() {}
