//! Every line of a slider looked up apart, each by one multiplication or
//! a shift and no PEXT ("kindergarten" bitboards): a rook's rank by a
//! shift and its file by a gather multiplication, as `pext_lines` does
//! them, and each of a bishop's diagonals by the b-file multiplication,
//! which moves a diagonal's squares (one per file) onto the eighth rank in
//! file order. Four 64-slot sub-tables per square, 128 KiB in all, so the
//! slots of random boards stay in L2 where a magic table's fall out of it.
//! Held beside the magic tables in the lookups benchmark of the default
//! build, to see whether a table this small pays for its second slot
//! load; it is not a scheme of the crates: BENCHMARKS.md ("Where the time
//! goes") has what it measured.

use crate::lines::lines_through;
use crate::ray_check::check_against_ray_walk;
use magic_runtime::{attacks_by_ray_walk, next_subset, Piece, Sliders};

/// The a-file's inner squares, a2 to a7.
const FILE_A_INNER: u64 = 0x0001_0101_0101_0100;

/// Gathers the a-file's inner squares (bit `8 k`, k = 1 to 6) into the
/// top six bits in order: bit `8 k` meets the term `2^(57 - 7 k)`, every
/// other product lands below bit 58 or above bit 63.
const FILE_GATHER: u64 = 1 << 50 | 1 << 43 | 1 << 36 | 1 << 29 | 1 << 22 | 1 << 15;

/// The b-file: a square on file `f` meets the term of the rank that takes
/// it to the eighth rank at bit `57 + f`, so files b to g land on bits 58
/// to 63. A diagonal has one square per file, so no two products share a
/// bit and nothing carries.
const B_FILE: u64 = 0x0202_0202_0202_0202;

/// The inner squares of both diagonals through each square (the square and
/// the board's edge left out): what each diagonal's index packs.
#[derive(Clone, Copy)]
struct Diagonals {
    diagonal: u64,
    anti_diagonal: u64,
}

const EDGES: u64 = 0xff81_8181_8181_81ff;

const fn diagonals(sq: usize) -> Diagonals {
    let lines = lines_through(sq);
    Diagonals {
        diagonal: lines[DIAGONAL] & !EDGES,
        anti_diagonal: lines[ANTI_DIAGONAL] & !EDGES,
    }
}

static DIAGONALS: [Diagonals; 64] = {
    let mut all = [Diagonals {
        diagonal: 0,
        anti_diagonal: 0,
    }; 64];
    let mut sq = 0;
    while sq < 64 {
        all[sq] = diagonals(sq);
        sq += 1;
    }
    all
};

#[inline(always)]
const fn rank_index(occ: u64, sq: usize) -> usize {
    ((occ >> (sq & 56)) as usize & 0x7e) >> 1
}

#[inline(always)]
const fn file_index(occ: u64, sq: usize) -> usize {
    ((occ & FILE_A_INNER << (sq % 8)).wrapping_mul(FILE_GATHER >> (sq % 8)) >> 58) as usize
}

#[inline(always)]
const fn diagonal_index(occ: u64, inner: u64) -> usize {
    ((occ & inner).wrapping_mul(B_FILE) >> 58) as usize
}

/// The four lines of a square, in the order of `lines_through`, in its slots.
const RANK: usize = 1;
const FILE: usize = 0;
const DIAGONAL: usize = 2;
const ANTI_DIAGONAL: usize = 3;

/// `[square][line][index]`: the attacks along that line.
type Table = [[[u64; 64]; 4]; 64];

/// Fills one line's sub-table of every square by walking the rays of every
/// pattern of the line's inner squares; two patterns that reach one slot
/// must attack alike.
fn fill(table: &mut Table) {
    for sq in 0..64 {
        let d = DIAGONALS[sq];
        let whole = lines_through(sq);
        let lines: [(usize, Piece, u64); 4] = [
            (FILE, Piece::Rook, FILE_A_INNER << (sq % 8)),
            (RANK, Piece::Rook, 0x7e << (sq & 56)),
            (DIAGONAL, Piece::Bishop, d.diagonal),
            (ANTI_DIAGONAL, Piece::Bishop, d.anti_diagonal),
        ];
        for (line, piece, inner) in lines {
            let mut seen = [false; 64];
            let mut occ = 0;
            loop {
                let i = match line {
                    RANK => rank_index(occ, sq),
                    FILE => file_index(occ, sq),
                    _ => diagonal_index(occ, inner),
                };
                let att = attacks_by_ray_walk(piece, sq, occ) & whole[line];
                assert!(
                    !seen[i] || table[sq][line][i] == att,
                    "line {line} of {sq}: clash"
                );
                seen[i] = true;
                table[sq][line][i] = att;
                occ = next_subset(occ, inner);
                if occ == 0 {
                    break;
                }
            }
        }
    }
}

/// The tables of every line, made once at run time (this is a benchmark,
/// not a scheme: nothing here needs a `const` builder).
pub struct Kindergarten {
    table: Box<Table>,
}

impl Kindergarten {
    /// Fills the tables and checks them against the ray walk for every
    /// square and relevant occupancy, with the rest of the board empty or
    /// full, rooks, bishops and queens.
    pub fn new() -> Self {
        let mut table: Box<Table> = vec![[[0u64; 64]; 4]; 64]
            .into_boxed_slice()
            .try_into()
            .unwrap();
        fill(&mut table);
        let k = Kindergarten { table };
        check_against_ray_walk(&k);
        k
    }
}

impl Default for Kindergarten {
    fn default() -> Self {
        Self::new()
    }
}

impl Sliders for Kindergarten {
    #[inline(always)]
    fn rook(&self, sq: usize, occ: u64) -> u64 {
        let lines = &self.table[sq];
        lines[RANK][rank_index(occ, sq)] | lines[FILE][file_index(occ, sq)]
    }
    #[inline(always)]
    fn bishop(&self, sq: usize, occ: u64) -> u64 {
        let lines = &self.table[sq];
        let d = DIAGONALS[sq];
        lines[DIAGONAL][diagonal_index(occ, d.diagonal)]
            | lines[ANTI_DIAGONAL][diagonal_index(occ, d.anti_diagonal)]
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_line_is_the_ray_walk() {
        // `new` checks every square and relevant occupancy itself.
        let k = super::Kindergarten::new();
        assert_ne!(k.table[27][super::DIAGONAL][0], 0);
    }
}
