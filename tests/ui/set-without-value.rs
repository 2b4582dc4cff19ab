magic_runtime::magic_tables! {
    static T { set =, scheme = fancy }
}

fn main() {}
