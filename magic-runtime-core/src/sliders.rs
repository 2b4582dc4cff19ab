//! The lookup interface shared by every table type.

/// Rook, bishop and queen attacks from a square and an occupancy.
///
/// Every table type of this crate implements it, so an engine can be generic
/// over the scheme. Each type also has the same three lookups as inherent
/// functions, `const fn` wherever the lookup can be (all but PEXT).
///
/// ```
/// # use magic_runtime_core as magic_runtime;
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
