//! Emits one `static` per table. A shipped set's table that magic-runtime
//! prebuilds (its `prebuilt-*` features) is a `use` of that static: no
//! bytes at all. Any other table is the set the search found, given in
//! the dev profile to the scheme's const builder, whose fill incremental
//! compilation keeps from one rebuild to the next, and in the release
//! profile to `table_from_set!`, which emits the filled table as bytes
//! (`from_set.rs` says why).

use crate::error::{Error, Result};
use crate::from_set;
use crate::out::Out;
use crate::validate::{Failed, Header, Table};
use magic_search::{
    is_shipped, magic_set_within, named_set, shipped_set, Budget, Builder, MagicSet, Scheme,
    SearchError, SearchOptions,
};
use proc_macro2::{Delimiter, TokenStream, TokenTree};

/// The candidate magics one invocation may try in all, over all its
/// tables: a bound on the work of any input (under 10 s on the CI machine,
/// where the unoptimised macro tries 12 to 80 million a second), counted
/// the same way on every machine. With `seed = 42` a fancy set needs
/// 0.4 million, an offset-in-magic set 1.5 million, black and fixed-shift
/// sets about 8 million and a shared set 17 million (packing counted).
pub const WORK_LIMIT: u64 = 150_000_000;

/// What a table the const builder fills counts against [`WORK_LIMIT`], a
/// quarter of it: its fill takes 1.2 to 2 s of const evaluation on the CI
/// machine, so that one invocation's fills take 8 s at most. A table whose
/// fill no longer fits is emitted as bytes in both profiles instead.
pub const FILL_WORK: u64 = WORK_LIMIT / 4;

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
    let krate = &header.krate;
    let ty = t.scheme.type_name();
    if t.scheme.builder() == Builder::UnitStruct {
        return Ok(declare(
            header,
            ty,
            Out(krate.clone()).code(&format!("::{ty}")),
        ));
    }
    let ty_n = format!("{ty}{}", generics(t.scheme, set.len));
    let bytes = declare(header, &ty_n, from_set::call(krate, &set));
    // Only while the const builder's fill fits in the bound on work: one
    // invocation's const evaluation stays as bounded as its searches.
    let fits = budget.limit().saturating_sub(budget.used()) >= FILL_WORK;
    if !fits || !budget.spend(FILL_WORK) {
        return Ok(bytes);
    }
    let new = from_set::type_path(krate, &set).code("::new").group(
        Delimiter::Parenthesis,
        Out::default().code(&from_set::builder_args(&set).join(",")),
    );
    let mut out = Out::default().code("#[cfg(debug_assertions)]").0;
    out.extend(declare(header, &ty_n, new));
    out.extend(Out::default().code("#[cfg(not(debug_assertions))]").0);
    out.extend(bytes);
    Ok(out)
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
        Scheme::PextLines if cfg!(feature = "prebuilt-pext-lines") => Some("PEXT_LINES"),
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
         {before} of them before this one (a table the const builder fills counts \
         {FILL_WORK}); move this table to a `magic_tables!` of its own"
    )
}
