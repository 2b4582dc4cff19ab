//! When squares may share a slot of one array: the rule the const builders
//! check and the packer lays sub-tables out by.

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
            SlotRule::Exact => stored == 0 || stored == attacks,
            SlotRule::PostMasked => {
                stored & postmask & !attacks == 0 && attacks & covered & !stored == 0
            }
        }
    }
}
