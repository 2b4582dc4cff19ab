//! Attack sets of a square's occupancies from its four rays, at a few
//! operations each: enumerating every occupancy of every square runs in
//! the unoptimised macro for each seeded set, where walking the rays
//! square by square cost a tenth of the whole search.

use crate::Piece;

/// The four rays of a piece on one square of an empty board: the two that
/// run to higher squares (north and east for a rook, north-east and
/// north-west for a bishop), whose nearest blocker is their lowest
/// occupied square, and the two that run to lower squares, whose nearest
/// blocker is their highest.
pub(crate) struct Rays {
    up: [u64; 2],
    down: [u64; 2],
}

impl Rays {
    /// The rays of `piece` on `sq`.
    pub(crate) fn new(piece: Piece, sq: usize) -> Self {
        let (up, down) = match piece {
            Piece::Rook => ([(0, 1), (1, 0)], [(0, -1), (-1, 0)]),
            Piece::Bishop => ([(1, 1), (-1, 1)], [(1, -1), (-1, -1)]),
        };
        Rays {
            up: up.map(|step| ray(sq, step)),
            down: down.map(|step| ray(sq, step)),
        }
    }

    /// The squares the piece attacks with `occ` occupied: each ray up to
    /// and including its nearest blocker. The same as
    /// [`crate::attacks_by_ray_walk`] (a test checks every square and
    /// relevant occupancy).
    #[inline(always)]
    pub(crate) fn attacks(&self, occ: u64) -> u64 {
        let mut attacks = 0;
        let mut k = 0;
        while k < 2 {
            let (up, down) = (self.up[k], self.down[k]);
            // The lowest blocker and every square below it: shifted out
            // past bit 63, the blocker is the ray's last square and the
            // whole ray is seen.
            let blockers = occ & up;
            let nearest = blockers & blockers.wrapping_neg();
            attacks |= up & (nearest << 1).wrapping_sub(1);
            // The highest blocker and every square above it; none: all.
            let blockers = occ & down;
            let nearest: u64 = if blockers == 0 {
                1
            } else {
                1 << (63 - blockers.leading_zeros())
            };
            attacks |= down & nearest.wrapping_neg();
            k += 1;
        }
        attacks
    }
}

/// The squares from `sq` (not included) to the edge by `(file, rank)`
/// steps.
fn ray(sq: usize, (df, dr): (i32, i32)) -> u64 {
    let (mut f, mut r) = ((sq % 8) as i32 + df, (sq / 8) as i32 + dr);
    let mut squares = 0;
    while (0..8).contains(&f) && (0..8).contains(&r) {
        squares |= 1 << (r * 8 + f);
        f += df;
        r += dr;
    }
    squares
}

#[cfg(test)]
mod tests {
    use super::Rays;
    use crate::{attacks_by_ray_walk, next_subset, relevant_mask, Piece};

    #[test]
    fn rays_give_the_ray_walk_for_every_square_and_occupancy() {
        for piece in Piece::ALL {
            for sq in 0..64 {
                let rays = Rays::new(piece, sq);
                // Every relevant occupancy, and each with the edge
                // squares occupied as well, which a table never sees.
                let (mask, edges) = (relevant_mask(piece, sq), !relevant_mask(piece, sq));
                let mut occ = 0;
                loop {
                    for occ in [occ, occ | edges] {
                        assert_eq!(
                            rays.attacks(occ),
                            attacks_by_ray_walk(piece, sq, occ),
                            "{piece:?} on {sq}, occupancy {occ:#x}"
                        );
                    }
                    occ = next_subset(occ, mask);
                    if occ == 0 {
                        break;
                    }
                }
            }
        }
    }
}
