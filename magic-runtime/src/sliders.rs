//! The lookup interface shared by every table type.

/// Rook, bishop and queen attacks from a square and an occupancy.
///
/// Every table type of this crate implements it, so an engine can be generic
/// over the scheme. Each type also has the same three lookups as inherent
/// `const fn`s, usable in `const` context.
///
/// ```
/// use magic_runtime::{attacks_by_ray_walk, Piece, Sliders};
///
/// fn mobility<S: Sliders>(tables: &S, sq: usize, occ: u64) -> u32 {
///     tables.queen(sq, occ).count_ones()
/// }
///
/// /// The reference ray walk, as a (slow) table type of its own.
/// struct RayWalk;
/// impl Sliders for RayWalk {
///     fn rook(&self, sq: usize, occ: u64) -> u64 { attacks_by_ray_walk(Piece::Rook, sq, occ) }
///     fn bishop(&self, sq: usize, occ: u64) -> u64 { attacks_by_ray_walk(Piece::Bishop, sq, occ) }
/// }
/// assert_eq!(mobility(&RayWalk, 27, 0), 27); // a queen on d4 of an empty board
/// ```
pub trait Sliders {
    /// Rook attacks from `sq` (a1 = 0 ... h8 = 63) given the occupancy `occ`.
    fn rook(&self, sq: usize, occ: u64) -> u64;
    /// Bishop attacks from `sq` given the occupancy `occ`.
    fn bishop(&self, sq: usize, occ: u64) -> u64;
    /// Queen attacks: the union of rook and bishop attacks.
    #[inline(always)]
    fn queen(&self, sq: usize, occ: u64) -> u64 {
        self.rook(sq, occ) | self.bishop(sq, occ)
    }
}

/// Implements [`Sliders`] and the inherent `queen` by delegating to the
/// inherent `rook` and `bishop` of a table type.
macro_rules! impl_sliders {
    (@runtime $ty:ident, $example:literal) => {
        impl $ty {
            /// Queen attacks from `sq` given the occupancy `occ`: rook and
            /// bishop attacks together.
            ///
            /// ```
            /// # use magic_runtime::*;
            #[doc = concat!("let t = ", $example, ";")]
            /// assert_eq!(t.queen(27, 0).count_ones(), 27);
            /// assert_eq!(t.queen(27, !0), 0x1c_141c_0000);
            /// ```
            #[inline(always)]
            pub fn queen(&self, sq: usize, occ: u64) -> u64 {
                self.rook(sq, occ) | self.bishop(sq, occ)
            }
        }

        impl $crate::Sliders for $ty {
            #[inline(always)]
            fn rook(&self, sq: usize, occ: u64) -> u64 {
                $ty::rook(self, sq, occ)
            }
            #[inline(always)]
            fn bishop(&self, sq: usize, occ: u64) -> u64 {
                $ty::bishop(self, sq, occ)
            }
            #[inline(always)]
            fn queen(&self, sq: usize, occ: u64) -> u64 {
                $ty::queen(self, sq, occ)
            }
        }
    };
    ($ty:ident $(<$n:ident>)?, $example:literal) => {
        impl$(<const $n: usize>)? $ty$(<$n>)? {
            /// Queen attacks from `sq` given the occupancy `occ`: rook and
            /// bishop attacks together.
            ///
            /// ```
            /// # use magic_runtime::{sets, default_bits, Piece::*, *};
            #[doc = concat!("let t = ", $example, ";")]
            /// let d4 = 27;
            /// assert_eq!(t.queen(d4, 0).count_ones(), 27);
            /// assert_eq!(t.queen(d4, !0), 0x1c_141c_0000);
            /// ```
            #[inline(always)]
            pub const fn queen(&self, sq: usize, occ: u64) -> u64 {
                self.rook(sq, occ) | self.bishop(sq, occ)
            }
        }

        impl$(<const $n: usize>)? $crate::Sliders for $ty$(<$n>)? {
            #[inline(always)]
            fn rook(&self, sq: usize, occ: u64) -> u64 {
                $ty::rook(self, sq, occ)
            }
            #[inline(always)]
            fn bishop(&self, sq: usize, occ: u64) -> u64 {
                $ty::bishop(self, sq, occ)
            }
            #[inline(always)]
            fn queen(&self, sq: usize, occ: u64) -> u64 {
                $ty::queen(self, sq, occ)
            }
        }
    };
}
pub(crate) use impl_sliders;
