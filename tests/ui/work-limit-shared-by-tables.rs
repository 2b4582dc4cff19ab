// One invocation's tables share its bound on work, searches and the const
// builder's fills alike: the fourth seeded shared table passes it, and
// another invocation would have its own.
magic_runtime::magic_tables! {
    static T1 { scheme = shared, seed = 1 }
    static T2 { scheme = shared, seed = 2 }
    static T3 { scheme = shared, seed = 3 }
    static T4 { scheme = shared, seed = 4 }
}

fn main() {}
