//! PEXT by lines: a rook's rank and file looked up apart, each by its six
//! inner squares, so that a rook needs two sub-tables of 64 slots rather
//! than one of up to 4,096. The index of each line, and the fill of the
//! table, for the const builder and the proc-macro alike.
//!
//! Table layout: per rook square `sq`, slots `128 sq .. 128 sq + 64` hold
//! the rank's attacks and the next 64 the file's; then every bishop's PEXT
//! sub-table at its default bits, one after the other, as in a PEXT table.

use crate::geometry::{attacks_by_ray_walk, default_bits, next_subset, Piece};
use crate::hash::{pdep, pext};
use crate::layout::lines_layout;
use crate::message::Message;
use crate::sizes::sub_tables_len;
use crate::visit::check_len;

/// Slots of one line's sub-table: its six inner squares (the two ends
/// never block).
pub const LINE_SLOTS: usize = 64;

/// Index bits that span a rook's two line sub-tables: `2^7 = 128` slots.
pub const LINES_ROOK_BITS: u32 = 7;

/// The a-file's inner squares, a2 to a7: the squares of a file that can
/// block a rook on it.
pub const FILE_A_INNER: u64 = 0x0001_0101_0101_0100;

/// The first rank's inner squares, b1 to g1.
pub const RANK_1_INNER: u64 = 0x7e;

/// Entries of a lines table: 64 rooks of two line sub-tables each, then the
/// bishops' PEXT sub-tables (5,248 slots).
///
/// ```
/// assert_eq!(magic_core::PEXT_LINES_LEN, 64 * 128 + 5_248);
/// ```
pub const PEXT_LINES_LEN: usize =
    rook_lines_offset(64) + sub_tables_len(&default_bits(Piece::Bishop));

/// Where the two line sub-tables of a rook on `sq` start: the rooks come
/// first, square by square, 128 slots each.
///
/// ```
/// assert_eq!(magic_core::rook_lines_offset(1), 128);
/// ```
#[inline(always)]
pub const fn rook_lines_offset(sq: usize) -> usize {
    2 * LINE_SLOTS * sq
}

/// The inner squares of the rank of `sq`: what its rank index packs.
///
/// ```
/// assert_eq!(magic_core::rank_inner(27), 0x7e << 24); // d4: b4 to g4
/// ```
pub const fn rank_inner(sq: usize) -> u64 {
    RANK_1_INNER << (sq / 8 * 8)
}

/// The inner squares of the file of `sq`: what its file index packs.
///
/// ```
/// assert_eq!(magic_core::file_inner(27), 0x0001_0101_0101_0100 << 3); // d2 to d7
/// ```
pub const fn file_inner(sq: usize) -> u64 {
    FILE_A_INNER << (sq % 8)
}

/// The index of `occ` in the rank sub-table of a rook on `sq`: the rank's
/// inner squares in order, `pext(occ, rank_inner(sq))`, as a shift.
///
/// ```
/// use magic_core::{pext, rank_index, rank_inner};
/// let occ = 0x0000_0042_1800_0000;
/// assert_eq!(rank_index(occ, 27), pext(occ, rank_inner(27)) as usize);
/// ```
#[inline(always)]
pub const fn rank_index(occ: u64, sq: usize) -> usize {
    // The rank's inner squares masked where they lie (bits 1 to 6) and
    // then halved, rather than shifted one further first: the compiler
    // folds the halving into the slot's address (scale 4 in place of 8),
    // so no instruction adds one to the shift count.
    ((occ >> (sq & 56)) as usize & (2 * LINE_SLOTS - 2)) >> 1
}

/// Gathers the a-file's inner squares, each at bit `8 k` (k = 1 to 6),
/// into the top six bits in order: bit `8 k` meets the term `2^(57 - 7 k)`
/// and lands on bit `57 + k`. Every other product of a square and a term
/// lands on a bit of its own below 58 or above 63 (`8 j - 7 k` lies in 1
/// to 6 only for `j = k`), so nothing carries into the index.
const FILE_GATHER: u64 = 1 << 50 | 1 << 43 | 1 << 36 | 1 << 29 | 1 << 22 | 1 << 15;

/// The multiplier that gathers the inner squares of the file of `sq` (see
/// [`gathered_index`]): the a-file's, shifted down by the file, so that
/// each square and its term meet on the same bit as on the a-file. The
/// lowest term is `2^15`, so no file's shift (at most 7) loses one.
///
/// ```
/// use magic_core::{file_gather, file_inner, gathered_index, pext};
/// let occ = 0x0080_8000_0080_8080; // the h-file, ranks 1, 2, 3, 6 and 7
/// let h4 = 31;
/// assert_eq!(gathered_index(occ, file_inner(h4), file_gather(h4)), pext(occ, file_inner(h4)) as usize);
/// ```
pub const fn file_gather(sq: usize) -> u64 {
    FILE_GATHER >> (sq % 8)
}

/// The index of `occ` in a line's sub-table by one multiplication: the
/// line's `inner` squares of `occ`, times the line's `gather`, top six
/// bits. With [`file_inner`] and [`file_gather`] it is the file's
/// [`file_index`]; a lookup that keeps both in the square's entry pays an
/// `and`, an `imul` and a shift.
#[inline(always)]
pub const fn gathered_index(occ: u64, inner: u64, gather: u64) -> usize {
    ((occ & inner).wrapping_mul(gather) >> 58) as usize
}

/// The index of `occ` in the file sub-table of a rook on `sq`: the file's
/// inner squares, lowest rank first, `pext(occ, file_inner(sq))`, as one
/// multiplication (for targets without PEXT).
///
/// ```
/// use magic_core::{file_index, file_inner, pext};
/// let occ = 0x0008_0000_0800_0808;
/// assert_eq!(file_index(occ, 27), pext(occ, file_inner(27)) as usize);
/// ```
#[inline(always)]
pub const fn file_index(occ: u64, sq: usize) -> usize {
    gathered_index(occ, file_inner(sq), file_gather(sq))
}

/// Fills a lines table (zeroed, [`PEXT_LINES_LEN`] entries): each rook
/// line slot with the rook's attacks along that line for the line's
/// blockers, each bishop slot with the attacks of every occupancy that
/// indexes it. Every attack set comes from the ray walk itself, so no two
/// occupancies can clash; the message says when the table has the wrong
/// length.
///
/// ```
/// use magic_core::{attacks_by_ray_walk, fill_lines, Piece, PEXT_LINES_LEN};
/// let mut table = vec![0; PEXT_LINES_LEN];
/// fill_lines(&mut table, "PextLinesTables").unwrap();
/// let a1 = 0;
/// // The rank of a1 with nothing on it, then its file.
/// assert_eq!(table[128 * a1], 0xfe);
/// assert_eq!(table[128 * a1 + 64], attacks_by_ray_walk(Piece::Rook, a1, 0) & !0xff);
/// ```
pub const fn fill_lines(table: &mut [u64], type_name: &str) -> Result<usize, Message> {
    let n = table.len();
    if let Err(m) = check_len(type_name, n, PEXT_LINES_LEN) {
        return Err(m);
    }
    let mut sq = 0;
    while sq < 64 {
        let rank_line = 0xffu64 << (sq / 8 * 8);
        let file_line = 0x0101_0101_0101_0101u64 << (sq % 8);
        let base = rook_lines_offset(sq);
        let mut i = 0;
        while i < LINE_SLOTS {
            let on_rank = pdep(i as u64, rank_inner(sq));
            let on_file = pdep(i as u64, file_inner(sq));
            table[base + i] = attacks_by_ray_walk(Piece::Rook, sq, on_rank) & rank_line;
            table[base + LINE_SLOTS + i] =
                attacks_by_ray_walk(Piece::Rook, sq, on_file) & file_line;
            i += 1;
        }
        sq += 1;
    }
    // The bishops where the scheme's layout puts them.
    let bishops = match lines_layout() {
        Ok((layout, _)) => layout[1],
        Err(m) => return Err(m),
    };
    let mut sq = 0;
    while sq < 64 {
        let h = bishops[sq];
        let mut occ = 0;
        loop {
            table[h.offset + pext(occ, h.mask) as usize] =
                attacks_by_ray_walk(Piece::Bishop, sq, occ);
            occ = next_subset(occ, h.mask);
            if occ == 0 {
                break;
            }
        }
        sq += 1;
    }
    Ok(n)
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;
    use crate::geometry::relevant_mask;

    #[test]
    fn line_indices_are_pext_of_the_inner_squares() {
        for sq in 0..64 {
            for i in 0..LINE_SLOTS as u64 {
                // Every pattern of the line's squares, with the rest of the
                // board full or empty: the index sees the line alone.
                for rest in [0, !0] {
                    let on_rank = pdep(i, rank_inner(sq));
                    let occ = on_rank | rest & !rank_inner(sq);
                    assert_eq!(rank_index(occ, sq), i as usize, "rank of {sq}, {occ:#x}");
                    let on_file = pdep(i, file_inner(sq));
                    let occ = on_file | rest & !file_inner(sq);
                    assert_eq!(file_index(occ, sq), i as usize, "file of {sq}, {occ:#x}");
                }
            }
        }
    }

    #[test]
    fn a_rook_is_its_rank_and_file() {
        let mut table = std::vec![0; PEXT_LINES_LEN];
        fill_lines(&mut table, "PextLinesTables").unwrap();
        for sq in 0..64 {
            let mask = relevant_mask(Piece::Rook, sq);
            let mut occ = 0;
            loop {
                let base = rook_lines_offset(sq);
                let got = table[base + rank_index(occ, sq)]
                    | table[base + LINE_SLOTS + file_index(occ, sq)];
                assert_eq!(
                    got,
                    attacks_by_ray_walk(Piece::Rook, sq, occ),
                    "rook on {sq}"
                );
                occ = next_subset(occ, mask);
                if occ == 0 {
                    break;
                }
            }
        }
    }

    #[test]
    fn a_table_of_another_length_is_refused() {
        let mut table = std::vec![0; PEXT_LINES_LEN - 1];
        let m = fill_lines(&mut table, "PextLinesTables").unwrap_err();
        assert!(m.as_str().contains("13440"), "{}", m.as_str());
    }
}
