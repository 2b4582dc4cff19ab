use magic_runtime::magic_tables;

magic_tables! {
    static mut SLIDERS { scheme = fancy }
}

fn main() {}
