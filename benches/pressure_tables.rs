//! The tables measured under cache pressure, by the benchmark and by the
//! cache-simulator run alike.

use magic_runtime::magic_tables;

magic_tables! {
    /// `fancy`, default magics.
    pub static FANCY { scheme = fancy }
    /// `fancy`, the best known magics.
    pub static BEST_FANCY { scheme = fancy, set = best }
    /// `plain`.
    pub static PLAIN { scheme = plain }
    /// `shared`, the best known magics.
    pub static BEST_SHARED { scheme = shared, set = best }
    /// `fixed_shift`, the published set.
    pub static FIXED_SHIFT { scheme = fixed_shift }
    /// `black`, the published set.
    pub static BLACK { scheme = black }
    /// `byte_lookup`, the best known magics.
    pub static BEST_BYTE_LOOKUP { scheme = byte_lookup, set = best }
    /// `pext`.
    pub static PEXT { scheme = pext }
    /// `pext_pdep`.
    pub static PEXT_PDEP { scheme = pext_pdep }
    /// `pext_lines`.
    pub static PEXT_LINES { scheme = pext_lines }
    /// `hyperbola`.
    pub static HYPERBOLA { scheme = hyperbola }
}
