//! The per-square loop every table type's entries come from.

/// One entry per square of a layout, made by `$make` from the piece index
/// `$p`, the square `$sq` and its hash `$h`: the per-square loop every
/// table type's entries come from.
macro_rules! entries_of {
    ($layout:expr, |$p:ident, $sq:ident, $h:ident| $make:expr) => {{
        let layout = &$layout;
        let mut squares = {
            let ($p, $sq, $h) = (0usize, 0usize, layout[0][0]);
            [[$make; 64]; 2]
        };
        let mut $p = 0;
        while $p < 2 {
            let mut $sq = 0;
            while $sq < 64 {
                let $h = layout[$p][$sq];
                squares[$p][$sq] = $make;
                $sq += 1;
            }
            $p += 1;
        }
        squares
    }};
}
pub(crate) use entries_of;
