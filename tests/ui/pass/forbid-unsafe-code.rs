// A crate that forbids unsafe code can still hold tables: the expansion's
// one unsafe call comes from the macro.
#![forbid(unsafe_code)]

magic_runtime::magic_tables! {
    static SLIDERS { scheme = black }
}

fn main() {
    assert_eq!(SLIDERS.rook(0, 0).count_ones(), 14);
}
