//! Turning a builder's magics, bits and offsets into a [`Layout`]: how
//! each scheme places its squares' sub-tables, for the const builders and
//! the proc-macro alike.

use crate::lines::{rook_lines_offset, LINES_ROOK_BITS};
use crate::visit::{Layout, Length};
use crate::{
    check_bits, default_bits, Hash, Message, Piece, Scheme, SquareHash, FIXED_BISHOP_BITS,
    FIXED_ROOK_BITS, OFFSET_UNIT, PLAIN_LEN,
};

/// The layout of a scheme's table and the length it must have, from what
/// its builder takes: magics, and bits or offsets where the builder takes
/// them (ignored otherwise). The message says what is wrong with them.
///
/// ```
/// use magic_core::{layout_of, sets, Length, Scheme, PLAIN_LEN};
/// let (layout, length) =
///     layout_of(Scheme::Plain, [&sets::PLAIN_ROOK, &sets::PLAIN_BISHOP], [&[0; 64]; 2], [&[0; 64]; 2]).unwrap();
/// assert_eq!(length, Length::Sum(PLAIN_LEN));
/// assert_eq!(layout[1][0].offset, 64 * 4096); // bishops after the rooks
/// ```
pub const fn layout_of(
    scheme: Scheme,
    magics: [&[u64; 64]; 2],
    bits: [&[u8; 64]; 2],
    offsets: [&[u32; 64]; 2],
) -> Result<(Layout, Length), Message> {
    const FIXED: [u32; 2] = [FIXED_ROOK_BITS, FIXED_BISHOP_BITS];
    let hash = scheme.hash();
    match scheme {
        Scheme::Fancy | Scheme::ByteLookup | Scheme::Magic32 => {
            consecutive(hash, magics, bits, Piece::Rook, 0)
        }
        Scheme::ShiftInMagic => consecutive(
            hash,
            magics,
            [&embedded_bits(magics[0]), &embedded_bits(magics[1])],
            Piece::Rook,
            0,
        ),
        Scheme::PextLines => lines_layout(),
        Scheme::Pext | Scheme::PextPdep | Scheme::Hyperbola => {
            let none = [0u64; 64];
            let bits = [default_bits(Piece::Rook), default_bits(Piece::Bishop)];
            consecutive(hash, [&none, &none], [&bits[0], &bits[1]], Piece::Rook, 0)
        }
        Scheme::Plain => {
            let mut plain = [[0u32; 64]; 2];
            let mut sq = 0;
            while sq < 64 {
                plain[0][sq] = (sq << FIXED_ROOK_BITS) as u32;
                plain[1][sq] = ((64 << FIXED_ROOK_BITS) + (sq << FIXED_BISHOP_BITS)) as u32;
                sq += 1;
            }
            let layout = at_offsets(hash, magics, [&plain[0], &plain[1]], FIXED);
            Ok((layout, Length::Sum(PLAIN_LEN)))
        }
        Scheme::FixedShift | Scheme::Black => {
            Ok((at_offsets(hash, magics, offsets, FIXED), Length::LastUsed))
        }
        Scheme::OffsetInMagic => {
            let offsets = [offsets_in(magics[0]), offsets_in(magics[1])];
            let layout = at_offsets(hash, magics, [&offsets[0], &offsets[1]], FIXED);
            Ok((layout, Length::LastUsed))
        }
        Scheme::Shared => {
            let mut layout = at_offsets(hash, magics, offsets, FIXED);
            let mut p = 0;
            while p < 2 {
                let mut sq = 0;
                while sq < 64 {
                    let shift_bits = 64 - (magics[p][sq] >> 58);
                    layout[p][sq].bits = match check_bits(Piece::ALL[p], sq, shift_bits) {
                        Ok(bits) => bits,
                        Err(m) => return Err(m),
                    };
                    sq += 1;
                }
                p += 1;
            }
            Ok((layout, Length::LastUsed))
        }
    }
}

/// A lines table's layout: each rook's two line sub-tables, 128 slots
/// (its mask the whole relevant mask, which the two lines share out), then
/// the bishops' PEXT sub-tables one after the other.
pub(crate) const fn lines_layout() -> Result<(Layout, Length), Message> {
    let none = [0u64; 64];
    // From the bishops on: the rooks' bits are not read.
    let bits = [[0u8; 64], default_bits(Piece::Bishop)];
    let start = rook_lines_offset(64);
    let (mut layout, length) = match consecutive(
        Hash::Pext,
        [&none, &none],
        [&bits[0], &bits[1]],
        Piece::Bishop,
        start,
    ) {
        Ok(laid) => laid,
        Err(m) => return Err(m),
    };
    let mut sq = 0;
    while sq < 64 {
        let offset = rook_lines_offset(sq);
        layout[0][sq] = SquareHash::new(Hash::Pext, Piece::Rook, sq, 0, LINES_ROOK_BITS, offset);
        sq += 1;
    }
    Ok((layout, length))
}

/// The offset each offset-in-magic factor's low 16 bits give.
const fn offsets_in(factors: &[u64; 64]) -> [u32; 64] {
    let mut offsets = [0; 64];
    let mut sq = 0;
    while sq < 64 {
        offsets[sq] = ((factors[sq] & 0xffff) as usize * OFFSET_UNIT) as u32;
        sq += 1;
    }
    offsets
}

/// Sub-tables one after the other from `start`, rooks first, each
/// `2^bits` long, of the pieces from `first` on (the others left
/// [`SquareHash::EMPTY`]); the length is where the last one ends.
const fn consecutive(
    hash: Hash,
    magics: [&[u64; 64]; 2],
    bits: [&[u8; 64]; 2],
    first: Piece,
    start: usize,
) -> Result<(Layout, Length), Message> {
    let mut layout = [[SquareHash::EMPTY; 64]; 2];
    let mut offset = start;
    let mut p = first as usize;
    while p < 2 {
        let piece = Piece::ALL[p];
        let mut sq = 0;
        while sq < 64 {
            let b = match check_bits(piece, sq, bits[p][sq] as u64) {
                Ok(b) => b,
                Err(m) => return Err(m),
            };
            layout[p][sq] = SquareHash::new(hash, piece, sq, magics[p][sq], b, offset);
            offset += 1 << b;
            sq += 1;
        }
        p += 1;
    }
    Ok((layout, Length::Sum(offset)))
}

/// Sub-tables at the given offsets,
/// with the same index bits on every square of a piece (the fixed-shift
/// schemes).
const fn at_offsets(
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
const fn embedded_bits(magics: &[u64; 64]) -> [u8; 64] {
    let mut bits = [0u8; 64];
    let mut sq = 0;
    while sq < 64 {
        bits[sq] = (64 - (magics[sq] >> 58)) as u8;
        sq += 1;
    }
    bits
}
