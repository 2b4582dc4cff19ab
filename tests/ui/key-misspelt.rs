use magic_runtime::magic_tables;

magic_tables! {
    static SLIDERS { scheme = fancy, rookbits = 11 }
}

fn main() {}
