//! Turning a builder's magics, bits and offsets into a [`Layout`]: the
//! per-square loops every builder shares.

use crate::visit::Layout;
use crate::{check_bits, Hash, Piece, SquareHash};

/// Index bits of one square, checked to tell its attack sets apart and to
/// be at most the piece's maximum.
pub(crate) const fn checked_bits(piece: Piece, sq: usize, bits: u64) -> u32 {
    match check_bits(piece, sq, bits) {
        Ok(bits) => bits,
        Err(message) => message.panic(),
    }
}

/// Sub-tables one after the other, rooks first, each `2^bits` long; returns
/// the layout and the total length.
pub(crate) const fn consecutive(
    hash: Hash,
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
            let b = checked_bits(piece, sq, bits[p][sq] as u64);
            layout[p][sq] = SquareHash::new(hash, piece, sq, magics[p][sq], b, offset);
            offset += 1 << b;
            sq += 1;
        }
        p += 1;
    }
    (layout, offset)
}

/// Sub-tables at the given offsets,
/// with the same index bits on every square of a piece (the fixed-shift
/// schemes).
pub(crate) const fn at_offsets(
    hash: Hash,
    magics: [&[u64; 64]; 2],
    offsets: [&[u32; 64]; 2],
    bits: [u32; 2],
) -> Layout {
    let mut layout = [[SquareHash::EMPTY; 64]; 2];
    let mut p = 0;
    while p < 2 {
        let mut sq = 0;
        while sq < 64 {
            let (magic, offset) = (magics[p][sq], offsets[p][sq] as usize);
            layout[p][sq] = SquareHash::new(hash, Piece::ALL[p], sq, magic, bits[p], offset);
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

/// One entry per square of a layout, made by `$make` from the piece index
/// `$p`, the square `$sq` and its hash `$h`: the per-square loop every
/// table type's entries come from.
macro_rules! entries_of {
    ($layout:expr, |$p:ident, $sq:ident, $h:ident| $make:expr) => {{
        let layout = &$layout;
        let mut squares = {
            let ($p, $sq, $h) = (0usize, 0usize, layout[0][0]);
            [[$make; 64]; 2]
        };
        let mut $p = 0;
        while $p < 2 {
            let mut $sq = 0;
            while $sq < 64 {
                let $h = layout[$p][$sq];
                squares[$p][$sq] = $make;
                $sq += 1;
            }
            $p += 1;
        }
        squares
    }};
}
pub(crate) use entries_of;
