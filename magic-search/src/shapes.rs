//! Candidate shapes: how often each bit is set in a square's magics at its
//! full bits, learnt once from sampled magics and used to draw the
//! search's random candidates.
//!
//! A sparse candidate has each bit set one time in eight. A square's
//! magics are far from that: of those of a rook on a1 with 12 bits, none
//! has any of bits 45 to 54 set and nearly all have bit 55 (which carries
//! b1 to g1 straight into the index). A [`Shape`] puts each bit that
//! reaches the index in one of five classes by its share of
//! [`SHAPE_SAMPLES`] sampled magics: never set (clear), at least 7/8 (set),
//! at least 3/8 (drawn one time in two), at least 2/8 (one in four), the
//! rest (one in eight). Candidates drawn so are magics far more often
//! (candidates per magic, sparse against shaped, release build): rook a1
//! 510,700 against 3,700; c1 682,500 against 40,300; e8 685,500 against
//! 33,800; bishop e5 144,900 against 9,500; bishop d4, the least gain of
//! those measured, 138,100 against 34,200. Black magics (whose index is
//! that of `occ | !mask`) have shapes of their own: rook a1 53,500
//! against 500, bishop e5 66,300 against 480. The split 32-bit hash
//! (`magic32`) has its own too, read off each half's bits.
//!
//! [`SHAPES`] holds one shape per square for each hash of
//! [`SHAPED_HASHES`], written by [`shapes_source`]. The search draws by a
//! square's shape when it searches at the square's full bits: fewer bits
//! are where records are hunted, and those magics were not sampled.
//! Without a shape the draw is the plain sparse one, as before shapes.

use crate::occupancies::Occupancies;
use crate::rng::SplitMix64;
use crate::search::{spreads, Scratch};
#[cfg(test)]
use magic_core::relevant_mask;
use magic_core::{Hash, Piece};

#[path = "shape_table.rs"]
mod table;
pub(crate) use table::SHAPES;

/// How a square's candidates are drawn: each bit that reaches the index in
/// one class by how often the sampled magics had it set. Bits in none of
/// the four are drawn one time in eight.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    /// The relevant-occupancy mask of the square it is for.
    pub mask: u64,
    /// Bits no sampled magic had set: never drawn.
    pub clear: u64,
    /// Bits at least 2/8 of them had (and under 3/8): drawn one time in four.
    pub quarter: u64,
    /// Bits at least 3/8 of them had (and under 7/8): drawn one time in two.
    pub half: u64,
    /// Bits at least 7/8 of them had: always set.
    pub set: u64,
}

/// How many magics a square's shape is read from.
pub const SHAPE_SAMPLES: u32 = 256;

/// The seed of the samples' streams.
const SHAPE_SEED: u64 = 0x7368_6170_6573;

/// The hashes whose searches draw by shapes, in the order of the table of
/// shapes.
pub const SHAPED_HASHES: [Hash; 3] = [Hash::Multiply, Hash::Black, Hash::Split32];

/// The shape of the square whose mask is `mask` under `hash`, if the
/// search should draw by one: searching `bits` bits, the mask's own
/// number. A scan of the 128 masks: once per square searched, against
/// hundreds of thousands of candidates.
pub(crate) fn shape_for(hash: Hash, mask: u64, bits: u32) -> Option<&'static Shape> {
    let h = SHAPED_HASHES.iter().position(|&h| h == hash)?;
    if bits != mask.count_ones() {
        return None;
    }
    SHAPES[h].iter().find(|shape| shape.mask == mask)
}

/// Samples [`SHAPE_SAMPLES`] magics of `piece` on `sq` under `hash` (one
/// of [`SHAPED_HASHES`]) at the mask's own bits, from sparse candidates
/// (those that pass the multiply hash's cheap filter, for that hash), and
/// reads the shape off them.
///
/// ```
/// use magic_search::{sample_shape, Hash, Piece};
/// let shape = sample_shape(Hash::Multiply, Piece::Bishop, 9); // b2: 5 bits, quick
/// assert_eq!(shape.clear & shape.set, 0);
/// assert_eq!(shape.quarter & shape.half, 0);
/// ```
pub fn sample_shape(hash: Hash, piece: Piece, sq: usize) -> Shape {
    let o = Occupancies::new(piece, sq);
    let bits = o.mask.count_ones();
    let mut rng = SplitMix64::new(SHAPE_SEED ^ ((piece as u64) << 6 | sq as u64));
    let mut scratch = Scratch::default();
    let mut counts = [0u32; 64];
    let mut found = 0;
    while found < SHAPE_SAMPLES {
        let magic = rng.sparse();
        // The multiply hash's candidates pass its cheap filter first, as in
        // the search.
        let filtered = hash != Hash::Multiply || spreads(o.mask, magic, bits);
        if filtered && scratch.fits(&o, hash, magic, bits) {
            found += 1;
            for (bit, count) in counts.iter_mut().enumerate() {
                *count += (magic >> bit & 1) as u32;
            }
        }
    }
    let matter = bits_that_matter(hash, o.mask);
    let mut shape = Shape {
        mask: o.mask,
        clear: 0,
        quarter: 0,
        half: 0,
        set: 0,
    };
    for (bit, &count) in counts.iter().enumerate() {
        let class = match count * 8 / SHAPE_SAMPLES {
            _ if count == 0 => &mut shape.clear,
            0 | 1 => continue,
            2 => &mut shape.quarter,
            3..=6 => &mut shape.half,
            _ => &mut shape.set,
        };
        *class |= (1 << bit) & matter;
    }
    shape
}

/// The bits of a magic whose classes a shape of `hash` keeps, for a
/// square whose mask is `mask`. For the multiply hash, those below
/// `64 - lsb(mask)`: no other reaches the index. The black hash keeps the
/// same, as its table was first sampled, although `occ | !mask` carries
/// every bit of the magic into the product (the rest are drawn one time
/// in eight). For the split 32-bit hash, those below `32 - lsb` of each
/// half of the mask, in that half of the magic (none for an empty half).
fn bits_that_matter(hash: Hash, mask: u64) -> u64 {
    // The magic bits below `32 - lsb` of a 32-bit half of the mask.
    let half = |mask: u32| match mask {
        0 => 0,
        m => u64::from(u32::MAX >> m.trailing_zeros()),
    };
    match hash {
        Hash::Split32 => half(mask as u32) | half((mask >> 32) as u32) << 32,
        _ => u64::MAX >> mask.trailing_zeros(),
    }
}

/// The command that writes `magic-search/src/shape_table.rs`.
#[cfg(feature = "tools")]
pub const EMIT_SHAPES_COMMAND: &str =
    "cargo run --release -p magic-search -- emit-shapes --out magic-search/src/shape_table.rs";

/// The source of the search's table of shapes (`src/shape_table.rs`):
/// every square's shape, sampled on `threads` threads (the same text on
/// any number).
#[cfg(feature = "tools")]
pub fn shapes_source(threads: usize) -> String {
    use std::fmt::Write;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Mutex;
    let next = AtomicUsize::new(0);
    let jobs = 128 * SHAPED_HASHES.len();
    let shapes = Mutex::new(vec![None; jobs]);
    std::thread::scope(|s| {
        for _ in 0..threads.max(1) {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= jobs {
                    break;
                }
                let (hash, square) = (SHAPED_HASHES[i / 128], i % 128);
                let shape = sample_shape(hash, Piece::ALL[square / 64], square % 64);
                shapes.lock().unwrap()[i] = Some(shape);
            });
        }
    });
    let mut out = format!("// @generated by `{EMIT_SHAPES_COMMAND}`; do not edit.\n\n");
    out.push_str(
        "//! Every square's candidate shape (`crate::shapes`) under each hash of\n\
         //! `SHAPED_HASHES`: rooks a1 to h8, then bishops.\n\n\
         use super::{Shape, SHAPED_HASHES};\n\n\
         /// Every square's candidate shape under each hash of `SHAPED_HASHES`:\n\
         /// rooks a1 to h8, then bishops.\n\
         #[rustfmt::skip]\n\
         pub(crate) static SHAPES: [[Shape; 128]; SHAPED_HASHES.len()] = [\n",
    );
    let shapes = shapes.into_inner().unwrap();
    for (hash, shapes) in SHAPED_HASHES.iter().zip(shapes.chunks(128)) {
        writeln!(out, "    // {hash:?}\n    [").unwrap();
        for shape in shapes.iter().flatten() {
            writeln!(
                out,
                "        Shape {{ mask: {:#018x}, clear: {:#018x}, quarter: {:#018x}, half: {:#018x}, set: {:#018x} }},",
                shape.mask, shape.clear, shape.quarter, shape.half, shape.set
            )
            .unwrap();
        }
        out.push_str("    ],\n");
    }
    out.push_str("];\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The table is what the generator samples, for squares quick to
    /// sample in a test (the rest take minutes unoptimised; the command
    /// rewrites them all).
    #[test]
    fn shapes_are_what_the_generator_samples() {
        for (h, hash) in SHAPED_HASHES.into_iter().enumerate() {
            for (piece, sq) in [(Piece::Bishop, 0), (Piece::Bishop, 9), (Piece::Rook, 27)] {
                let i = piece as usize * 64 + sq;
                let sampled = sample_shape(hash, piece, sq);
                assert_eq!(SHAPES[h][i], sampled, "{hash:?} {piece:?} {sq}");
            }
        }
    }

    #[test]
    fn every_square_has_its_own_shape_in_order() {
        for (i, shape) in SHAPES.iter().flatten().enumerate() {
            let i = i % 128;
            assert_eq!(shape.mask, relevant_mask(Piece::ALL[i / 64], i % 64));
            let classes = [shape.clear, shape.quarter, shape.half, shape.set];
            let all = classes.iter().fold(0, |all, c| all | c);
            assert_eq!(
                classes.iter().map(|c| c.count_ones()).sum::<u32>(),
                all.count_ones(),
                "{i}"
            );
        }
    }

    /// Rook a1 at 12 bits takes about 510,000 sparse candidates per magic
    /// and 3,700 drawn by its shape: every seed finds one within 40,000.
    #[test]
    fn shaped_candidates_find_rook_a1_at_12_bits_soon() {
        use crate::{find_magic, SearchOptions};
        let opts = SearchOptions {
            max_tries: 40_000,
            ..SearchOptions::default()
        };
        for seed in 1..=8 {
            assert!(
                find_magic(Piece::Rook, 0, 12, seed, &opts).is_ok(),
                "seed {seed}"
            );
        }
    }

    /// Bishop e5 at 9 bits under the split hash took 1,400 to 6,000
    /// candidates for most of seeds 1 to 8 drawn sparse; by its shape, at
    /// most 580.
    #[test]
    fn shaped_split_candidates_find_bishop_e5_soon() {
        use crate::{find_magic, SearchOptions};
        let opts = SearchOptions {
            max_tries: 1_000,
            hash: Hash::Split32,
            ..SearchOptions::default()
        };
        for seed in 1..=8 {
            assert!(
                find_magic(Piece::Bishop, 36, 9, seed, &opts).is_ok(),
                "seed {seed}"
            );
        }
    }

    #[test]
    fn split_halves_keep_the_bits_that_reach_their_products() {
        // Rook a1: b1 (bit 1) is the lowest of the low half, a5 (bit 32)
        // of the high half.
        let a1 = relevant_mask(Piece::Rook, 0);
        assert_eq!(bits_that_matter(Hash::Split32, a1), 0xffff_ffff_7fff_ffff);
        // Bishop d8: every square of its mask is in the high half, so the
        // low half of its magic multiplies nothing.
        let d8 = relevant_mask(Piece::Bishop, 59);
        assert_eq!(d8 as u32, 0);
        let lowest = d8.trailing_zeros() - 32;
        assert_eq!(
            bits_that_matter(Hash::Split32, d8),
            (u64::from(u32::MAX >> lowest)) << 32
        );
        // The 64-bit products: below `64 - lsb(mask)`.
        assert_eq!(bits_that_matter(Hash::Multiply, a1), u64::MAX >> 1);
    }

    #[test]
    fn a_shape_applies_at_the_full_bits_only() {
        let a1 = relevant_mask(Piece::Rook, 0);
        for hash in SHAPED_HASHES {
            assert_eq!(shape_for(hash, a1, 12).map(|s| s.mask), Some(a1));
            assert!(shape_for(hash, a1, 11).is_none());
            assert!(shape_for(hash, a1, 13).is_none());
        }
        assert!(shape_for(Hash::Pext, a1, 12).is_none());
    }
}
