use magic_runtime::magic_tables;

magic_tables! {
    static T { scheme = pext, seed = 1 }
}

fn main() {}
