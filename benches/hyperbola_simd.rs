//! Hyperbola Quintessence with its lines side by side in vector registers,
//! for the lookup benchmark of a build with AVX2 (`-C
//! target-cpu=x86-64-v3`): the "dual" form some engines use on x86, held
//! beside the scalar `Hyperbola` and the magic tables to see whether
//! computing two or four lines at once pays. It is not a scheme of the
//! crates: BENCHMARKS.md ("Where the time goes") has what it measured.
//!
//! Every line of a square is reversed with all 64 bits (a byte swap, then
//! each byte's bits by two nibble look-ups), so the rank, which a byte swap
//! alone does not reverse, takes the same steps as the file and the
//! diagonals. Bishops need only the byte swap: each diagonal has one square
//! per rank.

use core::arch::x86_64::*;
use magic_runtime::Sliders;

/// The four lines through a square, the square itself left out: file,
/// rank, diagonal, anti-diagonal (32-byte aligned, for one load).
#[repr(C, align(32))]
#[derive(Clone, Copy)]
struct Lines([u64; 4]);

const fn lines(sq: usize) -> Lines {
    Lines(crate::lines::lines_through(sq))
}

static LINES: [Lines; 64] = {
    let mut all = [Lines([0; 4]); 64];
    let mut sq = 0;
    while sq < 64 {
        all[sq] = lines(sq);
        sq += 1;
    }
    all
};

/// Reverses the bytes of each 64-bit lane.
const BYTE_SWAP: [u8; 16] = [7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8];
/// Looked up by a byte's low nibble: its bits reversed, as a high nibble.
const LOW_REVERSED: [u8; 16] = [
    0x00, 0x80, 0x40, 0xc0, 0x20, 0xa0, 0x60, 0xe0, 0x10, 0x90, 0x50, 0xd0, 0x30, 0xb0, 0x70, 0xf0,
];
/// Looked up by a byte's high nibble: its bits reversed, as a low nibble.
const HIGH_REVERSED: [u8; 16] = [
    0x0, 0x8, 0x4, 0xc, 0x2, 0xa, 0x6, 0xe, 0x1, 0x9, 0x5, 0xd, 0x3, 0xb, 0x7, 0xf,
];

/// Sliding attacks from lines computed side by side: rook (file and rank)
/// and bishop (both diagonals) in the two lanes of an SSE register, queen in
/// the four lanes of an AVX2 register.
#[derive(Clone, Copy, Debug, Default)]
pub struct HyperbolaSimd;

/// `(o - 2s) ^ reverse(reverse(o) - 2 reverse(s))`, lane by lane, masked to
/// the lines: `$reverse` reverses the lanes, `$reversed_s` is `reverse(s)`
/// for a square's `s`. One macro for both register widths, whose
/// intrinsics differ in name only.
macro_rules! quintessence {
    ([$sub:ident, $xor:ident, $and:ident, $set1:ident], $occ:expr, $lines:expr, $sq:expr, $reverse:expr, $reversed_s:expr) => {{
        let lines = $lines;
        let o = $and($set1($occ as i64), lines);
        let forward = $sub(o, $set1((2u64 << $sq) as i64));
        let reversed_s2 = $reversed_s.wrapping_shl(1);
        let backward = $reverse($sub($reverse(o), $set1(reversed_s2 as i64)));
        $and($xor(forward, backward), lines)
    }};
}

/// The bishop's reversal: a byte swap of each lane.
#[inline(always)]
unsafe fn swap_bytes(x: __m128i) -> __m128i {
    _mm_shuffle_epi8(x, _mm_loadu_si128(BYTE_SWAP.as_ptr().cast()))
}

/// Every bit of each 64-bit lane reversed.
#[inline(always)]
unsafe fn reverse_bits(x: __m128i) -> __m128i {
    let nibble = _mm_set1_epi8(0x0f);
    let x = swap_bytes(x);
    let low = _mm_shuffle_epi8(
        _mm_loadu_si128(LOW_REVERSED.as_ptr().cast()),
        _mm_and_si128(x, nibble),
    );
    let high = _mm_shuffle_epi8(
        _mm_loadu_si128(HIGH_REVERSED.as_ptr().cast()),
        _mm_and_si128(_mm_srli_epi16(x, 4), nibble),
    );
    _mm_or_si128(low, high)
}

/// [`reverse_bits`] on the four lanes of an AVX2 register.
#[inline(always)]
unsafe fn reverse_bits_256(x: __m256i) -> __m256i {
    let table = |t: &[u8; 16]| _mm256_broadcastsi128_si256(_mm_loadu_si128(t.as_ptr().cast()));
    let nibble = _mm256_set1_epi8(0x0f);
    let x = _mm256_shuffle_epi8(x, table(&BYTE_SWAP));
    let low = _mm256_shuffle_epi8(table(&LOW_REVERSED), _mm256_and_si256(x, nibble));
    let high = _mm256_shuffle_epi8(
        table(&HIGH_REVERSED),
        _mm256_and_si256(_mm256_srli_epi16(x, 4), nibble),
    );
    _mm256_or_si256(low, high)
}

/// The two lanes or'ed together.
#[inline(always)]
unsafe fn or_lanes(a: __m128i) -> u64 {
    _mm_cvtsi128_si64(_mm_or_si128(a, _mm_unpackhi_epi64(a, a))) as u64
}

/// Two lines of `sq` in the lanes of an SSE register, from line `first`
/// of [`Lines`] on: their attacks or'ed together.
///
/// # Safety
///
/// Needs SSSE3, and `sq` below 64.
#[inline(always)]
unsafe fn two_lines(
    sq: usize,
    occ: u64,
    first: usize,
    reverse: unsafe fn(__m128i) -> __m128i,
    reversed_s: u64,
) -> u64 {
    let lines = _mm_load_si128(LINES[sq].0[first..].as_ptr().cast());
    or_lanes(quintessence!(
        [_mm_sub_epi64, _mm_xor_si128, _mm_and_si128, _mm_set1_epi64x],
        occ,
        lines,
        sq,
        reverse,
        reversed_s
    ))
}

impl Sliders for HyperbolaSimd {
    #[inline(always)]
    fn rook(&self, sq: usize, occ: u64) -> u64 {
        let sq = sq & 63;
        // SAFETY: the module is compiled only with AVX2 (and so SSSE3).
        unsafe { two_lines(sq, occ, 0, reverse_bits, 1 << (63 - sq)) }
    }

    #[inline(always)]
    fn bishop(&self, sq: usize, occ: u64) -> u64 {
        let sq = sq & 63;
        // A diagonal has one square per rank: a byte swap reverses it.
        // SAFETY: as in `rook`.
        unsafe { two_lines(sq, occ, 2, swap_bytes, (1u64 << sq).swap_bytes()) }
    }

    #[inline(always)]
    fn queen(&self, sq: usize, occ: u64) -> u64 {
        let sq = sq & 63;
        // SAFETY: as in `rook`.
        unsafe {
            let lines = _mm256_load_si256(LINES[sq].0.as_ptr().cast());
            let reversed_s = 1u64 << (63 - sq);
            let a = quintessence!(
                [
                    _mm256_sub_epi64,
                    _mm256_xor_si256,
                    _mm256_and_si256,
                    _mm256_set1_epi64x
                ],
                occ,
                lines,
                sq,
                reverse_bits_256,
                reversed_s
            );
            or_lanes(_mm_or_si128(
                _mm256_castsi256_si128(a),
                _mm256_extracti128_si256(a, 1),
            ))
        }
    }
}

/// Panics unless [`HyperbolaSimd`] gives the ray walk's attacks for every
/// square and every relevant occupancy, and for each of those with every
/// square outside the mask set as well (which a lookup must ignore).
pub fn check_against_ray_walk() {
    crate::ray_check::check_against_ray_walk(&HyperbolaSimd);
}

#[cfg(test)]
mod tests {
    #[test]
    fn gives_the_ray_walk_attacks() {
        super::check_against_ray_walk();
    }
}
