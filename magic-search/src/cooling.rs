//! When an annealing search takes a step that makes things worse: with a
//! chance that halves for every `temperature` worse, the temperature
//! falling as the steps run out. [`fewer_slots`](crate::fewer_slots)
//! counts used slots, the packing search entries of array length.
//!
//! Integer arithmetic and the seeded stream alone decide: `f64::exp` and
//! `powf` may round differently from one platform's maths library to
//! another, and one different last bit would make a seed give another
//! result elsewhere.

use crate::rng::SplitMix64;

/// Whether a step that is `worse` worse is kept at `temperature`, given in
/// 256ths: with chance 2^(-worse / temperature), the fraction of a halving
/// taken as a straight line between its ends. Draws from `rng` only when
/// the chance is not 0, so that a search at temperature 0 draws what it
/// would draw without annealing.
pub(crate) fn keeps_worse(rng: &mut SplitMix64, worse: usize, temperature: u64) -> bool {
    if temperature == 0 {
        return false;
    }
    // Halvings, in 256ths.
    let halvings = (worse as u64).saturating_mul(256 * 256) / temperature;
    let (whole, part) = (halvings / 256, halvings % 256);
    if whole >= 64 {
        return false;
    }
    let chance = (u64::MAX >> whole) / 512 * (512 - part);
    rng.next_u64() < chance
}

/// A temperature that starts at a given value and halves again and again
/// until it is about 1 at the last step, falling in a straight line within
/// each halving.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Halving {
    /// The start, in 256ths.
    start: u64,
    steps: u64,
    /// How often it halves: the start's whole halvings down to 1.
    halvings: u64,
}

impl Halving {
    /// From `start` (whole units; 0 stays 0) to about 1 over `steps` steps.
    pub(crate) fn new(start: u32, steps: u64) -> Self {
        Halving {
            start: u64::from(start) * 256,
            steps: steps.max(1),
            halvings: u64::from(start.max(1).ilog2()),
        }
    }

    /// The temperature at step `step`, in 256ths.
    pub(crate) fn at(&self, step: u64) -> u64 {
        let along = u128::from(step.min(self.steps)) * u128::from(self.halvings);
        let steps = u128::from(self.steps);
        let (whole, part) = ((along / steps) as u32, along % steps);
        let high = self.start.checked_shr(whole).unwrap_or(0);
        high - ((u128::from(high / 2) * part / steps) as u64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_worse_step_is_kept_half_as_often_per_temperature_more() {
        let mut rng = SplitMix64::new(9);
        let mut kept = |worse: usize, temperature: u64| {
            (0..20_000)
                .filter(|_| keeps_worse(&mut rng, worse, temperature))
                .count()
        };
        // One worse at a temperature of one (256): half the time.
        let [one, two, four] = [kept(1, 256), kept(2, 256), kept(4, 256)];
        assert!((9_500..10_500).contains(&one), "{one}");
        assert!((4_700..5_300).contains(&two), "{two}");
        assert!((1_100..1_400).contains(&four), "{four}");
        assert!((9_500..10_500).contains(&kept(2, 512)));
        assert_eq!(kept(1, 0), 0);
        assert_eq!(kept(1_000_000, 1), 0);
        // Nothing is drawn at temperature 0.
        let before = rng.clone();
        assert!(!keeps_worse(&mut rng, 1, 0));
        assert_eq!(rng, before);
    }

    /// From 300 to about 1 (8 halvings: 300 >> 8 is 1.17), halving at
    /// every eighth of the way and falling in a straight line between.
    #[test]
    fn the_temperature_halves_down_to_about_one() {
        let halving = Halving::new(300, 8_000);
        assert_eq!(halving.at(0), 300 * 256);
        assert_eq!(halving.at(1_000), 150 * 256);
        assert_eq!(halving.at(500), 225 * 256);
        // 300 256ths: 1.17.
        assert_eq!(halving.at(8_000), 300);
        let temperatures: Vec<u64> = (0..=8_000).map(|s| halving.at(s)).collect();
        assert!(temperatures.windows(2).all(|w| w[1] <= w[0]));
        assert_eq!(Halving::new(0, 100).at(0), 0);
        assert_eq!(Halving::new(1, 100).at(50), 256);
    }
}
