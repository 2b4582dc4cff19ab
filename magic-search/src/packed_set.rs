//! The search of a packed set (black, fixed shift or shared) with its
//! packing alongside.
//!
//! Packing a seeded set's sub-tables is as much work as searching their
//! magics, and it lays one sub-table after another: done after the search,
//! it ran on one core while the other idled. Here a third thread lays each
//! sub-table as soon as its magic is found and those before it in the
//! order of laying are laid; the threads that search also make each
//! sub-table ready to lay ([`Prepared::found`]). The search takes the
//! squares up in the order they are laid in, so the packer seldom waits.
//! The layout is the one [`pack`](crate::pack) (or, with alternatives,
//! `pack_preferring`) gives for the set's sub-tables, whatever the threads
//! do.

use crate::occupancies::Occupancies;
use crate::pack::{largest_first, Adopted, Packer, Prepared};
use crate::search::Budget;
use crate::set::PerSquare;
use crate::squares::search_squares;
use crate::{Piece, SearchError, SearchOptions, SlotRule, SubTable};
use std::sync::mpsc;

/// The set's magics and each sub-table's offset, with the array's length.
pub(crate) type Packed = (PerSquare<u64>, PerSquare<u32>, usize);

/// Searches every square with [`search_squares`] (each on its own, not
/// near its neighbours) and lays the sub-tables by `rule` as their magics
/// come in, in the order [`pack`](crate::pack) lays them
/// ([`largest_first`]). A sub-table that would end past the array laid so
/// far is offered to `alternative` as `pack_preferring` does, and the
/// magic of the one laid instead is the set's. Offsets tried while laying
/// count against `budget` once the search is over, as they did when
/// packing followed it.
pub(crate) fn search_and_pack(
    seed: u64,
    bits: &PerSquare<u8>,
    rule: SlotRule,
    opts: &SearchOptions,
    budget: Option<&Budget>,
    mut alternative: impl FnMut(usize, u32) -> Option<(SubTable, u64)> + Send,
) -> Result<Packed, SearchError> {
    // Sub-tables of `bits` index bits span `1 << bits` slots.
    let span = |t: usize| 1 << bits[t / 64][t % 64];
    let order = largest_first(128, span);
    let room = (0..128).map(span).sum();
    let (send, found) = mpsc::channel::<(usize, Prepared)>();
    std::thread::scope(|scope| {
        let packing = scope.spawn(move || {
            let mut packer = Packer::new(rule, room);
            let mut ready: Vec<Option<Prepared>> = (0..order.len()).map(|_| None).collect();
            let mut offsets = [[0; 64]; 2];
            let mut adopted = Adopted::new();
            let mut next = 0;
            for (t, table) in found {
                ready[t] = Some(table);
                while let Some(table) = order.get(next).and_then(|&t| ready[t].take()) {
                    let t = order[next];
                    let (offset, magic) = packer.lay_preferring(t, table, &mut alternative);
                    offsets[t / 64][t % 64] = offset as u32;
                    adopted.extend(magic.map(|magic| (t, magic)));
                    next += 1;
                }
            }
            (offsets, adopted, packer)
        });
        let magics = {
            let hand_over = |t: usize, magic: u64, o: &Occupancies| {
                let (p, sq) = (t / 64, t % 64);
                let b = u32::from(bits[p][sq]);
                let table = Prepared::found((Piece::ALL[p], sq), o, opts.hash, magic, b, rule);
                // The packer stops when every sender is gone; a send fails
                // only if it stopped early, by a panic the join reports.
                let _ = send.send((t, table));
            };
            search_squares(seed, bits, false, opts, budget, &hand_over)
        };
        drop(send);
        let (offsets, adopted, packer) = packing.join().expect("the packing thread panicked");
        let mut magics = magics?;
        for (t, magic) in adopted {
            magics[t / 64][t % 64] = magic;
        }
        Ok((magics, offsets, packer.finish(budget)))
    })
}

#[cfg(test)]
mod tests {
    use crate::{magic_set, pack, Scheme, SlotRule};

    #[test]
    fn a_seeded_set_is_laid_as_pack_lays_its_sub_tables() {
        let sets = [
            (Scheme::Black, 3, SlotRule::Exact),
            (Scheme::FixedShift, 8, SlotRule::Exact),
            (Scheme::Shared, 42, SlotRule::PostMasked),
        ];
        for (scheme, seed, rule) in sets {
            let set = magic_set(scheme, seed, None).unwrap();
            // With the magics taken in place of those that would lengthen
            // the array, every sub-table lies at its lowest fit.
            let (offsets, len) = pack(&set.sub_tables(), rule);
            assert_eq!(set.offsets.as_flattened(), offsets.as_slice(), "{scheme:?}");
            assert_eq!(set.len, len, "{scheme:?}");
        }
    }
}
