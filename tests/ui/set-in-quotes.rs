use magic_runtime::magic_tables;

magic_tables! {
    pub static SLIDERS { scheme = fancy, set = "best" }
}

fn main() {}
