use magic_runtime::magic_tables;

magic_tables! {
    static T { sheme = fancy }
}

fn main() {}
