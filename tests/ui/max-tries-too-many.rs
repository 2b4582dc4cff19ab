magic_runtime::magic_tables! {
    static T { seed = 1, max_tries = 18446744073709551615 }
}

fn main() {}
