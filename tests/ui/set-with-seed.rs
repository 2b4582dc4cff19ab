use magic_runtime::magic_tables;

magic_tables! {
    static SLIDERS { set = dense, seed = 1 }
}

fn main() {}
