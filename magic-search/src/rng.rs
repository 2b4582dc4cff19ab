//! The search's own pseudo-random numbers: SplitMix64 (Steele, Lea and
//! Flood), chosen because it is tiny, fast in unoptimised builds, and fully
//! specified, so a seed gives the same magics on every platform and version.

/// The increment of the SplitMix64 state (the golden ratio).
const GAMMA: u64 = 0x9e37_79b9_7f4a_7c15;

/// The SplitMix64 output function of a state.
#[inline(always)]
fn mix(state: u64) -> u64 {
    let z = (state ^ (state >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    let z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// A SplitMix64 generator.
///
/// ```
/// let mut rng = magic_search::SplitMix64::new(0);
/// assert_eq!(rng.next_u64(), 0xe220_a839_7b1d_cdaf);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    /// A generator whose first output is the SplitMix64 mix of `seed + γ`.
    ///
    /// ```
    /// let a = magic_search::SplitMix64::new(7).next_u64();
    /// let b = magic_search::SplitMix64::new(7).next_u64();
    /// assert_eq!(a, b);
    /// ```
    pub const fn new(seed: u64) -> Self {
        SplitMix64 { state: seed }
    }

    /// The next 64 random bits.
    ///
    /// ```
    /// let mut rng = magic_search::SplitMix64::new(1);
    /// assert_ne!(rng.next_u64(), rng.next_u64());
    /// ```
    #[inline(always)] // also unoptimised, where the macro searches
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(GAMMA);
        mix(self.state)
    }

    /// The generator `n` outputs on, in one step.
    pub(crate) fn skip(&self, n: u64) -> SplitMix64 {
        SplitMix64 {
            state: self.state.wrapping_add(GAMMA.wrapping_mul(n)),
        }
    }

    /// A sparse candidate: the AND of three draws, so about 8 bits are set.
    /// Magics with few set bits are found far more often.
    ///
    /// ```
    /// let mut rng = magic_search::SplitMix64::new(3);
    /// let total: u32 = (0..1000).map(|_| rng.sparse().count_ones()).sum();
    /// assert!((6_000..10_000).contains(&total));
    /// ```
    #[inline(always)] // also unoptimised, where the macro searches
    pub fn sparse(&mut self) -> u64 {
        // Three `next_u64` with the state read and written once: this is
        // most of a rejected candidate's cost in the unoptimised macro.
        let first = self.state.wrapping_add(GAMMA);
        let second = first.wrapping_add(GAMMA);
        self.state = second.wrapping_add(GAMMA);
        mix(first) & mix(second) & mix(self.state)
    }

    /// Shuffles `items` (Fisher-Yates) with draws from this stream. A plain
    /// loop: the macro shuffles unoptimised, where range iterators cost
    /// several times more.
    pub(crate) fn shuffle<T: Copy>(&mut self, items: &mut [T]) {
        let mut i = items.len();
        while i > 1 {
            i -= 1;
            let j = (self.next_u64() % (i as u64 + 1)) as usize;
            swap_by_hand(items, i, j);
        }
    }

    /// The stream that orders checks where only the order's speed matters,
    /// never the answer: the same on every machine.
    pub(crate) fn check_order() -> Self {
        SplitMix64::new(0x5eed)
    }
}

/// Sparse candidate magics for the search of a set: the AND of three
/// consecutive xorshift64 draws (Marsaglia's shifts 13, 7, 17), so about 8
/// bits are set, as with [`SplitMix64::sparse`]. Most candidates fail the
/// search's cheap filter, so drawing them is much of a search's work.
/// Candidates slide along the draws (draws 1 to 3, then 2 to 4, ...): one
/// draw per candidate rather than three takes about a sixth off the
/// unoptimised search's instructions, and over seeds 1 to 40 a set needs
/// no more candidates than with three fresh draws each (11.5 M against
/// 11.7 M on average).
#[derive(Clone, Copy)]
pub(crate) struct SparseCandidates {
    /// The last draw; never 0: xorshift maps 0 to itself and nothing else
    /// to 0.
    last: u64,
    /// The draw before it.
    before: u64,
}

/// One xorshift64 step.
#[inline(always)] // also unoptimised, where the macro searches
const fn xorshift(x: u64) -> u64 {
    // Three names rather than one mutable one: the unoptimised macro
    // keeps each in a register instead of storing it back every step.
    let a = x ^ x << 13;
    let b = a ^ a >> 7;
    b ^ b << 17
}

impl SparseCandidates {
    /// A stream seeded by the next draw of `rng`.
    pub(crate) fn from_stream(rng: &mut SplitMix64) -> Self {
        let before = rng.next_u64() | 1;
        SparseCandidates {
            last: xorshift(before),
            before,
        }
    }

    /// The next candidate, with the bits of `quarter` set one time in four
    /// and those of `half` one time in two (a square's
    /// [`Shape`](crate::Shape)), the others one time in eight.
    #[inline(always)] // also unoptimised, where the macro searches
    pub(crate) fn next_shaped(&mut self, quarter: u64, half: u64) -> u64 {
        let x = xorshift(self.last);
        let pair = self.before & self.last;
        let candidate = pair & (x | quarter) | x & half;
        self.before = self.last;
        self.last = x;
        candidate
    }

    /// Moves on `n` draws, as `n` calls of [`next_shaped`](Self::next_shaped)
    /// would, without forming the candidates.
    pub(crate) fn skip(&mut self, n: u64) {
        let (mut before, mut last) = (self.before, self.last);
        let mut k = 0;
        while k < n {
            (before, last) = (last, xorshift(last));
            // No overflow check in the unoptimised macro: `k < n`.
            k = k.wrapping_add(1);
        }
        (self.before, self.last) = (before, last);
    }
}

/// Swaps `items[i]` and `items[j]` by hand: `slice::swap`, with its checks,
/// costs several times more in the unoptimised macro.
#[inline(always)]
#[allow(clippy::manual_swap)]
pub(crate) fn swap_by_hand<T: Copy>(items: &mut [T], i: usize, j: usize) {
    let item = items[i];
    items[i] = items[j];
    items[j] = item;
}
