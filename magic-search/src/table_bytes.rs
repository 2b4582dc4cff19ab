//! A set's filled table as little-endian bytes: filled and checked with the
//! same code the const builders run (`magic_core::fill` and its siblings).
//! `magic_tables!` emits these bytes, and magic-runtime's prebuilt tables
//! are these bytes in files (`emit-prebuilt`), so that the crate that holds
//! the table only copies it.

use crate::MagicSet;
use magic_core::{
    distinct_attacks, fill, fill_compressed, fill_pattern_bytes, fill_post_masked, layout_of,
    Slots, DISTINCT_ATTACK_SETS, UNUSED_BYTE,
};

/// The filled table of a set, as the little-endian bytes of its entries;
/// an error names the set's fault (a clash, a table too short).
pub fn table_bytes(set: &MagicSet) -> Result<Vec<u8>, String> {
    let [rm, bm] = &set.magics;
    let [rb, bb] = &set.bits;
    let [ro, bo] = &set.offsets;
    let (layout, length) =
        layout_of(set.scheme, [rm, bm], [rb, bb], [ro, bo]).map_err(|m| m.as_str().to_string())?;
    let name = set.scheme.type_name();
    let n = set.len;
    let bytes = match set.scheme.slots() {
        Slots::Attacks => {
            let mut table = vec![0u64; n];
            fill(&layout, &mut table, name, length).map_err(|m| m.as_str().to_string())?;
            le_bytes(table)
        }
        Slots::PostMasked => {
            let (mut table, mut covered) = (vec![0u64; n], vec![0u64; n]);
            fill_post_masked(&layout, &mut table, &mut covered, name)
                .map_err(|m| m.as_str().to_string())?;
            le_bytes(table)
        }
        Slots::PatternBytes => {
            let mut table = vec![UNUSED_BYTE; n];
            fill_pattern_bytes(&layout, &mut table, name, length)
                .map_err(|m| m.as_str().to_string())?;
            table
        }
        Slots::Compressed => {
            let mut table = vec![0u16; n];
            fill_compressed(&layout, &mut table, name, length)
                .map_err(|m| m.as_str().to_string())?;
            le_bytes(table)
        }
    };
    Ok(bytes)
}

/// The distinct attack sets byte-lookup tables list, as little-endian
/// bytes: the same list their builder makes.
pub fn attack_list_bytes() -> Result<Vec<u8>, String> {
    let mut attacks = vec![0u64; DISTINCT_ATTACK_SETS];
    distinct_attacks(&mut attacks).map_err(|m| m.as_str().to_string())?;
    Ok(le_bytes(attacks))
}

/// Table entries: unsigned integers without padding, whose bytes the
/// table is emitted as.
trait Entry: Copy {
    fn to_le(self) -> Self;
}

impl Entry for u64 {
    fn to_le(self) -> Self {
        u64::to_le(self)
    }
}

impl Entry for u16 {
    fn to_le(self) -> Self {
        u16::to_le(self)
    }
}

/// The little-endian bytes of the entries. The macro is compiled
/// unoptimised: on a little-endian host, where the entries already are
/// their bytes, one copy instead of a loop over 100,000 entries.
fn le_bytes<T: Entry>(mut table: Vec<T>) -> Vec<u8> {
    if cfg!(target_endian = "big") {
        table.iter_mut().for_each(|e| *e = e.to_le());
    }
    let len = std::mem::size_of_val(table.as_slice());
    // SAFETY: the entries are integers without padding, so the vector's
    // `len` bytes are initialised; any byte pattern is a `u8`, and `u8`
    // needs no alignment.
    unsafe { std::slice::from_raw_parts(table.as_ptr().cast::<u8>(), len) }.to_vec()
}
