//! Emits one `static` per table: the magics as literals and the table the
//! macro filled and checked (`magic_search::table_bytes`), as bytes the user's crate only
//! copies, so that a rebuild costs no more than any other static data. A
//! shipped set's table that magic-runtime prebuilds (its `prebuilt-*`
//! features) is a `use` of that static instead: no bytes at all.

use crate::error::{Error, Result};
use crate::validate::{Failed, Header, Table};
use magic_core::{Slots, DISTINCT_ATTACK_SETS};
use magic_search::{
    attack_list_bytes, is_shipped, magic_set_within, named_set, shipped_set, table_bytes, Budget,
    Builder, MagicSet, Scheme, SearchError, SearchOptions,
};
use proc_macro2::{Delimiter, Group, Literal, TokenStream, TokenTree};

/// The candidate magics one invocation may try in all, over all its
/// tables: a bound on the work of any input (under 10 s on the CI machine,
/// where the unoptimised macro tries 12 to 80 million a second), counted
/// the same way on every machine. A default-bits fancy set needs about 10
/// million; an offset-in-magic set about 80 million.
pub const WORK_LIMIT: u64 = 150_000_000;

pub fn expand(tables: Vec<std::result::Result<Table, Failed>>) -> TokenStream {
    let budget = Budget::new(WORK_LIMIT);
    tables
        .into_iter()
        .map(|table| match table {
            Ok(t) => match expand_table(&t, &budget) {
                Ok(tokens) => tokens,
                Err(e) => declare_failed(&failed(t, e)),
            },
            Err(f) => declare_failed(&f),
        })
        .collect()
}

fn failed(t: Table, error: Error) -> Failed {
    Failed {
        header: t.header,
        scheme: Some(t.scheme),
        error,
        declare: true,
    }
}

/// Tokens written in order: the macro's own code as text, the user's
/// tokens as given (with their spans), and groups around either.
#[derive(Default)]
struct Out(TokenStream);

impl Out {
    /// Code of the macro's own, balanced in its delimiters.
    fn code(mut self, code: &str) -> Self {
        self.0.extend(
            code.parse::<TokenStream>()
                .expect("the macro's own code parses"),
        );
        self
    }

    fn tokens(mut self, tokens: impl IntoIterator<Item = TokenTree>) -> Self {
        self.0.extend(tokens);
        self
    }

    fn group(self, delimiter: Delimiter, inner: Out) -> Self {
        self.tokens([TokenTree::Group(Group::new(delimiter, inner.0))])
    }
}

/// `#attrs #vis static #name: #krate::#ty<N> = ` and then `value;`.
fn declare(t: &Header, ty: &str, value: Out) -> TokenStream {
    Out::default()
        .tokens(t.attrs.clone())
        .tokens(t.vis.clone())
        .tokens([t.static_token.clone().into(), t.name.clone().into()])
        .code(":")
        .tokens(t.krate.clone())
        .code(&format!("::{ty} ="))
        .tokens(value.0)
        .code(";")
        .0
}

/// `<N>` for the types with a length parameter.
fn generics(scheme: Scheme, len: usize) -> String {
    match scheme.has_length_parameter() {
        true => format!("<{len}>"),
        false => String::new(),
    }
}

/// The error, as the value of a `static` of the table's type: the error
/// is reported once, and uses of the table type-check instead of adding
/// "cannot find value" errors of their own.
fn declare_failed(f: &Failed) -> TokenStream {
    let error = f.error.to_compile_error();
    if !f.declare {
        return error;
    }
    let scheme = f.scheme.unwrap_or(Scheme::Fancy);
    let ty = format!(
        "{}{}",
        scheme.type_name(),
        generics(scheme, shipped_set(scheme).len)
    );
    declare(&f.header, &ty, Out::default().tokens(error))
}

fn expand_table(t: &Table, budget: &Budget) -> Result<TokenStream> {
    let header = &t.header;
    if let Some(name) = prebuilt(t) {
        return Ok(Out::default()
            .tokens(header.attrs.clone())
            .tokens(header.vis.clone())
            .code("use")
            .tokens(header.krate.clone())
            .code(&format!("::prebuilt::{name} as"))
            .tokens([TokenTree::Ident(header.name.clone())])
            .code(";")
            .0);
    }
    let set = find(t, budget)?;
    let krate = || Out::default().tokens(header.krate.clone());
    let ty = t.scheme.type_name();
    let len = set.len;
    let ty_n = format!("{ty}{}", generics(t.scheme, len));
    if t.scheme.builder() == Builder::UnitStruct {
        return Ok(declare(header, ty, krate().code(&format!("::{ty}"))));
    }
    let bytes = table_bytes(&set).map_err(|e| Error::new(header.name.span(), e))?;
    let read = match t.scheme.slots() {
        Slots::PatternBytes => "u8s",
        Slots::Compressed => "u16s_from_le_bytes",
        Slots::Attacks | Slots::PostMasked => "u64s_from_le_bytes",
    };
    let bytes = Out::default().tokens([TokenTree::Literal(Literal::byte_string(&bytes))]);
    let mut table = krate()
        .code(&format!("::__private::{read}::<{len}>"))
        .group(Delimiter::Parenthesis, bytes);
    // The list of distinct attack sets the bytes number.
    if t.scheme.slots() == Slots::PatternBytes {
        let list = attack_list_bytes().map_err(|e| Error::new(header.name.span(), e))?;
        let list = Out::default().tokens([TokenTree::Literal(Literal::byte_string(&list))]);
        table = table
            .code(",")
            .tokens(krate().0)
            .code(&format!(
                "::__private::u64s_from_le_bytes::<{DISTINCT_ATTACK_SETS}>"
            ))
            .group(Delimiter::Parenthesis, list);
    }
    let [rook, bishop] = set.magics.map(|m| list(&m));
    let [rook_bits, bishop_bits] = set.bits.map(|b| list(&b));
    let [rook_offsets, bishop_offsets] = set.offsets.map(|o| list(&o));
    let args = match t.scheme.builder() {
        Builder::MagicsAndBits => format!("&{rook}, &{rook_bits}, &{bishop}, &{bishop_bits},"),
        Builder::Magics => format!("&{rook}, &{bishop},"),
        Builder::MagicsAndOffsets => {
            format!("&{rook}, &{rook_offsets}, &{bishop}, &{bishop_offsets},")
        }
        Builder::Nothing | Builder::UnitStruct => String::new(),
    };
    let turbofish = match t.scheme.has_length_parameter() {
        true => format!("::<{len}>"),
        false => String::new(),
    };
    // SAFETY (of the emitted call): the table is what the builder fills
    // from these magics, filled and checked above by the same code.
    let call = krate()
        .code(&format!("::{ty}{turbofish}::__from_table"))
        .group(
            Delimiter::Parenthesis,
            Out::default().code(&args).tokens(table.0),
        );
    let value = Out::default().code("unsafe").group(Delimiter::Brace, call);
    Ok(declare(header, &ty_n, value))
}

/// The name of `magic_runtime::prebuilt`'s static for a table of the
/// shipped set, when its feature is on (magic-runtime's feature of the same
/// name turns on this crate's).
fn prebuilt(t: &Table) -> Option<&'static str> {
    if t.set.is_some() || !is_shipped(t.scheme, t.seed, &t.bits) {
        return None;
    }
    match t.scheme {
        Scheme::Fancy if cfg!(feature = "prebuilt-fancy") => Some("FANCY"),
        Scheme::Plain if cfg!(feature = "prebuilt-plain") => Some("PLAIN"),
        Scheme::ShiftInMagic if cfg!(feature = "prebuilt-shift-in-magic") => Some("SHIFT_IN_MAGIC"),
        Scheme::Shared if cfg!(feature = "prebuilt-shared") => Some("SHARED"),
        Scheme::FixedShift if cfg!(feature = "prebuilt-fixed-shift") => Some("FIXED_SHIFT"),
        Scheme::Black if cfg!(feature = "prebuilt-black") => Some("BLACK"),
        Scheme::OffsetInMagic if cfg!(feature = "prebuilt-offset-in-magic") => {
            Some("OFFSET_IN_MAGIC")
        }
        Scheme::ByteLookup if cfg!(feature = "prebuilt-byte-lookup") => Some("BYTE_LOOKUP"),
        Scheme::Magic32 if cfg!(feature = "prebuilt-magic32") => Some("MAGIC32"),
        Scheme::Pext if cfg!(feature = "prebuilt-pext") => Some("PEXT"),
        Scheme::PextPdep if cfg!(feature = "prebuilt-pext-pdep") => Some("PEXT_PDEP"),
        _ => None,
    }
}

/// The magics: the shipped set or a search; a failed search points at the
/// bits that were asked for (or at the name).
fn find(t: &Table, budget: &Budget) -> Result<MagicSet> {
    if let Some(set) = t.set.and_then(|name| named_set(name, t.scheme)) {
        return Ok(set);
    }
    let opts = SearchOptions {
        max_tries: t.max_tries.unwrap_or(WORK_LIMIT),
        ..SearchOptions::default()
    };
    // What the tables before this one in the invocation counted.
    let before = budget.used();
    let result = magic_set_within(t.scheme, t.seed, Some(t.bits), &opts, Some(budget));
    result.map_err(|e| match e {
        SearchError::Square { piece, .. } => Error::new(t.search_span[piece as usize], e),
        SearchError::Total { limit } if before > 0 => {
            Error::new(t.search_span[0], shared_limit(limit, before))
        }
        SearchError::Total { .. } => Error::new(t.search_span[0], e),
    })
}

/// The limit passed by a table after others of the same invocation
/// counted `before` candidates: another invocation has a limit of its own.
fn shared_limit(limit: u64, before: u64) -> String {
    let before = before.min(limit);
    format!(
        "the tables of this `magic_tables!` need more than {limit} candidate magics in all, \
         {before} of them before this one; move this table to a `magic_tables!` of its own"
    )
}

/// `[1, 2, 3]`: the numbers as unsuffixed literals.
fn list<T: std::fmt::Display>(values: &[T; 64]) -> String {
    let numbers: Vec<String> = values.iter().map(T::to_string).collect();
    format!("[{}]", numbers.join(", "))
}
