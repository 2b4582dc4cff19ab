use magic_runtime::magic_tables;

magic_tables! {
    static SLIDERS { set = sparse }
}

fn main() {}
