use magic_runtime::magic_tables;

magic_tables! {
    pub static SLIDERS { scheme = "black" }
}

fn main() {}
