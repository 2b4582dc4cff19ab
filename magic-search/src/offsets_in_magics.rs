//! Offset-in-magic sets: each sub-table's offset / 8 is the low 16 bits of
//! its magic, so a square's magic is searched with those bits fixed, and
//! where the sub-table goes decides how hard its magic is to find.

use crate::occupancies::Occupancies;
use crate::partner::{next_magic_shared, Partner};
use crate::search::{square_stream, Budget, Scratch, SearchOptions, SquareSearch};
use crate::set::{MagicSet, PerSquare};
use crate::{Piece, Scheme, SearchError, SplitMix64};
use magic_core::OFFSET_UNIT;
use std::sync::Arc;

/// Offset-in-magic sets: square after square in [`placement`] order, each
/// sub-table starts at or after the first multiple of 8 past the last used
/// entry of the one before, at the unit (offset / 8) where its magic is
/// found first ([`first_unit_with_a_magic`]), and the magic holds that unit
/// in its low 16 bits.
pub(crate) fn offsets_in_magics(
    seed: u64,
    bits: PerSquare<u8>,
    opts: &SearchOptions,
    budget: Option<&Budget>,
) -> Result<MagicSet, SearchError> {
    let mut magics = [[0; 64]; 2];
    let mut offsets = [[0; 64]; 2];
    let mut end = 0usize;
    // Each square's occupancies are made on a thread of their own, all of
    // them as fast as it goes: a tenth of the work of the unoptimised
    // macro, off the path of the thread that searches (made a few squares
    // ahead at a time, that thread's wake-ups cost the search more). The
    // squares' searches stay in order, on this thread, each sharing its
    // candidates with a partner thread.
    std::thread::scope(|scope| {
        let partner = Partner::start(scope);
        let (send, squares) = std::sync::mpsc::channel();
        scope.spawn(move || {
            for (piece, sq) in placement() {
                // Stopped early: the search failed and dropped `squares`.
                if send.send(ToLay::new(piece, sq)).is_err() {
                    break;
                }
            }
        });
        for square in squares {
            let (piece, sq, p) = (square.piece, square.sq, square.piece as usize);
            let b = u32::from(bits[p][sq]);
            let first = end.div_ceil(OFFSET_UNIT);
            let rng = square_stream(seed, piece, sq);
            let partner = partner.as_ref();
            let (unit, magic) = first_unit_with_a_magic(
                &square, b, first, rng, opts, budget, partner,
            )
            .map_err(|tries| SearchError::Square {
                piece,
                square: sq,
                bits: b,
                tries,
            })?;
            let offset = unit * OFFSET_UNIT;
            magics[p][sq] = magic;
            offsets[p][sq] = offset as u32;
            end = offset + used_len(&square.o, magic, b);
        }
        Ok::<(), SearchError>(())
    })?;
    Ok(MagicSet {
        scheme: Scheme::OffsetInMagic,
        magics,
        bits,
        offsets,
        len: end,
    })
}

/// A square to lay, made ahead of its search: its occupancies, and those
/// of the [`top_ranks`].
struct ToLay {
    piece: Piece,
    sq: usize,
    o: Arc<Occupancies>,
    top: Occupancies,
}

impl ToLay {
    fn new(piece: Piece, sq: usize) -> Self {
        let o = Occupancies::new(piece, sq);
        let top = top_ranks(&o);
        ToLay {
            piece,
            sq,
            o: Arc::new(o),
            top,
        }
    }

    /// A number of its own among the squares of both pieces.
    fn key(&self) -> usize {
        self.piece as usize * 64 + self.sq
    }
}

/// One past the highest slot an occupancy of `o` takes under `magic`:
/// [`SubTable::used_len`](crate::SubTable::used_len), from the occupancies
/// the search enumerated, without filling a sub-table.
fn used_len(o: &Occupancies, magic: u64, bits: u32) -> usize {
    // A plain loop, no call per occupancy: the unoptimised macro runs it.
    let (occupancies, shift) = (o.occupancies.as_slice(), 64 - bits);
    let (mut highest, mut k) = (0, 0);
    while k < occupancies.len() {
        let index = occupancies[k].wrapping_mul(magic) >> shift;
        if index > highest {
            highest = index;
        }
        k += 1;
    }
    highest as usize + 1
}

/// The squares laid first in an offset-in-magic table, before the rest in
/// order (rooks a1 to h8, then bishops): the centre bishops (9 bits) and
/// the corner rooks (12 bits), whose magics are found far more often with
/// low 16 bits below a few thousand than past 28,000, where they fell when
/// laid in square order. With offsets tried as [`first_unit_with_a_magic`]
/// does, sets for seeds 1 to 5 need 0.8 to 2.2 million candidates in
/// this order, and every one goes past the macro's limit of 150 million
/// in square order.
const LAID_FIRST: [(Piece, usize); 8] = [
    (Piece::Bishop, 27),
    (Piece::Bishop, 28),
    (Piece::Bishop, 35),
    (Piece::Bishop, 36),
    (Piece::Rook, 56),
    (Piece::Rook, 63),
    (Piece::Rook, 0),
    (Piece::Rook, 7),
];

/// Every square of both pieces once, in the order their sub-tables are
/// laid: [`LAID_FIRST`], then the others in order.
fn placement() -> impl Iterator<Item = (Piece, usize)> {
    let rest = Piece::ALL
        .into_iter()
        .flat_map(|piece| (0..64).map(move |sq| (piece, sq)))
        .filter(|square| !LAID_FIRST.contains(square));
    LAID_FIRST.into_iter().chain(rest)
}

/// The most candidates one unit (offset / 8) of a square gets. A unit that
/// admits no magic costs them all, and most units that admit one give it
/// within far fewer.
const UNIT_TRIES: u64 = 65_536;

/// The candidates the first unit of a square gets in the first stage of
/// [`first_unit_with_a_magic`]; each stage doubles every unit's share, up
/// to [`UNIT_TRIES`]. Over seeds 1 to 100, sets need 1.54 million
/// candidates on average with 4,096 (at most 2.5 million), 1.47 million
/// with 1,024 (at most 3.2 million, and tables 0.1% longer), 1.55 million
/// with 8,192, and with 512 or 256 up to 32 or 50 million for some seeds,
/// whose squares run out of aligned units with too little tried on each.
const FIRST_SHARE: u64 = 4_096;

/// The stages that each add the next unit aligned to 2, 4, ... 512 units.
const ALIGNED_STAGES: u32 = 9;

/// The unit where a square's sub-table goes, from `first` on, and its
/// magic, or the candidates counted when none is found.
///
/// Which low 16 bits admit magics, and how often, depends on the bits far
/// more than on how far apart they are: for a bishop on e5 with 9 bits,
/// around unit 200, a unit that is a multiple of 32 or more (224, 256) or
/// has few bits set (130) gives a magic within 1,400 to 10,000
/// candidates, most others within 130,000 to 400,000 or not within
/// 2.4 million. So the search goes by stages: the first takes `first`
/// alone, each of the next [`ALIGNED_STAGES`] adds the next unit that is
/// a multiple of 2, then 4, ... then 512, and later stages add the
/// nearest unit not yet taken. Each stage gives every unit taken so far
/// twice its last share ([`FIRST_SHARE`] first, at most [`UNIT_TRIES`]),
/// nearest unit first, and the first magic found wins: a far unit wins
/// only where it is far easier. Over seeds 1 to 100, sets need 0.75 to
/// 2.5 million candidates (1.54 million on average) where the units one
/// after another, each with 65,536, needed 1.8 to 6.0 million (3.2
/// million), for tables 0.25% longer on average (289,947 entries against
/// 289,240).
///
/// Units whose low bits admit no magic ([`may_admit`]) are passed over at
/// no cost. Each unit draws its candidates from its own stream: the
/// output of `rng` as many places on as the unit is from `first`. The
/// square counts at most `opts.max_tries` candidates, and each one
/// against `budget`; past its limit the search stops. A unit's candidates
/// are shared with `partner`, when there is one ([`next_magic_shared`]),
/// for the same outcome.
fn first_unit_with_a_magic(
    square: &ToLay,
    bits: u32,
    first: usize,
    rng: SplitMix64,
    opts: &SearchOptions,
    budget: Option<&Budget>,
    partner: Option<&Partner>,
) -> Result<(usize, u64), u64> {
    let (o, top) = (&square.o, &square.top);
    let mut top_scratch = Scratch::default();
    let mut admits = |unit: usize| {
        u16::try_from(unit)
            .ok()
            .filter(|&low| may_admit(top, low, bits, &mut top_scratch))
    };
    let unit_tries = opts.max_tries.min(UNIT_TRIES);
    // The units still searched, nearest first: a unit that has had all it
    // gets is dropped, so that a square that finds nothing holds a dozen
    // searches at most, not one for every unit it passed.
    let mut taken: Vec<Unit> = Vec::new();
    // The aligned units, and the nearest unit not yet considered, for the
    // stages after the aligned ones.
    let mut aligned: Vec<usize> = Vec::new();
    let mut nearest = first;
    let (mut scratch, mut tries) = (Scratch::default(), 0u64);
    for stage in 0u32.. {
        let next = match stage {
            0..=ALIGNED_STAGES => {
                let unit = (first + usize::from(stage > 0)).next_multiple_of(1 << stage);
                // Two stages may align to the same unit.
                (!aligned.contains(&unit)).then(|| {
                    aligned.push(unit);
                    unit
                })
            }
            _ => loop {
                nearest += 1;
                match nearest {
                    unit if unit > usize::from(u16::MAX) => break None,
                    unit if !aligned.contains(&unit) => break Some(unit),
                    _ => {}
                }
            },
        };
        if let Some(unit) = next {
            if let Some(low) = admits(unit) {
                let opts = SearchOptions {
                    low_bits: Some(low),
                    ..opts.clone()
                };
                let mut stream = rng.skip((unit - first) as u64);
                let search = SquareSearch::new(o, bits, &mut stream, &opts);
                let at = taken.partition_point(|t| t.unit < unit);
                taken.insert(
                    at,
                    Unit {
                        unit,
                        search,
                        tries: 0,
                    },
                );
            }
        }
        let share = FIRST_SHARE
            .saturating_mul(1 << stage.min(32))
            .min(unit_tries);
        // Every unit has had all it gets, and none is left to take.
        if taken.is_empty() && next.is_none() && stage > ALIGNED_STAGES {
            return Err(tries);
        }
        for t in taken.iter_mut().filter(|t| t.tries < share) {
            let end = share.min(t.tries + (opts.max_tries - tries));
            let before = t.tries;
            let found = next_magic_shared(
                &mut t.search,
                partner,
                (o, square.key()),
                &mut scratch,
                &mut t.tries,
                end,
            );
            tries += t.tries - before;
            let within = budget.is_none_or(|budget| budget.spend(t.tries - before));
            if let Some(magic) = found {
                return Ok((t.unit, magic));
            }
            if !within || tries >= opts.max_tries {
                return Err(tries);
            }
        }
        taken.retain(|t| t.tries < unit_tries);
    }
    Err(tries)
}

/// A unit taken by [`first_unit_with_a_magic`]: its search, and the
/// candidates it has had.
struct Unit {
    unit: usize,
    search: SquareSearch,
    tries: u64,
}

/// The occupancies of a square whose blockers are all on the seventh and
/// eighth ranks (squares 48 to 63). The product of such an occupancy with
/// a magic, modulo 2^64, is its product with the magic's low 16 bits
/// alone: every higher bit of the magic lands at 64 or above. So the low
/// bits that hold an offset fix where these occupancies hash to, before
/// any candidate is drawn ([`may_admit`]).
fn top_ranks(o: &Occupancies) -> Occupancies {
    o.within(!0xffff_ffff_ffff)
}

/// Whether a magic with `bits` index bits whose low 16 bits are `low` may
/// exist: not if two of the [`top_ranks`] occupancies with different
/// attack sets then land in one slot. This rules out, at no cost, a
/// quarter to a half of the offsets of the rooks on the eighth rank and a
/// third of those of the bishops on e4 and d5.
fn may_admit(top: &Occupancies, low: u16, bits: u32, scratch: &mut Scratch) -> bool {
    scratch.is_magic(top, u64::from(low), 64 - bits)
}

#[cfg(test)]
mod tests {
    use super::{
        first_unit_with_a_magic, may_admit, placement, top_ranks, used_len, ToLay, UNIT_TRIES,
    };
    use crate::occupancies::Occupancies;
    use crate::partner::Partner;
    use crate::search::{search_within, square_stream, Budget, Scratch, SearchOptions};
    use crate::set::search_set_within;
    use crate::{Piece, Scheme, SearchError};

    #[test]
    fn an_offset_in_magic_square_tries_at_most_max_tries() {
        let opts = SearchOptions {
            max_tries: 100_000,
            ..SearchOptions::default()
        };
        let (scheme, budget) = (Scheme::OffsetInMagic, Budget::new(u64::MAX));
        let found = search_set_within(scheme, 4, scheme.default_bits(), &opts, Some(&budget));
        match found {
            Err(SearchError::Square { tries, .. }) => assert!(tries <= 100_000, "{tries}"),
            other => panic!("seed 4 finds no set within 100,000 tries a square: {other:?}"),
        }
    }

    #[test]
    fn low_bits_rule_out_only_units_without_a_magic() {
        // Rook f8 with 12 bits and bishop e4 with 9: every unit where
        // candidates find a magic is admitted, and some units are not.
        for (piece, sq, bits, units) in [
            (Piece::Rook, 61, 12, 30_000..30_064),
            (Piece::Bishop, 28, 9, 0..128),
        ] {
            let o = Occupancies::new(piece, sq);
            let top = top_ranks(&o);
            let mut scratch = Scratch::default();
            let mut ruled_out = 0;
            for unit in units {
                let low = u16::try_from(unit).unwrap();
                let admitted = may_admit(&top, low, bits, &mut scratch);
                ruled_out += usize::from(!admitted);
                let opts = SearchOptions {
                    low_bits: Some(low),
                    max_tries: 65_536,
                    ..SearchOptions::default()
                };
                let mut rng = square_stream(unit as u64, piece, sq);
                let found = search_within(&o, bits, &mut rng, &opts, &mut scratch, None);
                assert!(admitted || found.is_err(), "{piece:?} {sq}, unit {unit}");
            }
            assert!(ruled_out > 0, "{piece:?} {sq}");
        }
    }

    #[test]
    fn used_len_is_the_sub_tables() {
        let set = crate::shipped_set(crate::Scheme::OffsetInMagic);
        for (piece, sq) in placement() {
            let (p, bits) = (piece as usize, u32::from(set.bits[piece as usize][sq]));
            let magic = set.magics[p][sq];
            let table = crate::SubTable::new(piece, sq, magic, bits);
            let o = Occupancies::new(piece, sq);
            assert_eq!(
                used_len(&o, magic, bits),
                table.used_len(),
                "{piece:?} {sq}"
            );
        }
    }

    #[test]
    fn placement_lays_every_square_of_both_pieces_once() {
        let mut seen = [[0; 64]; 2];
        for (piece, sq) in placement() {
            seen[piece as usize][sq] += 1;
        }
        assert_eq!(seen, [[1; 64]; 2]);
    }

    /// The units one after another from `first`, each with all of
    /// [`UNIT_TRIES`], as offset-in-magic sets were searched before stages:
    /// the candidates they take.
    fn one_unit_after_another(o: &Occupancies, bits: u32, first: usize, seed: u64) -> u64 {
        let (top, mut scratch, budget) = (top_ranks(o), Scratch::default(), Budget::new(u64::MAX));
        let rng = square_stream(seed, Piece::Bishop, 36);
        let found = (first..).find(|&unit| {
            let low = u16::try_from(unit).unwrap();
            let opts = SearchOptions {
                low_bits: Some(low),
                max_tries: UNIT_TRIES,
                ..SearchOptions::default()
            };
            let mut rng = rng.skip((unit - first) as u64);
            may_admit(&top, low, bits, &mut scratch)
                && search_within(o, bits, &mut rng, &opts, &mut scratch, Some(&budget)).is_ok()
        });
        assert!(found.is_some());
        budget.used()
    }

    #[test]
    fn an_aligned_unit_is_taken_where_the_nearest_are_hard() {
        // A bishop on e5 from unit 197: most units up to 223 need hundreds
        // of thousands of candidates, 224 (a multiple of 32) and 256 a few
        // thousand. By stages the search finds each magic at a unit that
        // is a multiple of 8, with at most a third of the candidates the
        // units one after another take over seeds 1 to 8 (1.6 million
        // against 8.5 million); each magic holds its unit and hashes every
        // occupancy.
        let square = ToLay::new(Piece::Bishop, 36);
        let o = &*square.o;
        let opts = SearchOptions::default();
        let (mut by_stages, mut one_by_one) = (0, 0);
        for seed in 1..=8 {
            let budget = Budget::new(u64::MAX);
            let rng = square_stream(seed, Piece::Bishop, 36);
            let (unit, magic) =
                first_unit_with_a_magic(&square, 9, 197, rng, &opts, Some(&budget), None)
                    .unwrap_or_else(|tries| panic!("seed {seed}: nothing in {tries} candidates"));
            assert!(unit >= 197 && unit % 8 == 0, "seed {seed}: unit {unit}");
            assert_eq!(magic & 0xffff, unit as u64, "seed {seed}");
            assert!(Scratch::default().is_magic(o, magic, 64 - 9), "seed {seed}");
            by_stages += budget.used();
            one_by_one += one_unit_after_another(o, 9, 197, seed);
        }
        assert!(
            by_stages * 3 <= one_by_one,
            "{by_stages} against {one_by_one}"
        );
    }

    #[test]
    fn a_square_counts_every_candidate_and_stops_at_its_limit() {
        // Rook a8 from unit 288: what the square reports as its count is
        // what it spent, with or without a limit on the square, and with
        // or without a partner thread.
        let square = ToLay::new(Piece::Rook, 56);
        let rng = square_stream(42, Piece::Rook, 56);
        let opts = SearchOptions::default();
        std::thread::scope(|scope| {
            let partner = Partner::spawn(scope);
            let mut outcomes = Vec::new();
            for partner in [None, Some(&partner)] {
                // Rook a8 from unit 288 with a limit of `max_tries` on the
                // square, and what it spent.
                let from_288 = |max_tries| {
                    let (spent, opts) = (
                        Budget::new(u64::MAX),
                        SearchOptions {
                            max_tries,
                            ..opts.clone()
                        },
                    );
                    let found = first_unit_with_a_magic(
                        &square,
                        12,
                        288,
                        rng.clone(),
                        &opts,
                        Some(&spent),
                        partner,
                    );
                    (found, spent.used())
                };
                let (found, used) = from_288(opts.max_tries);
                let (unit, _) = found.expect("rook a8 finds a magic");
                assert!(used > 10_000, "{used}");
                // With fewer tries than that, the square fails having
                // counted exactly its limit, and the unit found is not
                // within them.
                let limit = used / 2;
                assert_eq!(from_288(limit), (Err(limit), limit), "unit {unit}");
                outcomes.push((found, used));
            }
            assert_eq!(outcomes[0], outcomes[1]);
        });
    }
}
