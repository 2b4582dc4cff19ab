//! A set's filled table as little-endian bytes: filled and checked with the
//! same code the const builders run (`magic_core::fill` and its siblings).
//! `magic_tables!` emits these bytes, and magic-runtime's prebuilt tables
//! are these bytes in files (`emit-prebuilt`), so that the crate that holds
//! the table only copies it.

use crate::MagicSet;
use magic_core::{
    distinct_attacks, fill, fill_compressed, fill_lines, fill_pattern_bytes, fill_post_masked,
    layout_of, Message, Slots, DISTINCT_ATTACK_SETS, UNUSED_BYTE,
};

/// The filled table of a set, as the little-endian bytes of its entries;
/// an error names the set's fault (a clash, a table too short).
pub fn table_bytes(set: &MagicSet) -> Result<Vec<u8>, String> {
    let [rm, bm] = &set.magics;
    let [rb, bb] = &set.bits;
    let [ro, bo] = &set.offsets;
    let (layout, length) = layout_of(set.scheme, [rm, bm], [rb, bb], [ro, bo]).map_err(text)?;
    let name = set.scheme.type_name();
    let n = set.len;
    let bytes = match set.scheme.slots() {
        Slots::Attacks => filled_bytes(n, |table: &mut [u64]| {
            fill(&layout, table, name, length).map_err(text)
        })?,
        Slots::PostMasked => {
            let mut covered = vec![0u64; n];
            filled_bytes(n, |table: &mut [u64]| {
                fill_post_masked(&layout, table, &mut covered, name).map_err(text)
            })?
        }
        Slots::PatternBytes => {
            let mut table = vec![UNUSED_BYTE; n];
            fill_pattern_bytes(&layout, &mut table, name, length).map_err(text)?;
            table
        }
        Slots::Compressed => filled_bytes(n, |table: &mut [u16]| {
            fill_compressed(&layout, table, name, length).map_err(text)
        })?,
        Slots::Lines => filled_bytes(n, |table: &mut [u64]| fill_lines(table, name).map_err(text))?,
    };
    Ok(bytes)
}

/// The little-endian bytes of a table of `n` entries, zeroed, then filled
/// by `fill_table`.
///
/// The entries are filled in the byte vector itself where its memory is
/// aligned for them (as allocators give it): a table of 2 MiB filled apart
/// and copied touched twice the memory, and the unoptimised macro paid
/// for each new page.
fn filled_bytes<T: Entry, R>(
    n: usize,
    fill_table: impl FnOnce(&mut [T]) -> Result<R, String>,
) -> Result<Vec<u8>, String> {
    let mut bytes = vec![0u8; n * size_of::<T>()];
    // SAFETY: `T` is an unsigned integer without padding (`Entry`), for
    // which every byte pattern is a value, so bytes may be viewed as `T`s
    // where `align_to_mut` finds them aligned.
    let (before, entries, _) = unsafe { bytes.align_to_mut::<T>() };
    if before.is_empty() && entries.len() == n {
        fill_table(entries)?;
        if cfg!(target_endian = "big") {
            entries.iter_mut().for_each(|e| *e = e.to_le());
        }
        return Ok(bytes);
    }
    let mut table = vec![T::default(); n];
    fill_table(&mut table)?;
    Ok(le_bytes(table))
}

/// A failed fill's message as text.
fn text(m: Message) -> String {
    m.as_str().to_string()
}

/// The distinct attack sets byte-lookup tables list, as little-endian
/// bytes: the same list their builder makes.
pub fn attack_list_bytes() -> Result<Vec<u8>, String> {
    let mut attacks = vec![0u64; DISTINCT_ATTACK_SETS];
    distinct_attacks(&mut attacks).map_err(text)?;
    Ok(le_bytes(attacks))
}

/// Table entries: unsigned integers without padding, whose bytes the
/// table is emitted as.
trait Entry: Copy + Default {
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
