// One invocation's tables share its bound on work, searches and the const
// builder's fills alike (a fill no longer counted is emitted as bytes):
// the fifth seeded shared table passes it, and another invocation would
// have its own.
magic_runtime::magic_tables! {
    static T1 { scheme = shared, seed = 1 }
    static T2 { scheme = shared, seed = 2 }
    static T3 { scheme = shared, seed = 3 }
    static T4 { scheme = shared, seed = 4 }
    static T5 { scheme = shared, seed = 5 }
}

fn main() {}
