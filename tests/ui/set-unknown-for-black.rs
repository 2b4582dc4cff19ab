use magic_runtime::magic_tables;

magic_tables! {
    static SLIDERS { scheme = black, set = best_black }
}

fn main() {}
