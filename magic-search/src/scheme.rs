//! The table schemes a set of magics can be searched for.

use core::fmt;
use core::str::FromStr;

/// A way to index the attack tables; each has a table type in
/// `magic-runtime`.
///
/// ```
/// use magic_search::Scheme;
/// assert_eq!("fancy".parse::<Scheme>(), Ok(Scheme::Fancy));
/// assert_eq!(Scheme::ShiftInMagic.to_string(), "shift_in_magic");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Scheme {
    /// Per-square bits and sub-tables (`FancyTables`).
    Fancy,
    /// Fixed shift, 64 x 4,096 + 64 x 512 (`PlainTables`).
    Plain,
    /// Fancy, with the shift in the magic's upper six bits (`ShiftInMagicTables`).
    ShiftInMagic,
    /// Hansen's post-masked shared sub-tables (`SharedTables`).
    Shared,
}

impl Scheme {
    /// Every scheme, in the order the documentation lists them.
    ///
    /// ```
    /// assert_eq!(magic_search::Scheme::ALL.len(), 4);
    /// ```
    pub const ALL: [Scheme; 4] = [
        Scheme::Fancy,
        Scheme::Plain,
        Scheme::ShiftInMagic,
        Scheme::Shared,
    ];

    /// The name used by `scheme = ...` and the command line.
    ///
    /// ```
    /// assert_eq!(magic_search::Scheme::Shared.name(), "shared");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Scheme::Fancy => "fancy",
            Scheme::Plain => "plain",
            Scheme::ShiftInMagic => "shift_in_magic",
            Scheme::Shared => "shared",
        }
    }

    /// Whether the index bits of each square can be chosen.
    ///
    /// ```
    /// assert!(!magic_search::Scheme::Plain.has_per_square_bits());
    /// ```
    pub const fn has_per_square_bits(self) -> bool {
        !matches!(self, Scheme::Plain)
    }
}

impl fmt::Display for Scheme {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Scheme {
    type Err = UnknownScheme;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Scheme::ALL
            .into_iter()
            .find(|scheme| scheme.name() == s)
            .ok_or(UnknownScheme)
    }
}

/// A scheme name that is not one of [`Scheme::ALL`].
///
/// ```
/// assert!("black".parse::<magic_search::Scheme>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UnknownScheme;

impl fmt::Display for UnknownScheme {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = Scheme::ALL.iter().map(|s| s.name()).collect();
        write!(f, "unknown scheme; use one of: {}", names.join(", "))
    }
}

impl std::error::Error for UnknownScheme {}
