//! An emitted table in the release profile: `magic_tables!` passes the set
//! it found to `table_from_set!`, which fills and checks the table with
//! the code the const builders run and gives it as bytes the user's crate
//! only copies (`__from_table`). Release builds are not incremental, so a
//! fill left to const evaluation would run again on every rebuild.
//!
//! In the dev profile `magic_tables!` gives the same set to the const
//! builder (`new`) instead: incremental compilation keeps the evaluated
//! static from one rebuild to the next, where the bytes of a table of
//! 2 MiB would be read again every time. `#[cfg(debug_assertions)]`
//! chooses, and rustc expands this macro only where it stays. A table
//! whose fill would pass the invocation's bound on work (`FILL_WORK` in
//! `expand.rs`) comes from this macro in both profiles.
//!
//! The set travels as `(krate) scheme len [..] [..] [..] [..] [..] [..]`:
//! rook and bishop magics, bits and offsets, written and read here.

use crate::error::{Error, Result};
use crate::out::Out;
use magic_core::{Slots, DISTINCT_ATTACK_SETS};
use magic_search::{attack_list_bytes, table_bytes, Builder, MagicSet, Scheme};
use proc_macro2::{Delimiter, Literal, Span, TokenStream, TokenTree};

/// The call of `table_from_set!` for `set`, through `krate`.
pub fn call(krate: &TokenStream, set: &MagicSet) -> Out {
    let lists = [
        list(&set.magics[0]),
        list(&set.magics[1]),
        list(&set.bits[0]),
        list(&set.bits[1]),
        list(&set.offsets[0]),
        list(&set.offsets[1]),
    ];
    let inner = Out::default()
        .group(Delimiter::Parenthesis, Out(krate.clone()))
        .code(&format!(
            "{} {} {}",
            set.scheme.name(),
            set.len,
            lists.join(" ")
        ));
    Out(krate.clone())
        .code("::__private::table_from_set!")
        .group(Delimiter::Brace, inner)
}

/// The expansion of `table_from_set!`: the table's value, or the error.
pub fn expand(input: TokenStream) -> TokenStream {
    match read(input).and_then(|(krate, set)| value(&krate, &set)) {
        Ok(out) => out.0,
        Err(e) => e.to_compile_error(),
    }
}

/// The builder's arguments other than the table, as code.
pub fn builder_args(set: &MagicSet) -> Vec<String> {
    let [rook, bishop] = set.magics.map(|m| format!("&{}", list(&m)));
    let [rook_bits, bishop_bits] = set.bits.map(|b| format!("&{}", list(&b)));
    let [rook_offsets, bishop_offsets] = set.offsets.map(|o| format!("&{}", list(&o)));
    match set.scheme.builder() {
        Builder::MagicsAndBits => vec![rook, rook_bits, bishop, bishop_bits],
        Builder::Magics => vec![rook, bishop],
        Builder::MagicsAndOffsets => vec![rook, rook_offsets, bishop, bishop_offsets],
        Builder::Nothing | Builder::UnitStruct => Vec::new(),
    }
}

/// `krate::Type::<N>`, or `krate::Type` for types without a length.
pub fn type_path(krate: &TokenStream, set: &MagicSet) -> Out {
    let turbofish = match set.scheme.has_length_parameter() {
        true => format!("::<{}>", set.len),
        false => String::new(),
    };
    Out(krate.clone()).code(&format!("::{}{turbofish}", set.scheme.type_name()))
}

/// `unsafe { krate::Type::<N>::__from_table(args.., table) }`.
fn value(krate: &TokenStream, set: &MagicSet) -> Result<Out> {
    let fault = |e| Error::new(Span::call_site(), e);
    let bytes = table_bytes(set).map_err(fault)?;
    let len = set.len;
    let read = match set.scheme.slots() {
        Slots::PatternBytes => "u8s",
        Slots::Compressed => "u16s_from_le_bytes",
        Slots::Attacks | Slots::PostMasked | Slots::Lines => "u64s_from_le_bytes",
    };
    let mut args = Out::default();
    for arg in builder_args(set) {
        args = args.code(&arg).code(",");
    }
    let bytes = Out::default().tokens([TokenTree::Literal(Literal::byte_string(&bytes))]);
    args = args
        .tokens(krate.clone())
        .code(&format!("::__private::{read}::<{len}>"))
        .group(Delimiter::Parenthesis, bytes);
    // The list of distinct attack sets the bytes number.
    if set.scheme.slots() == Slots::PatternBytes {
        let list = attack_list_bytes().map_err(fault)?;
        let list = Out::default().tokens([TokenTree::Literal(Literal::byte_string(&list))]);
        args = args
            .code(",")
            .tokens(krate.clone())
            .code(&format!(
                "::__private::u64s_from_le_bytes::<{DISTINCT_ATTACK_SETS}>"
            ))
            .group(Delimiter::Parenthesis, list);
    }
    // SAFETY (of the emitted call): the table is what the builder fills
    // from these magics, filled and checked above by the same code.
    let call = type_path(krate, set)
        .code("::__from_table")
        .group(Delimiter::Parenthesis, args);
    Ok(Out::default().code("unsafe").group(Delimiter::Brace, call))
}

/// The set `call` wrote, and the path of magic_runtime.
fn read(input: TokenStream) -> Result<(TokenStream, MagicSet)> {
    let malformed = || {
        Error::new(
            Span::call_site(),
            "`table_from_set!` reads what `magic_tables!` writes; call `magic_tables!` instead",
        )
    };
    let mut tokens = input.into_iter();
    let krate = match tokens.next() {
        Some(TokenTree::Group(g)) if g.delimiter() == Delimiter::Parenthesis => g.stream(),
        _ => return Err(malformed()),
    };
    let scheme: Scheme = match tokens.next() {
        Some(TokenTree::Ident(i)) => i.to_string().parse().map_err(|_| malformed())?,
        _ => return Err(malformed()),
    };
    let len = tokens.next().and_then(number).ok_or_else(malformed)?;
    let mut lists = || -> Option<MagicSet> {
        Some(MagicSet {
            scheme,
            magics: [numbers(tokens.next()?)?, numbers(tokens.next()?)?],
            bits: [numbers(tokens.next()?)?, numbers(tokens.next()?)?],
            offsets: [numbers(tokens.next()?)?, numbers(tokens.next()?)?],
            len,
        })
    };
    let set = lists().ok_or_else(malformed)?;
    if tokens.next().is_some() {
        return Err(malformed());
    }
    Ok((krate, set))
}

/// An unsuffixed integer literal.
fn number<T: std::str::FromStr>(token: TokenTree) -> Option<T> {
    match token {
        TokenTree::Literal(l) => l.to_string().parse().ok(),
        _ => None,
    }
}

/// `[1, 2, 3, ...]`: 64 numbers.
fn numbers<T: std::str::FromStr>(token: TokenTree) -> Option<[T; 64]> {
    let TokenTree::Group(g) = token else {
        return None;
    };
    if g.delimiter() != Delimiter::Bracket {
        return None;
    }
    let values: Option<Vec<T>> = g
        .stream()
        .into_iter()
        .filter(|t| !matches!(t, TokenTree::Punct(p) if p.as_char() == ','))
        .map(number)
        .collect();
    values?.try_into().ok()
}

/// `[1, 2, 3]`: the numbers as unsuffixed literals.
fn list<T: std::fmt::Display>(values: &[T; 64]) -> String {
    let numbers: Vec<String> = values.iter().map(T::to_string).collect();
    format!("[{}]", numbers.join(", "))
}
