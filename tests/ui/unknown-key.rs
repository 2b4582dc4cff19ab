use magic_runtime::magic_tables;

magic_tables! {
    static T { scheme = fancy, colour = white }
}

fn main() {}
