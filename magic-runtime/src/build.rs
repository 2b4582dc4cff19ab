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
        u64s_from_le(unsafe { bytes.as_ptr().cast::<[u64; N]>().read_unaligned() })
    }

    /// `N` entries from their `2 * N` little-endian bytes.
    pub const fn u16s_from_le_bytes<const N: usize>(bytes: &[u8]) -> [u16; N] {
        assert!(
            bytes.len() == N * 2,
            "the table's bytes do not match its length"
        );
        // SAFETY: as for `u64s_from_le_bytes`.
        u16s_from_le(unsafe { bytes.as_ptr().cast::<[u16; N]>().read_unaligned() })
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
