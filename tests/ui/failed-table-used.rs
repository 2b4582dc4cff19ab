// One error for the bad key, none for the uses of the table.
magic_runtime::magic_tables! {
    static T { scheme = fancy, sheme = black }
}

fn main() {
    let attacks = T.rook(0, 0) | T.queen(27, 0);
    assert_ne!(attacks, 0);
}
