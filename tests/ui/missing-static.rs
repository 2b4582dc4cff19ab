use magic_runtime::magic_tables;

magic_tables! {
    pub T { scheme = fancy }
}

fn main() {}
