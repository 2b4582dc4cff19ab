//! The slider tables of every scheme of the workspace, from `magic_tables!`,
//! and the same generator run on each.

use magic_runtime::{default_bits, magic_tables, sets, FancyTables, Piece, DEFAULT_FANCY_LEN};

magic_tables! {
    /// Fancy magics.
    pub static FANCY { scheme = fancy }
    /// Plain magics.
    pub static PLAIN { scheme = plain }
    /// Fancy magics with the shift in the magic.
    pub static SHIFT_IN_MAGIC { scheme = shift_in_magic }
    /// Hansen's shared tables.
    pub static SHARED { scheme = shared }
    /// Fixed-shift magics (Annuss's published set).
    pub static FIXED_SHIFT { scheme = fixed_shift }
    /// Black magics (Annuss and Fiekas's published set).
    pub static BLACK { scheme = black }
    /// Offsets in the magic.
    pub static OFFSET_IN_MAGIC { scheme = offset_in_magic }
    /// Byte lookup.
    pub static BYTE_LOOKUP { scheme = byte_lookup }
    /// 32-bit magics.
    pub static MAGIC32 { scheme = magic32 }
    /// PEXT.
    pub static PEXT { scheme = pext }
    /// PEXT with PDEP-compressed entries.
    pub static PEXT_PDEP { scheme = pext_pdep }
    /// PEXT by lines: a rook's rank and file apart.
    pub static PEXT_LINES { scheme = pext_lines }
    /// Hyperbola Quintessence.
    pub static HYPERBOLA { scheme = hyperbola }
}

/// Fancy tables from the const builder and hard-coded magics (the shipped
/// set), as an engine with magics of its own would build them.
pub static FANCY_CONST_BUILDER: FancyTables<DEFAULT_FANCY_LEN> = FancyTables::new(
    &sets::FANCY_ROOK,
    &default_bits(Piece::Rook),
    &sets::FANCY_BISHOP,
    &default_bits(Piece::Bishop),
);

/// Every scheme's name, as `magic_tables!` spells it, and
/// `fancy_const_builder` for [`FANCY_CONST_BUILDER`].
///
/// ```
/// assert_eq!(magic_perft::SCHEMES.len(), 14);
/// ```
pub const SCHEMES: [&str; 14] = [
    "fancy",
    "plain",
    "shift_in_magic",
    "shared",
    "fixed_shift",
    "black",
    "offset_in_magic",
    "byte_lookup",
    "magic32",
    "pext",
    "pext_pdep",
    "pext_lines",
    "hyperbola",
    "fancy_const_builder",
];

/// Runs `f` with the tables of the scheme called `name`, monomorphised for
/// each scheme, so the generator is compiled once per table type.
///
/// ```
/// use magic_perft::{perft, with_scheme, Position};
/// let n = with_scheme!("black", |tables| perft(&Position::startpos(), 2, tables));
/// assert_eq!(n, Some(400));
/// ```
#[macro_export]
macro_rules! with_scheme {
    ($name:expr, |$tables:ident| $body:expr) => {{
        use $crate::schemes::*;
        match $name {
            "fancy" => Some({
                let $tables = &FANCY;
                $body
            }),
            "plain" => Some({
                let $tables = &PLAIN;
                $body
            }),
            "shift_in_magic" => Some({
                let $tables = &SHIFT_IN_MAGIC;
                $body
            }),
            "shared" => Some({
                let $tables = &SHARED;
                $body
            }),
            "fixed_shift" => Some({
                let $tables = &FIXED_SHIFT;
                $body
            }),
            "black" => Some({
                let $tables = &BLACK;
                $body
            }),
            "offset_in_magic" => Some({
                let $tables = &OFFSET_IN_MAGIC;
                $body
            }),
            "byte_lookup" => Some({
                let $tables = &BYTE_LOOKUP;
                $body
            }),
            "magic32" => Some({
                let $tables = &MAGIC32;
                $body
            }),
            "pext" => Some({
                let $tables = &PEXT;
                $body
            }),
            "pext_pdep" => Some({
                let $tables = &PEXT_PDEP;
                $body
            }),
            "pext_lines" => Some({
                let $tables = &PEXT_LINES;
                $body
            }),
            "hyperbola" => Some({
                let $tables = &HYPERBOLA;
                $body
            }),
            "fancy_const_builder" => Some({
                let $tables = &FANCY_CONST_BUILDER;
                $body
            }),
            _ => None,
        }
    }};
}
