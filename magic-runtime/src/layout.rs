//! Turning magics, bits and offsets into a [`Layout`], with the checks that
//! come before any occupancy is visited.

use crate::fill::{HashKind, Layout, SquareHash};
use crate::geometry::{relevant_mask, square_name, Piece};
use crate::message::Message;

/// Index bits of one square, checked to be between 1 and the piece's maximum.
pub(crate) const fn checked_bits(piece: Piece, sq: usize, bits: u32) -> u32 {
    if bits == 0 || bits > piece.max_bits() {
        Message::new()
            .str(piece.name())
            .str(" bits for ")
            .str(square_name(sq))
            .str(" are ")
            .dec(bits as usize)
            .str("; use 1 to ")
            .dec(piece.max_bits() as usize)
            .panic();
    }
    bits
}

/// Sub-tables one after the other, rooks first, each `2^bits` long; returns
/// the layout and the total length.
pub(crate) const fn consecutive(
    kind: HashKind,
    magics: [&[u64; 64]; 2],
    bits: [&[u8; 64]; 2],
) -> (Layout, usize) {
    let mut layout = [[SquareHash::EMPTY; 64]; 2];
    let mut offset = 0;
    let mut p = 0;
    while p < 2 {
        let piece = Piece::ALL[p];
        let mut sq = 0;
        while sq < 64 {
            let b = checked_bits(piece, sq, bits[p][sq] as u32);
            layout[p][sq] = SquareHash {
                kind,
                mask: relevant_mask(piece, sq),
                magic: magics[p][sq],
                bits: b,
                offset,
            };
            offset += 1 << b;
            sq += 1;
        }
        p += 1;
    }
    (layout, offset)
}

/// Sub-tables at given offsets, every square with the same index bits per
/// piece (the fixed-shift schemes).
pub(crate) const fn at_offsets(
    kind: HashKind,
    magics: [&[u64; 64]; 2],
    offsets: [&[u32; 64]; 2],
    bits: [u32; 2],
) -> Layout {
    let mut layout = [[SquareHash::EMPTY; 64]; 2];
    let mut p = 0;
    while p < 2 {
        let piece = Piece::ALL[p];
        let mut sq = 0;
        while sq < 64 {
            layout[p][sq] = SquareHash {
                kind,
                mask: relevant_mask(piece, sq),
                magic: magics[p][sq],
                bits: bits[p],
                offset: offsets[p][sq] as usize,
            };
            sq += 1;
        }
        p += 1;
    }
    layout
}

/// The index bits a magic carries in its upper six bits (as `64 - shift`).
pub(crate) const fn embedded_bits(magics: &[u64; 64]) -> [u8; 64] {
    let mut bits = [0u8; 64];
    let mut sq = 0;
    while sq < 64 {
        bits[sq] = (64 - (magics[sq] >> 58)) as u8;
        sq += 1;
    }
    bits
}

/// The number of entries of a fancy table with these bits per square: the
/// `N` of [`FancyTables<N>`](crate::FancyTables).
///
/// ```
/// use magic_runtime::{default_bits, fancy_table_len, Piece};
/// let n = fancy_table_len(&default_bits(Piece::Rook), &default_bits(Piece::Bishop));
/// assert_eq!(n, 102_400 + 5_248);
/// ```
pub const fn fancy_table_len(rook_bits: &[u8; 64], bishop_bits: &[u8; 64]) -> usize {
    let mut n = 0;
    let mut sq = 0;
    while sq < 64 {
        n += (1usize << rook_bits[sq]) + (1usize << bishop_bits[sq]);
        sq += 1;
    }
    n
}
