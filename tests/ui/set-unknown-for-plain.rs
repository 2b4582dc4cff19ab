use magic_runtime::magic_tables;

magic_tables! {
    static SLIDERS { scheme = plain, set = fastest }
}

fn main() {}
