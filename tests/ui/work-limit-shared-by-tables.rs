// One invocation's tables share its bound on work: the tenth seeded
// shared table passes it, and another invocation would have its own.
magic_runtime::magic_tables! {
    static T1 { scheme = shared, seed = 1 }
    static T2 { scheme = shared, seed = 2 }
    static T3 { scheme = shared, seed = 3 }
    static T4 { scheme = shared, seed = 4 }
    static T5 { scheme = shared, seed = 5 }
    static T6 { scheme = shared, seed = 6 }
    static T7 { scheme = shared, seed = 7 }
    static T8 { scheme = shared, seed = 8 }
    static T9 { scheme = shared, seed = 9 }
    static T10 { scheme = shared, seed = 10 }
}

fn main() {}
