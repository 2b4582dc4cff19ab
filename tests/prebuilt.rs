//! With magic-runtime's `prebuilt-*` features (on by default; this crate's
//! default `prebuilt` feature turns them all on), a table of a scheme's
//! shipped set is the static `magic_runtime::prebuilt` holds, and any other
//! table is still emitted by the macro. Without the feature there is
//! nothing to compare.
#![cfg(feature = "prebuilt")]

use magic_runtime::{magic_tables, prebuilt};

magic_tables! {
    static FANCY { scheme = fancy }
    static PLAIN { scheme = plain }
    static SHIFT_IN_MAGIC { scheme = shift_in_magic }
    static SHARED { scheme = shared }
    static FIXED_SHIFT { scheme = fixed_shift }
    static BLACK { scheme = black }
    static OFFSET_IN_MAGIC { scheme = offset_in_magic }
    static BYTE_LOOKUP { scheme = byte_lookup }
    static MAGIC32 { scheme = magic32 }
    static PEXT { scheme = pext }
    static PEXT_PDEP { scheme = pext_pdep }
    static PEXT_LINES { scheme = pext_lines }
    /// Another seed, other bits, another named set: searched or emitted.
    static FANCY_SEEDED { scheme = fancy, seed = 3 }
    static PLAIN_SEEDED { scheme = plain, seed = 77 }
    static MAGIC32_BITS { scheme = magic32, rook_bits = 12 }
    static BLACK_REPACKED { scheme = black, set = repacked }
    static FIXED_SHIFT_REPACKED { scheme = fixed_shift, set = repacked }
}

/// Whether two statics are one, whatever their types.
fn same<A, B>(a: &A, b: &B) -> bool {
    core::ptr::eq(a as *const A as *const u8, b as *const B as *const u8)
}

#[test]
fn shipped_set_tables_are_the_prebuilt_statics() {
    assert!(same(&FANCY, &prebuilt::FANCY));
    assert!(same(&PLAIN, &prebuilt::PLAIN));
    assert!(same(&SHIFT_IN_MAGIC, &prebuilt::SHIFT_IN_MAGIC));
    assert!(same(&SHARED, &prebuilt::SHARED));
    assert!(same(&FIXED_SHIFT, &prebuilt::FIXED_SHIFT));
    assert!(same(&BLACK, &prebuilt::BLACK));
    assert!(same(&OFFSET_IN_MAGIC, &prebuilt::OFFSET_IN_MAGIC));
    assert!(same(&BYTE_LOOKUP, &prebuilt::BYTE_LOOKUP));
    assert!(same(&MAGIC32, &prebuilt::MAGIC32));
    assert!(same(&PEXT, &prebuilt::PEXT));
    assert!(same(&PEXT_PDEP, &prebuilt::PEXT_PDEP));
    assert!(same(&PEXT_LINES, &prebuilt::PEXT_LINES));
}

#[test]
fn other_tables_are_emitted() {
    assert!(!same(&FANCY_SEEDED, &prebuilt::FANCY));
    assert!(!same(&PLAIN_SEEDED, &prebuilt::PLAIN));
    assert!(!same(&MAGIC32_BITS, &prebuilt::MAGIC32));
    assert!(!same(&BLACK_REPACKED, &prebuilt::BLACK));
    assert!(!same(&FIXED_SHIFT_REPACKED, &prebuilt::FIXED_SHIFT));
    // Emitted, they are tables of their own magics.
    assert_ne!(
        FANCY_SEEDED.magic(magic_runtime::Piece::Rook, 0),
        FANCY.magic(magic_runtime::Piece::Rook, 0)
    );
    assert_eq!(PLAIN_SEEDED.rook(0, 0), PLAIN.rook(0, 0));
}
