//! What a lookup reads per square: declared once per scheme as a struct of
//! fields, stored as one array per field.

/// Declares `$entry`, the fields a lookup reads for one square, and
/// `$entries`, where they are kept: one `[[T; 64]; 2]` array per field,
/// indexed by piece and square.
///
/// One array per field rather than one array of structs: each field is then
/// a load at `array + 8 * square` (or 4), an address the instruction forms
/// by itself, where a struct of 24 bytes first needs the square multiplied
/// by 3. Independent lookups run a tenth to a fifth faster for it
/// (BENCHMARKS.md, "Lookup speed").
macro_rules! square_entries {
    (
        $(#[$doc:meta])*
        $vis:vis struct $entry:ident in $entries:ident {
            $($(#[$fdoc:meta])* $field:ident: $ty:ty,)*
        }
    ) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug)]
        $vis struct $entry {
            $($(#[$fdoc])* $field: $ty,)*
        }

        /// Every square's entry, one array per field: `[piece][square]`.
        #[derive(Clone, Debug)]
        $vis struct $entries {
            $($field: [[$ty; 64]; 2],)*
        }

        impl $entries {
            /// The arrays of these entries.
            $vis const fn of(squares: &[[$entry; 64]; 2]) -> Self {
                let mut entries = $entries {
                    $($field: [[squares[0][0].$field; 64]; 2],)*
                };
                let mut p = 0;
                while p < 2 {
                    let mut sq = 0;
                    while sq < 64 {
                        $(entries.$field[p][sq] = squares[p][sq].$field;)*
                        sq += 1;
                    }
                    p += 1;
                }
                entries
            }

            /// The entry of `piece` (0 rook, 1 bishop) on `sq`. Squares of
            /// 64 and more panic.
            #[inline(always)]
            $vis const fn at(&self, piece: usize, sq: usize) -> $entry {
                $entry {
                    $($field: self.$field[piece][sq],)*
                }
            }
        }
    };
}
pub(crate) use square_entries;

/// The `$entries` of a layout, each square's entry made by `$make` from
/// the piece index `$p`, the square `$sq` and its hash `$h`: the
/// per-square loop every table type's entries come from.
macro_rules! entries_of {
    ($entries:ident, $layout:expr, |$p:ident, $sq:ident, $h:ident| $make:expr) => {{
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
        $entries::of(&squares)
    }};
}
pub(crate) use entries_of;
