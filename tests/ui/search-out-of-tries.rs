use magic_runtime::magic_tables;

// At the most bits a square can have, the advice is more tries; the caret
// is on the bound.
magic_tables! {
    static T { seed = 1, max_tries = 1000 }
}

fn main() {}
