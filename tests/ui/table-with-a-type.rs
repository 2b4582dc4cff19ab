use magic_runtime::magic_tables;

magic_tables! {
    pub static SLIDERS: u64 { scheme = fancy }
}

fn main() {}
