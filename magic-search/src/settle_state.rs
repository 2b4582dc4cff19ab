//! What `settle` keeps between runs: the parts of each question searched so
//! far, and what each found.

use crate::hunt::target_from_fields;
use crate::rows::{hex_magic, magic_or_dash, rows};
use crate::{HuntTarget, Settled, Stopped};
use std::collections::BTreeMap;

/// The magic field of a part stopped before it settled: `below:` and the
/// magic it reached.
const BELOW: &str = "below:";

/// The magic field of a part walked with its mirror and stopped before it
/// settled, the walk still answering for the mirror: `pair-below:` and
/// the magic it reached.
const PAIR_BELOW: &str = "pair-below:";

/// The part field of a part of the walk from the lowest bits: `low:`, the
/// part and how many parts the walk has (`low:17/4310`).
const LOW: &str = "low:";

/// The parts of `settle` questions searched so far, each with what it
/// found. `magic-search settle --state FILE` keeps them, so that a run cut
/// short (by `--time`, Ctrl-C or a kill) searches only the other parts when
/// it is run again, and a part cut short goes on from where it stopped
/// ([`reached`](Self::reached)). What a part holds does not depend on the
/// run, the shard or the machine, so the files of a job array's shards
/// combine into one with [`merge`](Self::merge), or by putting them one
/// after another.
///
/// ```
/// use magic_search::{MagicQuestion, Piece, SettleState};
/// let c1 = MagicQuestion::new(Piece::Bishop, 2, 4);
/// let target = "bishop,c1,4".parse().unwrap();
/// let mut state = SettleState::default();
/// state.record(target, 7, c1.part(7)).unwrap();
/// let again = SettleState::parse(&state.to_text()).unwrap();
/// assert_eq!(again, state);
/// assert_eq!(again.part(target, 7), Some(c1.part(7)));
/// assert_eq!(again.part(target, 8), None);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SettleState {
    parts: BTreeMap<(HuntTarget, u64), Settled>,
    /// Parts not settled yet: how far a walk got, and its intervals.
    reached: BTreeMap<(HuntTarget, u64), Stopped>,
    /// Parts of the walk from the lowest bits, each with how many parts
    /// that walk has, and what it found (its prefixes for intervals).
    low: BTreeMap<(HuntTarget, u64), (u64, Settled)>,
}

impl SettleState {
    /// Keeps what part `part` of `target` holds. A part recorded before
    /// with another magic is refused: the search is deterministic, so the
    /// two come from different questions or a damaged file.
    ///
    /// ```
    /// use magic_search::{SettleState, Settled};
    /// let t = "rook,c1,10".parse().unwrap();
    /// let mut state = SettleState::default();
    /// state.record(t, 4, Settled { magic: None, nodes: 9 }).unwrap();
    /// assert!(state.record(t, 4, Settled { magic: Some(1), nodes: 9 }).is_err());
    /// ```
    pub fn record(
        &mut self,
        target: HuntTarget,
        part: u64,
        settled: Settled,
    ) -> Result<(), String> {
        match self.parts.insert((target, part), settled) {
            Some(before) if before.magic != settled.magic => {
                self.parts.insert((target, part), before);
                Err(format!(
                    "part {part} of {target} is settled twice, differently ({} and {})",
                    magic_or_dash(before.magic),
                    magic_or_dash(settled.magic)
                ))
            }
            _ => {
                // Settled: how far a stopped walk got no longer matters.
                self.reached.remove(&(target, part));
                Ok(())
            }
        }
    }

    /// Keeps how far a walk of part `part` of `target` got before it was
    /// stopped, unless the part is settled or a walk got further: of two
    /// that got as far, the one that answered for the mirror too
    /// ([`Stopped::with_mirror`]).
    ///
    /// ```
    /// use magic_search::{SettleState, Settled, Stopped};
    /// let t = "rook,h1,11".parse().unwrap();
    /// let mut state = SettleState::default();
    /// let at = |reached, nodes| Stopped { nodes, reached, with_mirror: false };
    /// state.record_reached(t, 2688, at(0x5400_0000_0000_0100, 9));
    /// state.record_reached(t, 2688, at(0x5400_0000_0000_0010, 5));
    /// assert_eq!(state.reached(t, 2688).map(|s| s.nodes), Some(9));
    /// state.record(t, 2688, Settled { magic: None, nodes: 20 }).unwrap();
    /// assert_eq!(state.reached(t, 2688), None);
    /// ```
    pub fn record_reached(&mut self, target: HuntTarget, part: u64, stopped: Stopped) {
        if self.parts.contains_key(&(target, part)) {
            return;
        }
        let kept = self.reached.entry((target, part)).or_insert(stopped);
        if (stopped.reached, stopped.with_mirror) > (kept.reached, kept.with_mirror) {
            *kept = stopped;
        }
    }

    /// How far a walk of part `part` of `target` got, when it was stopped
    /// before it settled the part: none of the part's magics below
    /// [`Stopped::reached`] is one.
    pub fn reached(&self, target: HuntTarget, part: u64) -> Option<Stopped> {
        self.reached.get(&(target, part)).copied()
    }

    /// What part `part` of `target` holds, if it was searched.
    pub fn part(&self, target: HuntTarget, part: u64) -> Option<Settled> {
        self.parts.get(&(target, part)).copied()
    }

    /// The parts of `target` searched, in order, each with what it holds.
    ///
    /// ```
    /// use magic_search::{SettleState, Settled};
    /// let t = "rook,c1,10".parse().unwrap();
    /// let mut state = SettleState::default();
    /// let none = Settled { magic: None, nodes: 1 };
    /// state.record(t, 9, none).unwrap();
    /// state.record(t, 2, none).unwrap();
    /// state.record("rook,d1,10".parse().unwrap(), 5, none).unwrap();
    /// assert_eq!(state.parts_of(t).map(|(part, _)| part).collect::<Vec<_>>(), [2, 9]);
    /// ```
    pub fn parts_of(&self, target: HuntTarget) -> impl Iterator<Item = (u64, Settled)> + '_ {
        self.parts
            .range((target, 0)..=(target, u64::MAX))
            .map(|(&(_, part), &settled)| (part, settled))
    }

    /// Keeps what part `part` of the walk from the lowest bits of `target`
    /// holds ([`MagicQuestion::low_bits_parts`](crate::MagicQuestion::low_bits_parts)),
    /// that walk having `of` parts; its [`Settled::nodes`] are the walk's
    /// prefixes. Refused, as [`record`](Self::record) refuses, where the part
    /// was kept before with another magic or another number of parts.
    ///
    /// ```
    /// use magic_search::{SettleState, Settled};
    /// let t = "rook,b8,9".parse().unwrap();
    /// let mut state = SettleState::default();
    /// let none = Settled { magic: None, nodes: 9 };
    /// state.record_low(t, 4, 300, none).unwrap();
    /// assert!(state.record_low(t, 4, 301, none).is_err());
    /// assert_eq!(state.low_parts_of(t).collect::<Vec<_>>(), [(4, 300, none)]);
    /// ```
    pub fn record_low(
        &mut self,
        target: HuntTarget,
        part: u64,
        of: u64,
        settled: Settled,
    ) -> Result<(), String> {
        match self.low.get(&(target, part)) {
            Some(&(before_of, before)) if (before_of, before.magic) != (of, settled.magic) => {
                Err(format!(
                    "part {part} of the walk of {target} from the lowest bits is settled twice, \
                     differently ({} of {before_of} parts, and {} of {of})",
                    magic_or_dash(before.magic),
                    magic_or_dash(settled.magic)
                ))
            }
            _ => {
                self.low.insert((target, part), (of, settled));
                Ok(())
            }
        }
    }

    /// The parts of the walk of `target` from the lowest bits searched, in
    /// order, each with how many parts the walk has and what it holds.
    pub fn low_parts_of(
        &self,
        target: HuntTarget,
    ) -> impl Iterator<Item = (u64, u64, Settled)> + '_ {
        self.low
            .range((target, 0)..=(target, u64::MAX))
            .map(|(&(_, part), &(of, settled))| (part, of, settled))
    }

    /// How many parts, of every question and either walk, are kept
    /// settled.
    pub fn len(&self) -> usize {
        self.parts.len() + self.low.len()
    }

    /// How many parts, of every question, are kept where a walk stopped
    /// before it settled them.
    ///
    /// ```
    /// use magic_search::{SettleState, Stopped};
    /// let mut state = SettleState::default();
    /// let stopped = Stopped { nodes: 1, reached: 2, with_mirror: false };
    /// state.record_reached("rook,h1,11".parse().unwrap(), 2688, stopped);
    /// assert_eq!((state.len(), state.stopped_len()), (0, 1));
    /// ```
    pub fn stopped_len(&self) -> usize {
        self.reached.len()
    }

    /// The parts, of every question, kept where a walk stopped before it
    /// settled them, in order, each with how far it got.
    ///
    /// ```
    /// use magic_search::{SettleState, Stopped};
    /// let mut state = SettleState::default();
    /// let h1 = "rook,h1,11".parse().unwrap();
    /// let stopped = Stopped { nodes: 1, reached: 2, with_mirror: false };
    /// state.record_reached(h1, 2689, stopped);
    /// state.record_reached(h1, 2688, stopped);
    /// let parts: Vec<u64> = state.stopped().map(|(_, part, _)| part).collect();
    /// assert_eq!(parts, [2688, 2689]);
    /// ```
    pub fn stopped(&self) -> impl Iterator<Item = (HuntTarget, u64, Stopped)> + '_ {
        self.reached
            .iter()
            .map(|(&(target, part), &stopped)| (target, part, stopped))
    }

    /// Whether no part is kept, settled or not.
    pub fn is_empty(&self) -> bool {
        self.parts.is_empty() && self.reached.is_empty() && self.low.is_empty()
    }

    /// The state file: a comment, a header, then one
    /// `piece,square,bits,part,magic,intervals` row per part searched (`-`
    /// where the part holds no magic), by question and part, and one per
    /// part stopped before it settled, its magic field `below:` and how
    /// far the walk got (`pair-below:` where the walk, of the part with its
    /// mirror, still answered for the mirror). Parts of the walk from the
    /// lowest bits follow, their part field `low:` with the part and how
    /// many the walk has, their intervals the prefixes that walk looked at.
    ///
    /// ```
    /// use magic_search::{SettleState, Settled, Stopped};
    /// let mut state = SettleState::default();
    /// let none = Settled { magic: None, nodes: 12 };
    /// state.record("bishop,d1,4".parse().unwrap(), 3, none).unwrap();
    /// assert!(state.to_text().ends_with("\npiece,square,bits,part,magic,intervals\nbishop,d1,4,3,-,12\n"));
    ///
    /// // A part stopped before it settled, read back as it was kept.
    /// let h1 = "rook,h1,11".parse().unwrap();
    /// let reached = 0x5400_0000_0000_0100;
    /// state.record_reached(h1, 2688, Stopped { nodes: 7, reached, with_mirror: false });
    /// assert!(state.to_text().ends_with("\nrook,h1,11,2688,below:0x5400000000000100,7\n"));
    /// assert_eq!(SettleState::parse(&state.to_text()).unwrap(), state);
    ///
    /// // A pair stopped before it settled, the walk answering for both.
    /// state.record_reached(h1, 17, Stopped { nodes: 8, reached: 0x1100, with_mirror: true });
    /// assert!(state.to_text().contains("\nrook,h1,11,17,pair-below:0x0000000000001100,8\n"));
    /// assert_eq!(SettleState::parse(&state.to_text()).unwrap(), state);
    ///
    /// // A part of the walk from the lowest bits.
    /// state.record_low("rook,b8,9".parse().unwrap(), 17, 300, none).unwrap();
    /// assert!(state.to_text().ends_with("\nrook,b8,9,low:17/300,-,12\n"));
    /// assert_eq!(SettleState::parse(&state.to_text()).unwrap(), state);
    /// ```
    pub fn to_text(&self) -> String {
        let mut out = String::from(
            "# magic-search settle state: run the same `magic-search settle` with \
             `--state <this file>` to search only the parts not listed\n",
        );
        out.push_str("piece,square,bits,part,magic,intervals\n");
        for (&(target, part), settled) in &self.parts {
            let magic = magic_or_dash(settled.magic);
            out.push_str(&format!("{target},{part},{magic},{}\n", settled.nodes));
        }
        for (&(target, part), stopped) in &self.reached {
            let (reached, nodes) = (stopped.reached, stopped.nodes);
            let below = if stopped.with_mirror {
                PAIR_BELOW
            } else {
                BELOW
            };
            out.push_str(&format!("{target},{part},{below}{reached:#018x},{nodes}\n"));
        }
        for (&(target, part), &(of, settled)) in &self.low {
            let magic = magic_or_dash(settled.magic);
            out.push_str(&format!(
                "{target},{LOW}{part}/{of},{magic},{}\n",
                settled.nodes
            ));
        }
        out
    }

    /// Reads a state file written by [`to_text`](Self::to_text), or several
    /// put one after another.
    ///
    /// ```
    /// use magic_search::SettleState;
    /// let err = SettleState::parse("rook,c1,10,4,-,12\nrook,c1,10,4,0x5,12\n").unwrap_err();
    /// assert_eq!(err, "line 2: part 4 of rook,c1,10 is settled twice, differently (- and 0x0000000000000005): `rook,c1,10,4,0x5,12`");
    /// ```
    pub fn parse(text: &str) -> Result<Self, String> {
        let mut state = SettleState::default();
        for row in rows(text) {
            let bad = |what: &str| row.error(what);
            let fields: Vec<&str> = row.text.split(',').map(str::trim).collect();
            let [piece, square, bits, part, magic, nodes] = fields[..] else {
                return Err(bad("expected piece,square,bits,part,magic,intervals"));
            };
            let target = target_from_fields(piece, square, bits).map_err(|e| bad(&e))?;
            let nodes = nodes
                .parse()
                .map_err(|_| bad("intervals must be a number"))?;
            let hex = |m: &str| hex_magic(m).ok_or_else(|| bad("magic must be 0x and hex digits"));
            // What a settled part holds: `-` for no magic.
            let found = |m: &str| match m {
                "-" => Ok(None),
                m => hex(m).map(Some),
            };
            if let Some(low) = part.strip_prefix(LOW) {
                let numbers = low.split_once('/').and_then(|(part, of)| {
                    let (part, of) = (part.parse::<u64>().ok()?, of.parse::<u64>().ok()?);
                    (part < of).then_some((part, of))
                });
                let (part, of) =
                    numbers.ok_or_else(|| bad("expected low:PART/PARTS, PART below PARTS"))?;
                let magic = found(magic)?;
                state
                    .record_low(target, part, of, Settled { magic, nodes })
                    .map_err(|e| bad(&e))?;
                continue;
            }
            let part = part.parse().map_err(|_| bad("part must be a number"))?;
            let below = (magic.strip_prefix(BELOW).map(|m| (m, false)))
                .or_else(|| magic.strip_prefix(PAIR_BELOW).map(|m| (m, true)));
            if let Some((reached, with_mirror)) = below {
                let reached = hex(reached)?;
                let stopped = Stopped {
                    nodes,
                    reached,
                    with_mirror,
                };
                state.record_reached(target, part, stopped);
                continue;
            }
            let magic = found(magic)?;
            state
                .record(target, part, Settled { magic, nodes })
                .map_err(|e| bad(&e))?;
        }
        Ok(state)
    }

    /// The parts of all `states` together: what one run over all their
    /// parts would have kept.
    ///
    /// ```
    /// use magic_search::{SettleState, Settled, Stopped};
    /// let t = "bishop,d1,4".parse().unwrap();
    /// let (mut a, mut b) = (SettleState::default(), SettleState::default());
    /// a.record(t, 0, Settled { magic: None, nodes: 5 }).unwrap();
    /// b.record(t, 1, Settled { magic: None, nodes: 6 }).unwrap();
    /// let both = SettleState::merge(&[a, b]).unwrap();
    /// assert_eq!(both.parts_of(t).count(), 2);
    ///
    /// // Of two shards stopped in one part, the one that got further.
    /// let (mut c, mut d) = (SettleState::default(), SettleState::default());
    /// let at = |reached, nodes| Stopped { nodes, reached, with_mirror: false };
    /// c.record_reached(t, 2, at(0x20, 3));
    /// d.record_reached(t, 2, at(0x28, 4));
    /// let both = SettleState::merge(&[c, d]).unwrap();
    /// assert_eq!(both.reached(t, 2), Some(at(0x28, 4)));
    /// ```
    pub fn merge(states: &[SettleState]) -> Result<Self, String> {
        let mut merged = SettleState::default();
        for state in states {
            for (&(target, part), &settled) in &state.parts {
                merged.record(target, part, settled)?;
            }
        }
        for state in states {
            for (&(target, part), &stopped) in &state.reached {
                merged.record_reached(target, part, stopped);
            }
        }
        for state in states {
            for (&(target, part), &(of, settled)) in &state.low {
                merged.record_low(target, part, of, settled)?;
            }
        }
        Ok(merged)
    }
}
