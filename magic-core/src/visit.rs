//! Visiting every relevant occupancy of every square of a layout: the
//! loop under every fill, with the checks that come before it. Each check
//! returns the message of what is wrong: a const builder panics with it
//! (a compile error), the proc-macro reports it.

use crate::{check_bits, Message, Piece, SquareHash};

/// The hash of every square: `[rook, bishop]`, each indexed by square.
pub type Layout = [[SquareHash; 64]; 2];

/// How long a table must be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Length {
    /// Sub-tables one after the other: the sum of their sizes.
    Sum(usize),
    /// Overlapping sub-tables: up to the last slot any occupancy uses.
    LastUsed,
}

/// Checks, before any occupancy is visited, that every square's index bits
/// are possible for its hash and that a `Sum` length is the one asked for.
pub(crate) const fn check_layout(
    layout: &Layout,
    n: usize,
    type_name: &str,
    length: Length,
) -> Result<(), Message> {
    let mut p = 0;
    while p < 2 {
        let mut sq = 0;
        while sq < 64 {
            if let Err(message) = check_bits(Piece::ALL[p], sq, layout[p][sq].bits as u64) {
                return Err(message);
            }
            sq += 1;
        }
        p += 1;
    }
    match length {
        Length::Sum(needed) => check_len(type_name, n, needed),
        Length::LastUsed => Ok(()),
    }
}

/// Stops the build unless a table type's length is the one its inputs need.
pub(crate) const fn check_len(type_name: &str, n: usize, needed: usize) -> Result<(), Message> {
    if n == needed {
        return Ok(());
    }
    Err(Message::new()
        .str("the magics need a table of ")
        .dec(needed)
        .str(" entries, not ")
        .dec(n)
        .str("; write ")
        .str(type_name)
        .str("<")
        .dec(needed)
        .str(">"))
}

/// Visits every relevant occupancy of every square of `layout` as
/// `(piece, sq, occ, attacks, pattern, slot)`, each square's blocker
/// patterns in turn (`pattern` numbers a square's distinct attack sets from
/// 0), skipping the body for slots outside a table of `$n` entries.
/// Evaluates to one past the last slot used, inside the table or not.
macro_rules! for_each_occupancy {
    ($layout:expr, $n:expr, $type_name:expr,
     |$piece:ident, $sq:ident, $occ:ident, $att:ident, $pattern:ident, $slot:ident| $body:block) => {{
        let mut end = 0;
        let mut p = 0;
        while p < 2 {
            let $piece = $crate::Piece::ALL[p];
            let mut $sq = 0;
            while $sq < 64 {
                let h = $layout[p][$sq];
                let is_pext = matches!(h.hash, $crate::Hash::Pext);
                // `Hash::index`, written out (hash.rs says why): the
                // multiply and black hashes as one formula,
                // `(occ & mask | high) * magic >> shift` (`high` is `!mask`
                // for black magics), multiplied as `u128` and cut to `u64`:
                // `wrapping_mul` would be a call, and const evaluation pays
                // for every call. This loop runs for every occupancy.
                let is_product = matches!(h.hash, $crate::Hash::Multiply | $crate::Hash::Black);
                let is_split = matches!(h.hash, $crate::Hash::Split32);
                let high = match h.hash {
                    $crate::Hash::Black => !h.mask as u128,
                    _ => 0,
                };
                let (mask, magic, shift) = (h.mask as u128, h.magic as u128, 64 - h.bits);
                let mut sets = $crate::AttackSets::new($piece, $sq);
                let mut $pattern = 0usize;
                while let Some(pat) = sets.next_pattern() {
                    let $att = pat.attacks;
                    // For PEXT, the index of `blockers | sub` is the packed
                    // blockers plus the packed `sub`, which walks the subsets
                    // of the packed `free` in step with `sub` (pext keeps order).
                    let (base, packed_free) = match is_pext {
                        true => (
                            $crate::pext(pat.blockers, h.mask),
                            $crate::pext(pat.free, h.mask),
                        ),
                        false => (0, 0),
                    };
                    let mut sub = 0;
                    let mut packed = 0;
                    loop {
                        let $occ = pat.blockers | sub;
                        let $slot = if is_product {
                            let product = ($occ as u128 & mask | high) * magic;
                            h.offset + ((product as u64) >> shift) as usize
                        } else if is_pext {
                            h.offset + (base | packed) as usize
                        } else if is_split {
                            // Its 32-bit products made from 64-bit ones,
                            // with no wrapping call.
                            let o = $occ & h.mask;
                            let lo = (o & 0xffff_ffff) * (h.magic & 0xffff_ffff);
                            let hi = (o >> 32) * (h.magic >> 32);
                            h.offset + (((lo ^ hi) & 0xffff_ffff) >> (32 - h.bits)) as usize
                        } else {
                            // A hash added later, until it is written out.
                            h.slot($occ)
                        };
                        if $slot >= end {
                            end = $slot + 1;
                        }
                        // Past the end of the table, the visit goes on to
                        // find the length the table needs.
                        if $slot < $n {
                            $body
                        }
                        // The next subset of `free` (Carry-Rippler), with
                        // no wrapping call: `sub | !free` is all ones only
                        // for the last subset, `free` itself.
                        if sub == pat.free {
                            break;
                        }
                        sub = ((sub | !pat.free) + 1) & pat.free;
                        if is_pext {
                            packed = ((packed | !packed_free) + 1) & packed_free;
                        }
                    }
                    $pattern += 1;
                }
                $sq += 1;
            }
            p += 1;
        }
        end
    }};
}

pub(crate) use for_each_occupancy;
