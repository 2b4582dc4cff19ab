//! Sets assembled from hunted magics: `piece,square,bits,magic` rows put in
//! their squares' place in a shipped set. `emit-sets` builds the dense and
//! best sets this way.

use crate::rows::{self, hex_magic};
use crate::set::consecutive;
use crate::settle::carry_shift;
use crate::shared_pairs::with_sparse_pairs;
use crate::{pack, relevant_mask, shipped_set, HuntTarget, MagicSet, Scheme, SlotRule, SubTable};

/// Reads `piece,square,bits,magic` rows, as `magic-search hunt --csv`
/// writes them; `#` starts a comment line.
///
/// ```
/// let rows = magic_search::parse_hunted_csv("piece,square,bits,magic\nbishop,b1,4,0x10\n").unwrap();
/// assert_eq!(rows[0].0.to_string(), "bishop,b1,4");
/// assert_eq!(rows[0].1, 0x10);
/// assert!(magic_search::parse_hunted_csv("bishop,b1,4\n").is_err());
/// ```
pub fn parse_hunted_csv(csv: &str) -> Result<Vec<(HuntTarget, u64)>, String> {
    let mut rows = Vec::new();
    for row in rows::rows(csv) {
        let bad = |what: &str| row.error(what);
        let Some((target, magic)) = row.text.rsplit_once(',').filter(|(t, _)| t.contains(','))
        else {
            return Err(bad("expected piece,square,bits,magic"));
        };
        let target: HuntTarget = target.parse().map_err(|e: String| bad(&e))?;
        let magic = hex_magic(magic).ok_or_else(|| bad("magic must be 0x and hex digits"))?;
        rows.push((target, magic));
    }
    Ok(rows)
}

/// `set` with each found magic and its bits in its square's place, the
/// sub-tables laid out again one after the other.
///
/// ```
/// use magic_search::{shipped_set, with_hunted, Scheme};
/// let set = with_hunted(shipped_set(Scheme::Fancy), &[("bishop,b1,4".parse().unwrap(), 0x10)]);
/// assert_eq!((set.bits[1][1], set.magics[1][1]), (4, 0x10));
/// assert_eq!(set.len, 107_648 - 16);
/// ```
pub fn with_hunted(mut set: MagicSet, found: &[(HuntTarget, u64)]) -> MagicSet {
    for &(t, magic) in found {
        set.magics[t.piece as usize][t.square] = magic;
        set.bits[t.piece as usize][t.square] = t.bits;
    }
    (set.offsets, set.len) = consecutive(set.scheme, &set.bits);
    set
}

/// The fancy set with the best known magics (`data/best-magics.csv`) in
/// their squares' place: what `emit-sets` writes as `BEST_FANCY_*`.
///
/// ```
/// let found = magic_search::parse_hunted_csv("piece,square,bits,magic\nbishop,b1,4,0x10\n").unwrap();
/// assert_eq!(magic_search::best_fancy_set_from(&found).len, 107_648 - 16);
/// ```
pub fn best_fancy_set_from(found: &[(HuntTarget, u64)]) -> MagicSet {
    with_hunted(shipped_set(Scheme::Fancy), found)
}

/// The shared set with the best known magics in their squares' place, each
/// with its shift in its upper six bits, and sub-tables placed by
/// [`pack`](crate::pack), in square order or in reverse; or, where that
/// comes out shorter, with Hansen's pairs of rooks laid as units, each
/// with those magics or with the 12-bit magics of `sparse` (the published
/// fixed-shift ones) that take fewer slots together and leave gaps for
/// other pairs, and the bishops hidden among them: what `emit-sets`
/// writes as `BEST_SHARED_*`.
///
/// The upper six bits of a magic take no part in the index when the
/// square's mask has no bit below bit 6 (every mask of ranks 2 to 8 for a
/// rook, every bishop mask): each of those bits only reaches product bits
/// at 64 and above. So the shift may be stored there without changing the
/// magic.
///
/// # Errors
///
/// A magic whose bits from 58 up reach the index (those of a rook on the
/// first rank) and are not its shift's: it cannot carry the shift.
/// `magic-search settle --shift-in-magic` finds those that can.
///
/// ```
/// use magic_search::{best_shared_set_from, parse_hunted_csv, shipped};
/// let sparse = &shipped::FIXED_SHIFT_ROOK;
/// let found = parse_hunted_csv("piece,square,bits,magic\nrook,b8,10,0x48fffe99fecfaa00\n").unwrap();
/// let set = best_shared_set_from(&found, sparse).unwrap();
/// assert_eq!((set.magics[0][57] >> 58, set.bits[0][57]), (54, 10));
/// let rank_one = parse_hunted_csv("piece,square,bits,magic\nrook,b1,10,0x1\n").unwrap();
/// assert!(best_shared_set_from(&rank_one, sparse).is_err());
/// // Bits 58 to 62 of a rank-one magic reach the index: those of rook
/// // b1's at 11 bits in the shared set already carry its shift.
/// let shipped = magic_search::shipped_set(magic_search::Scheme::Shared).magics[0][1];
/// let carried = format!("piece,square,bits,magic\nrook,b1,11,{:#x}\n", shipped & !(1 << 63));
/// let set = best_shared_set_from(&parse_hunted_csv(&carried).unwrap(), sparse).unwrap();
/// assert_eq!(set.magics[0][1], shipped);
/// ```
pub fn best_shared_set_from(
    found: &[(HuntTarget, u64)],
    sparse: &[u64; 64],
) -> Result<MagicSet, String> {
    let mut set = shipped_set(Scheme::Shared);
    for &(t, magic) in found {
        let width = 64 - relevant_mask(t.piece, t.square).trailing_zeros();
        let bits = u32::from(t.bits);
        let Some(carried) = carry_shift(magic, bits, width) else {
            return Err(format!(
                "{t}: bits 58 to {} of its magic reach the index and are not those of its \
                 shift {}; `magic-search settle {t} --shift-in-magic` looks for one that does",
                width - 1,
                64 - bits
            ));
        };
        set.magics[t.piece as usize][t.square] = carried;
        set.bits[t.piece as usize][t.square] = t.bits;
    }
    let paired = with_sparse_pairs(set.clone(), sparse);
    let (flat, len) = pack_both_ways(&set.sub_tables());
    if paired.len < len {
        return Ok(paired);
    }
    for (i, offset) in flat.into_iter().enumerate() {
        set.offsets[i / 64][i % 64] = offset;
    }
    set.len = len;
    Ok(set)
}

/// The shorter of two [`pack`]s of post-masked sub-tables: in square
/// order and in reverse. `pack` lays sub-tables of one size in the order
/// given, and a sub-table whose end it overlaps with the next one's start
/// can keep that next one's diagonal neighbour from sharing it: with rook
/// d1 at 10 bits, c3 lay one slot into d1's end, d4 went to e3 instead,
/// and two inner rooks were left without a neighbour (56,314 entries; in
/// reverse, 55,289).
fn pack_both_ways(tables: &[SubTable]) -> (Vec<u32>, usize) {
    let forward = pack(tables, SlotRule::PostMasked);
    let reversed: Vec<SubTable> = tables.iter().rev().cloned().collect();
    let (mut offsets, len) = pack(&reversed, SlotRule::PostMasked);
    if len >= forward.1 {
        return forward;
    }
    offsets.reverse();
    (offsets, len)
}
