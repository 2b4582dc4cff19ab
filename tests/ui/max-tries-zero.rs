use magic_runtime::magic_tables;

magic_tables! {
    static T { max_tries = 0 }
}

fn main() {}
