use magic_runtime::magic_tables;

magic_tables! {
    
}

fn main() {}
