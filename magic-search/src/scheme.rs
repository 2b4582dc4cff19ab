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
    /// Fixed shift, overlapping sub-tables (`FixedShiftTables`).
    FixedShift,
    /// Black magics, overlapping sub-tables (`BlackMagicTables`).
    Black,
    /// Fixed shift with the offset in the magic's low 16 bits (`OffsetInMagicTables`).
    OffsetInMagic,
    /// A byte per hashed occupancy into the distinct attack sets (`ByteLookupTables`).
    ByteLookup,
    /// 32-bit magics (`Magic32Tables`).
    Magic32,
    /// BMI2 PEXT index, `u64` entries (`PextTables`).
    Pext,
    /// BMI2 PEXT index, `u16` entries expanded with PDEP (`PextPdepTables`).
    PextPdep,
    /// Hyperbola Quintessence, no tables (`Hyperbola`).
    Hyperbola,
}

impl Scheme {
    /// Every scheme, in the order the documentation lists them.
    ///
    /// ```
    /// assert_eq!(magic_search::Scheme::ALL.len(), 12);
    /// ```
    pub const ALL: [Scheme; 12] = [
        Scheme::Fancy,
        Scheme::Plain,
        Scheme::ShiftInMagic,
        Scheme::Shared,
        Scheme::FixedShift,
        Scheme::Black,
        Scheme::OffsetInMagic,
        Scheme::ByteLookup,
        Scheme::Magic32,
        Scheme::Pext,
        Scheme::PextPdep,
        Scheme::Hyperbola,
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
            Scheme::FixedShift => "fixed_shift",
            Scheme::Black => "black",
            Scheme::OffsetInMagic => "offset_in_magic",
            Scheme::ByteLookup => "byte_lookup",
            Scheme::Magic32 => "magic32",
            Scheme::Pext => "pext",
            Scheme::PextPdep => "pext_pdep",
            Scheme::Hyperbola => "hyperbola",
        }
    }

    /// The `magic-runtime` type of the scheme's tables.
    ///
    /// ```
    /// assert_eq!(magic_search::Scheme::Black.type_name(), "BlackMagicTables");
    /// ```
    pub const fn type_name(self) -> &'static str {
        match self {
            Scheme::Fancy => "FancyTables",
            Scheme::Plain => "PlainTables",
            Scheme::ShiftInMagic => "ShiftInMagicTables",
            Scheme::Shared => "SharedTables",
            Scheme::FixedShift => "FixedShiftTables",
            Scheme::Black => "BlackMagicTables",
            Scheme::OffsetInMagic => "OffsetInMagicTables",
            Scheme::ByteLookup => "ByteLookupTables",
            Scheme::Magic32 => "Magic32Tables",
            Scheme::Pext => "PextTables",
            Scheme::PextPdep => "PextPdepTables",
            Scheme::Hyperbola => "Hyperbola",
        }
    }

    /// Whether the scheme uses magics at all (PEXT and Hyperbola
    /// Quintessence do not).
    ///
    /// ```
    /// assert!(!magic_search::Scheme::Pext.has_magics());
    /// ```
    pub const fn has_magics(self) -> bool {
        !matches!(self, Scheme::Pext | Scheme::PextPdep | Scheme::Hyperbola)
    }

    /// The hash the scheme's magics are for.
    ///
    /// ```
    /// use magic_search::{Hash, Scheme};
    /// assert_eq!(Scheme::Magic32.hash(), Hash::Split32);
    /// ```
    pub const fn hash(self) -> crate::Hash {
        match self {
            Scheme::Black => crate::Hash::Black,
            Scheme::Magic32 => crate::Hash::Split32,
            _ => crate::Hash::Multiply,
        }
    }

    /// Whether the magics carry their shift in the upper six bits.
    ///
    /// ```
    /// assert!(magic_search::Scheme::Shared.shift_in_magic());
    /// ```
    pub const fn shift_in_magic(self) -> bool {
        matches!(self, Scheme::ShiftInMagic | Scheme::Shared)
    }

    /// Whether the index bits of each square can be chosen.
    ///
    /// ```
    /// assert!(!magic_search::Scheme::Plain.has_per_square_bits());
    /// ```
    pub const fn has_per_square_bits(self) -> bool {
        matches!(
            self,
            Scheme::Fancy
                | Scheme::ShiftInMagic
                | Scheme::Shared
                | Scheme::ByteLookup
                | Scheme::Magic32
        )
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
/// assert!("purple".parse::<magic_search::Scheme>().is_err());
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
