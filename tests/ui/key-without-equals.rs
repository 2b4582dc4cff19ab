magic_runtime::magic_tables! {
    static T { scheme fancy }
}

fn main() {}
