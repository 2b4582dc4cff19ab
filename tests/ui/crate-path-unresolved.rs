// The expansion names the table types through `crate = ...`, so a path that
// does not lead to magic_runtime fails there.
magic_runtime::magic_tables! {
    static T { scheme = black, crate = nowhere::magic_runtime }
}

fn main() {}
