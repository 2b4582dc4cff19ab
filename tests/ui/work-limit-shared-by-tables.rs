// One invocation's tables share its bound on work: the eleventh seeded
// packed table passes it, and another invocation would have its own.
magic_runtime::magic_tables! {
    static T1 { scheme = black, seed = 1 }
    static T2 { scheme = fixed_shift, seed = 2 }
    static T3 { scheme = black, seed = 3 }
    static T4 { scheme = fixed_shift, seed = 4 }
    static T5 { scheme = black, seed = 5 }
    static T6 { scheme = fixed_shift, seed = 6 }
    static T7 { scheme = black, seed = 7 }
    static T8 { scheme = fixed_shift, seed = 8 }
    static T9 { scheme = black, seed = 9 }
    static T10 { scheme = fixed_shift, seed = 10 }
    static T11 { scheme = black, seed = 11 }
}

fn main() {}
