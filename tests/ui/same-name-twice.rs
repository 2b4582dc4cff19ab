magic_runtime::magic_tables! {
    static T { scheme = fancy }
    static T { scheme = black }
}

fn main() {}
