// One invocation's tables share its bound on work: the fourth seeded
// packed table passes it, and another invocation would have its own.
magic_runtime::magic_tables! {
    static A { scheme = black, seed = 1 }
    static B { scheme = fixed_shift, seed = 2 }
    static C { scheme = black, seed = 3 }
    static D { scheme = fixed_shift, seed = 4 }
}

fn main() {}
