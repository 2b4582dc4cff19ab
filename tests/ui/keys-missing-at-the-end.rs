use magic_runtime::magic_tables;

magic_tables! {
    static ROOKS { scheme = fancy }
    static BISHOPS
}

fn main() {}
