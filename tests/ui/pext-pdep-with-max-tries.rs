use magic_runtime::magic_tables;

magic_tables! {
    static T { scheme = pext_pdep, max_tries = 10 }
}

fn main() {}
