//! When squares may share a slot of one array: the rule the const builders
//! check and the packer lays sub-tables out by.

/// [`SlotRule::Exact`]: the slot is empty, or holds the same set.
///
/// Macros rather than `const fn`s: the proc-macro runs unoptimised, where
/// even an inlined call copies its arguments (the packer's loop took 47%
/// more instructions through functions).
macro_rules! exact_admits {
    ($stored:expr, $attacks:expr) => {
        $stored == 0 || $stored == $attacks
    };
}

/// [`SlotRule::PostMasked`], with `foreign` the square's post-mask less
/// `attacks`: the stored sets may hold none of it, and where another
/// user's post-mask covers a square of `attacks`, they must hold it.
macro_rules! post_masked_admits {
    ($stored:expr, $covered:expr, $attacks:expr, $foreign:expr) => {
        $stored & $foreign == 0 && $attacks & $covered & !$stored == 0
    };
}
pub(crate) use post_masked_admits;

/// When two squares may use one slot.
///
/// ```
/// use magic_core::SlotRule;
/// let (a, b) = (0b0110, 0b0011);
/// // An empty slot takes anything; otherwise only the same attack set.
/// assert!(SlotRule::Exact.admits(0, 0, a, !0));
/// assert!(!SlotRule::Exact.admits(b, !0, a, !0));
/// // Post-masked: each square sees the slot through its own post-mask.
/// assert!(SlotRule::PostMasked.admits(b, 0b0001, a, 0b0110));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SlotRule {
    /// A slot holds one attack set; occupancies meeting there must agree.
    Exact,
    /// Hansen's post-masked slots: a slot holds the union of the attack
    /// sets stored there, and each square masks its lookups with its
    /// empty-board attacks. Neither user may add a square inside the
    /// other's post-mask that the other does not attack.
    PostMasked,
}

impl SlotRule {
    /// Whether a slot holding `stored` (the union of its users' attacks,
    /// 0 when unused), whose users' post-masks together cover `covered`,
    /// can also hold `attacks` of a square whose post-mask is `postmask`.
    /// The slot then holds `stored | attacks`.
    #[inline(always)]
    pub const fn admits(self, stored: u64, covered: u64, attacks: u64, postmask: u64) -> bool {
        match self {
            SlotRule::Exact => exact_admits!(stored, attacks),
            SlotRule::PostMasked => {
                post_masked_admits!(stored, covered, attacks, postmask & !attacks)
            }
        }
    }

    /// The first slot from `at` on that [`admits`](Self::admits) `attacks`
    /// of a square whose post-mask is `postmask`, slots past the end of
    /// `stored` counting as free: `stored.len()` when no slot from `at`
    /// does, and `at` when it is already past the end (`covered` as long
    /// as `stored`; the exact rule reads none of it).
    ///
    /// The same as asking `admits` slot by slot, with the rule matched
    /// once rather than at every slot: a packer tries most offsets of a
    /// sub-table on one slot only, in the unoptimised proc-macro, where
    /// that match cost 60% more instructions than this loop.
    ///
    /// ```
    /// use magic_core::SlotRule;
    /// let stored = [0b0011, 0b0100, 0];
    /// assert_eq!(SlotRule::Exact.first_admitting(&stored, &stored, 0, 0b0100, !0), 1);
    /// assert_eq!(SlotRule::Exact.first_admitting(&stored, &stored, 0, 0b1000, !0), 2);
    /// assert_eq!(SlotRule::Exact.first_admitting(&stored, &stored, 3, 0b1000, !0), 3);
    /// ```
    pub fn first_admitting(
        self,
        stored: &[u64],
        covered: &[u64],
        mut at: usize,
        attacks: u64,
        postmask: u64,
    ) -> usize {
        let n = stored.len();
        match self {
            SlotRule::Exact => {
                while at < n {
                    let s = stored[at];
                    if exact_admits!(s, attacks) {
                        break;
                    }
                    at = at.wrapping_add(1);
                }
            }
            SlotRule::PostMasked => {
                let foreign = postmask & !attacks;
                while at < n {
                    let s = stored[at];
                    if post_masked_admits!(s, covered[at], attacks, foreign) {
                        break;
                    }
                    at = at.wrapping_add(1);
                }
            }
        }
        at
    }
}
