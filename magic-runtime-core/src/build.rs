//! What every builder shares: stopping the build with a step's message,
//! and reading back the tables the proc-macro emits as bytes.

use crate::Message;

/// The value of a builder step; in const evaluation, a failed step stops
/// the build with its message.
#[inline(always)]
pub(crate) const fn built<T: Copy>(result: Result<T, Message>) -> T {
    match result {
        Ok(value) => value,
        Err(message) => message.panic(),
    }
}

/// Magics, bits or offsets a builder does not take.
pub(crate) const NONE_U8: [u8; 64] = [0; 64];
pub(crate) const NONE_U32: [u32; 64] = [0; 64];

/// For `magic_tables!` only: the tables it emits, filled and checked while
/// it ran, as little-endian bytes.
#[doc(hidden)]
pub mod __private {
    /// `N` entries from their `8 * N` little-endian bytes.
    pub const fn u64s_from_le_bytes<const N: usize>(bytes: &[u8]) -> [u64; N] {
        assert!(
            bytes.len() == N * 8,
            "the table's bytes do not match its length"
        );
        // SAFETY: `bytes` holds the `N * 8` bytes read, every bit pattern
        // is a `u64`, and the read needs no alignment.
        let entries = unsafe { bytes.as_ptr().cast::<[u64; N]>().read_unaligned() };
        // Const evaluation copies the array on every call it passes
        // through: skip the conversion where it is the identity.
        match cfg!(target_endian = "big") {
            true => u64s_from_le(entries),
            false => entries,
        }
    }

    /// `N` entries from their `2 * N` little-endian bytes.
    pub const fn u16s_from_le_bytes<const N: usize>(bytes: &[u8]) -> [u16; N] {
        assert!(
            bytes.len() == N * 2,
            "the table's bytes do not match its length"
        );
        // SAFETY: as for `u64s_from_le_bytes`.
        let entries = unsafe { bytes.as_ptr().cast::<[u16; N]>().read_unaligned() };
        match cfg!(target_endian = "big") {
            true => u16s_from_le(entries),
            false => entries,
        }
    }

    /// `N` bytes.
    pub const fn u8s<const N: usize>(bytes: &[u8]) -> [u8; N] {
        assert!(
            bytes.len() == N,
            "the table's bytes do not match its length"
        );
        // SAFETY: `bytes` holds the `N` bytes read.
        unsafe { bytes.as_ptr().cast::<[u8; N]>().read() }
    }

    /// Entries read from their little-endian bytes as the target's own.
    const fn u64s_from_le<const N: usize>(mut entries: [u64; N]) -> [u64; N] {
        if cfg!(target_endian = "big") {
            let mut i = 0;
            while i < N {
                entries[i] = u64::from_le(entries[i]);
                i += 1;
            }
        }
        entries
    }

    /// Entries read from their little-endian bytes as the target's own.
    const fn u16s_from_le<const N: usize>(mut entries: [u16; N]) -> [u16; N] {
        if cfg!(target_endian = "big") {
            let mut i = 0;
            while i < N {
                entries[i] = u16::from_le(entries[i]);
                i += 1;
            }
        }
        entries
    }
}

/// The builders of a table type: `new`, which fills and checks the table
/// during const evaluation, and `__from_table`, which takes the table
/// `magic_tables!` filled and checked with the same code. Both build the
/// layout from the same arguments, whose form is the scheme's
/// [`Builder`](magic_core::Builder): `bits` (magics and bits), `magics`
/// (magics alone) or `offsets` (magics and offsets).
///
/// `fill: |layout, length, table| ...` fills `table` (made by `init`);
/// `assemble(layout, table)` makes the value; `extra` is a second table
/// that `new` makes and `__from_table` takes.
macro_rules! builders {
    (
        $(#[$new_doc:meta])*
        impl $name:ident $(<$n:ident>)? for $scheme:expr, $args:ident;
        table: [$slot:ty; $len:expr] = $init:expr;
        fill: |$layout:ident, $length:ident, $table:ident| $fill:expr;
        $(extra: $extra:ident: $extra_ty:ty = $extra_make:expr;)?
    ) => {
        impl$(<const $n: usize>)? $name$(<$n>)? {
            $crate::build::builders!(@fns $args, $scheme, [$(#[$new_doc])*],
                [$slot; $len], $init, |$layout, $length, $table| $fill,
                [$($extra: $extra_ty = $extra_make)?]);
        }
    };
    (@fns bits, $($rest:tt)*) => {
        $crate::build::builders!(@make $($rest)*,
            (rook_magics: &[u64; 64], rook_bits: &[u8; 64], bishop_magics: &[u64; 64], bishop_bits: &[u8; 64]),
            (rook_magics, rook_bits, bishop_magics, bishop_bits),
            ([rook_magics, bishop_magics], [rook_bits, bishop_bits], [&$crate::build::NONE_U32; 2]));
    };
    (@fns magics, $($rest:tt)*) => {
        $crate::build::builders!(@make $($rest)*,
            (rook_magics: &[u64; 64], bishop_magics: &[u64; 64]),
            (rook_magics, bishop_magics),
            ([rook_magics, bishop_magics], [&$crate::build::NONE_U8; 2], [&$crate::build::NONE_U32; 2]));
    };
    (@fns offsets, $($rest:tt)*) => {
        $crate::build::builders!(@make $($rest)*,
            (rook_magics: &[u64; 64], rook_offsets: &[u32; 64], bishop_magics: &[u64; 64], bishop_offsets: &[u32; 64]),
            (rook_magics, rook_offsets, bishop_magics, bishop_offsets),
            ([rook_magics, bishop_magics], [&$crate::build::NONE_U8; 2], [rook_offsets, bishop_offsets]));
    };
    (@make $scheme:expr, [$($new_doc:tt)*], [$slot:ty; $len:expr], $init:expr,
        |$layout:ident, $length:ident, $table:ident| $fill:expr,
        [$($extra:ident: $extra_ty:ty = $extra_make:expr)?],
        ($($param:ident: $ty:ty),*), ($($arg:ident),*), ($magics:expr, $bits:expr, $offsets:expr)) => {
        $($new_doc)*
        pub const fn new($($param: $ty),*) -> Self {
            let ($layout, $length) = Self::layout($($arg),*);
            let mut $table: [$slot; $len] = $init;
            $crate::build::built($fill);
            $(let $extra: $extra_ty = $extra_make;)?
            Self::assemble($layout, $table $(, $extra)?)
        }

        /// For `magic_tables!`, which fills and checks the table while it
        /// runs: the tables from the builder's arguments and the filled
        /// table.
        ///
        /// # Safety
        ///
        /// `table` must be what [`Self::new`] fills from the same arguments.
        #[doc(hidden)]
        pub const unsafe fn __from_table($($param: $ty,)* $table: [$slot; $len] $(, $extra: $extra_ty)?) -> Self {
            Self::assemble(Self::layout($($arg),*).0, $table $(, $extra)?)
        }

        const fn layout($($param: $ty),*) -> (magic_core::Layout, magic_core::Length) {
            $crate::build::built(magic_core::layout_of($scheme, $magics, $bits, $offsets))
        }
    };
}
pub(crate) use builders;
