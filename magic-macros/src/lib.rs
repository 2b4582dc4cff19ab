//! The `magic_tables!` proc-macro of `magic-runtime`.
//!
//! It parses the invocation, validates every key, asks `magic-search` for
//! the magics and emits a `static` of them: built by `magic-runtime`'s
//! `const fn` builder in the dev profile, which incremental compilation
//! keeps between rebuilds, and in the release profile filled and checked
//! here with the same code and emitted as bytes, so nothing runs at
//! start-up. Use it through
//! `magic-runtime`, which re-exports it.
#![deny(missing_docs)]

extern crate proc_macro;

mod error;
mod expand;
mod from_set;
mod nearest;
mod out;
mod parse;
mod validate;

use proc_macro::TokenStream;

/// Generates magic attack tables as `static` items while the crate compiles.
///
/// ```text
/// magic_runtime::magic_tables! {
///     /// Slider attacks.
///     pub static SLIDERS { scheme = shift_in_magic }
/// }
/// ```
///
/// Keys: `scheme` (any scheme name, default `fancy`), `set` (a shipped set
/// by name: `best`, the best known fewer-bit magics, for `fancy`,
/// `byte_lookup` and `shared`; `dense`, the fewer-bit magics found by
/// `magic-search hunt`, for `fancy` and `byte_lookup`; `repacked`, magics
/// and offsets chosen together by `magic-search pack`, for `black` and
/// `fixed_shift`), `seed` (an integer), `rook_bits` and
/// `bishop_bits` (one number for all squares, a list of 64 or `[n; 64]`), `max_tries`
/// (candidates per square), `crate` (the path of `magic_runtime` when it is
/// renamed or re-exported, default `::magic_runtime`).
///
/// With magic-runtime's `prebuilt-<scheme>` feature (on by default), a
/// table of that scheme's shipped set (no `seed`, `set` or bits) is a `use`
/// of the static in `magic_runtime::prebuilt`, included once in that crate.
///
/// The examples are in `magic-runtime`'s documentation, which can run them.
#[proc_macro]
pub fn magic_tables(input: TokenStream) -> TokenStream {
    expand_tokens(input.into()).into()
}

/// For `magic_tables!` only: the table of the set it found, filled,
/// checked and given as bytes, in the release profile.
#[doc(hidden)]
#[proc_macro]
pub fn table_from_set(input: TokenStream) -> TokenStream {
    from_set::expand(input.into()).into()
}

/// Parse, validate, expand; every error becomes one spanned compile error,
/// and a table that cannot be made is still declared, so that its uses add
/// no errors of their own.
fn expand_tokens(input: proc_macro2::TokenStream) -> proc_macro2::TokenStream {
    match parse::parse(input) {
        Ok(input) => expand::expand(validate::validate(input)),
        Err(e) => e.to_compile_error(),
    }
}

#[cfg(test)]
mod tests;
