//! Parallel bit extract and deposit: the BMI2 instructions where the code
//! being compiled targets them, the portable loops of `magic-core`
//! everywhere else.

#[cfg(not(all(target_arch = "x86_64", target_feature = "bmi2")))]
use crate::{pdep, pext};

/// `pext` as one instruction when the crate being compiled targets BMI2.
#[inline(always)]
pub(crate) fn pext_fast(x: u64, mask: u64) -> u64 {
    #[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
    // SAFETY: the target has BMI2, so the instruction exists.
    return unsafe { core::arch::x86_64::_pext_u64(x, mask) };
    #[cfg(not(all(target_arch = "x86_64", target_feature = "bmi2")))]
    return pext(x, mask);
}

/// `pdep` as one instruction when the crate being compiled targets BMI2.
#[inline(always)]
pub(crate) fn pdep_fast(x: u64, mask: u64) -> u64 {
    #[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
    // SAFETY: the target has BMI2, so the instruction exists.
    return unsafe { core::arch::x86_64::_pdep_u64(x, mask) };
    #[cfg(not(all(target_arch = "x86_64", target_feature = "bmi2")))]
    return pdep(x, mask);
}

/// Whether this build of the crate looks its PEXT tables up with the BMI2
/// instructions (`-C target-feature=+bmi2` or a `target-cpu` that has
/// them) rather than the portable loop. Decided when the code using the
/// tables is compiled, never by the machine that ran the proc-macro.
///
/// BMI2 is not the same as a fast `pext`: AMD's Zen and Zen 2 have the
/// instructions but run them as microcode, where PEXT lookups take about
/// ten times as long as a magic scheme's (`black`, whose lookups are the
/// same in either build). Choose a PEXT scheme for Intel from Haswell
/// and AMD from Zen 3.
///
/// ```
/// # use magic_runtime_core as magic_runtime;
/// // Build with RUSTFLAGS="-C target-feature=+bmi2" (or -C target-cpu=native
/// // on a BMI2 CPU) for the instructions.
/// let how = if magic_runtime::uses_bmi2() { "BMI2 instructions" } else { "a portable loop" };
/// println!("PEXT lookups use {how}");
/// ```
pub const fn uses_bmi2() -> bool {
    cfg!(all(target_arch = "x86_64", target_feature = "bmi2"))
}
