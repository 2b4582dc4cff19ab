//! The table schemes a set of magics can be searched for.

use crate::fill::Slots;
use crate::geometry::{default_bits, Piece};
use crate::hash::Hash;
use crate::lines::LINES_ROOK_BITS;
use crate::sizes::{FIXED_BISHOP_BITS, FIXED_ROOK_BITS};
use core::fmt;
use core::str::FromStr;

/// A way to index the attack tables; each has a table type in
/// `magic-runtime` and a `const fn` builder that takes [`Scheme::builder`].
///
/// ```
/// use magic_core::Scheme;
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
    /// BMI2 PEXT index, a rook's rank and file looked up apart (`PextLinesTables`).
    PextLines,
    /// Hyperbola Quintessence, no tables (`Hyperbola`).
    Hyperbola,
}

impl Scheme {
    /// Every scheme, in the order the documentation lists them.
    ///
    /// ```
    /// assert_eq!(magic_core::Scheme::ALL.len(), 13);
    /// ```
    pub const ALL: [Scheme; 13] = [
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
        Scheme::PextLines,
        Scheme::Hyperbola,
    ];

    /// The name used by `scheme = ...` and the command line.
    ///
    /// ```
    /// assert_eq!(magic_core::Scheme::Shared.name(), "shared");
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
            Scheme::PextLines => "pext_lines",
            Scheme::Hyperbola => "hyperbola",
        }
    }

    /// The `magic-runtime` type of the scheme's tables.
    ///
    /// ```
    /// assert_eq!(magic_core::Scheme::Black.type_name(), "BlackMagicTables");
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
            Scheme::PextLines => "PextLinesTables",
            Scheme::Hyperbola => "Hyperbola",
        }
    }

    /// Whether the scheme uses magics at all (PEXT and Hyperbola
    /// Quintessence do not).
    ///
    /// ```
    /// assert!(!magic_core::Scheme::Pext.has_magics());
    /// ```
    pub const fn has_magics(self) -> bool {
        !matches!(
            self,
            Scheme::Pext | Scheme::PextPdep | Scheme::PextLines | Scheme::Hyperbola
        )
    }

    /// The hash the scheme's magics are for.
    ///
    /// ```
    /// use magic_core::{Hash, Scheme};
    /// assert_eq!(Scheme::Magic32.hash(), Hash::Split32);
    /// ```
    pub const fn hash(self) -> Hash {
        match self {
            Scheme::Black => Hash::Black,
            Scheme::Magic32 => Hash::Split32,
            Scheme::Pext | Scheme::PextPdep | Scheme::PextLines => Hash::Pext,
            _ => Hash::Multiply,
        }
    }

    /// What the scheme's table holds in each slot.
    pub const fn slots(self) -> Slots {
        match self {
            Scheme::Shared => Slots::PostMasked,
            Scheme::ByteLookup => Slots::PatternBytes,
            Scheme::PextPdep => Slots::Compressed,
            Scheme::PextLines => Slots::Lines,
            _ => Slots::Attacks,
        }
    }

    /// What the scheme's `const fn` builder takes.
    ///
    /// ```
    /// use magic_core::{Builder, Scheme};
    /// assert_eq!(Scheme::Fancy.builder(), Builder::MagicsAndBits);
    /// assert_eq!(Scheme::Black.builder(), Builder::MagicsAndOffsets);
    /// ```
    pub const fn builder(self) -> Builder {
        match self {
            Scheme::Fancy | Scheme::ByteLookup | Scheme::Magic32 => Builder::MagicsAndBits,
            Scheme::Plain | Scheme::ShiftInMagic | Scheme::OffsetInMagic => Builder::Magics,
            Scheme::Shared | Scheme::FixedShift | Scheme::Black => Builder::MagicsAndOffsets,
            Scheme::Pext | Scheme::PextPdep | Scheme::PextLines => Builder::Nothing,
            Scheme::Hyperbola => Builder::UnitStruct,
        }
    }

    /// Whether the table type takes its length as a const parameter
    /// (`FancyTables<N>`); the others have a fixed length.
    ///
    /// ```
    /// assert!(magic_core::Scheme::Fancy.has_length_parameter());
    /// assert!(!magic_core::Scheme::Plain.has_length_parameter());
    /// ```
    pub const fn has_length_parameter(self) -> bool {
        !matches!(
            self,
            Scheme::Plain | Scheme::Pext | Scheme::PextPdep | Scheme::PextLines | Scheme::Hyperbola
        )
    }

    /// The default index bits of each square: the popcount of its relevant
    /// mask, or 12 and 9 everywhere for the fixed-shift schemes; for
    /// `pext_lines`, 7 for every rook (its two line sub-tables of 64 slots).
    ///
    /// ```
    /// use magic_core::Scheme;
    /// assert_eq!(Scheme::Plain.default_bits()[0][27], 12);
    /// assert_eq!(Scheme::Fancy.default_bits()[0][27], 10);
    /// ```
    pub const fn default_bits(self) -> [[u8; 64]; 2] {
        match self {
            Scheme::Plain | Scheme::FixedShift | Scheme::Black | Scheme::OffsetInMagic => {
                [[FIXED_ROOK_BITS as u8; 64], [FIXED_BISHOP_BITS as u8; 64]]
            }
            Scheme::PextLines => [[LINES_ROOK_BITS as u8; 64], default_bits(Piece::Bishop)],
            _ => [default_bits(Piece::Rook), default_bits(Piece::Bishop)],
        }
    }

    /// Whether the magics carry their shift in the upper six bits.
    ///
    /// ```
    /// assert!(magic_core::Scheme::Shared.shift_in_magic());
    /// ```
    pub const fn shift_in_magic(self) -> bool {
        matches!(self, Scheme::ShiftInMagic | Scheme::Shared)
    }

    /// Whether the index bits of each square can be chosen.
    ///
    /// ```
    /// assert!(!magic_core::Scheme::Plain.has_per_square_bits());
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
/// assert!("purple".parse::<magic_core::Scheme>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UnknownScheme;

impl fmt::Display for UnknownScheme {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("unknown scheme; use one of: ")?;
        for (i, scheme) in Scheme::ALL.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            f.write_str(scheme.name())?;
        }
        Ok(())
    }
}

impl core::error::Error for UnknownScheme {}

/// The arguments of a scheme's `const fn` builder, after the table type.
///
/// ```
/// use magic_core::{Builder, Scheme};
/// let takes_bits = Scheme::ALL.iter().filter(|s| s.builder() == Builder::MagicsAndBits);
/// assert_eq!(takes_bits.count(), 3);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Builder {
    /// `new(&rook_magics, &rook_bits, &bishop_magics, &bishop_bits)`.
    MagicsAndBits,
    /// `new(&rook_magics, &bishop_magics)`: bits fixed, or in the magics.
    Magics,
    /// `new(&rook_magics, &rook_offsets, &bishop_magics, &bishop_offsets)`.
    MagicsAndOffsets,
    /// `new()`: nothing to choose.
    Nothing,
    /// A unit struct, no builder.
    UnitStruct,
}
