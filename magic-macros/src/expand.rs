//! Emits one `static` per table: the magics as literals and the table the
//! macro filled and checked (`table.rs`), as bytes the user's crate only
//! copies, so that a rebuild costs no more than any other static data.

use crate::table::{attack_list_bytes, table_bytes};
use crate::validate::{Failed, Table};
use magic_core::{Slots, DISTINCT_ATTACK_SETS};
use magic_search::{
    magic_set_within, named_set, shipped_set, Budget, Builder, MagicSet, Scheme, SearchError,
    SearchOptions,
};
use proc_macro2::{Literal, TokenStream};
use quote::quote;
use syn::Error;

/// The candidate magics one invocation may try in all, over all its
/// tables: a bound on the work of any input (under 10 s on the CI machine,
/// where the unoptimised macro tries 12 to 80 million a second), counted
/// the same way on every machine. A default-bits fancy set needs about 11
/// million; an offset-in-magic set about 125 million.
pub const WORK_LIMIT: u64 = 150_000_000;

pub fn expand(tables: Vec<Result<Table, Failed>>) -> TokenStream {
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
    let attrs = &t.attrs;
    Failed {
        attrs: quote!(#(#attrs)*),
        vis: quote::ToTokens::to_token_stream(&t.vis),
        static_token: t.static_token,
        name: t.name,
        scheme: Some(t.scheme),
        krate: t.krate,
        error,
        declare: true,
    }
}

/// The error, as the value of a `static` of the table's type: the error
/// is reported once, and uses of the table type-check instead of adding
/// "cannot find value" errors of their own.
fn declare_failed(f: &Failed) -> TokenStream {
    let Failed {
        attrs,
        vis,
        static_token,
        name,
        krate,
        ..
    } = f;
    let scheme = f.scheme.unwrap_or(Scheme::Fancy);
    let ty = syn::Ident::new(scheme.type_name(), proc_macro2::Span::call_site());
    let generics = match scheme.has_length_parameter() {
        true => {
            let len = Literal::usize_unsuffixed(shipped_set(scheme).len);
            quote!(<#len>)
        }
        false => quote!(),
    };
    let error = f.error.to_compile_error();
    if !f.declare {
        return error;
    }
    quote! {
        #attrs
        #vis #static_token #name: #krate::#ty #generics = #error;
    }
}

fn expand_table(t: &Table, budget: &Budget) -> syn::Result<TokenStream> {
    let set = find(t, budget)?;
    let Table {
        attrs,
        vis,
        static_token,
        name,
        ..
    } = t;
    let len = Literal::usize_unsuffixed(set.len);
    let [rook, bishop] = set.magics.map(|m| u64s(&m));
    let [rook_bits, bishop_bits] = set.bits.map(|b| u8s(&b));
    let [rook_offsets, bishop_offsets] = set.offsets.map(|o| u32s(&o));
    let krate = &t.krate;
    let ty = syn::Ident::new(t.scheme.type_name(), proc_macro2::Span::call_site());
    let generics = match t.scheme.has_length_parameter() {
        true => quote!(<#len>),
        false => quote!(),
    };
    if t.scheme.builder() == Builder::UnitStruct {
        return Ok(quote! {
            #(#attrs)*
            #vis #static_token #name: #krate::#ty = #krate::#ty;
        });
    }
    let bytes = table_bytes(&set).map_err(|e| Error::new(t.name.span(), e))?;
    let table = {
        let bytes = Literal::byte_string(&bytes);
        let read = match t.scheme.slots() {
            Slots::PatternBytes => quote!(u8s),
            Slots::Compressed => quote!(u16s_from_le_bytes),
            Slots::Attacks | Slots::PostMasked => quote!(u64s_from_le_bytes),
        };
        let table = quote!(#krate::__private::#read::<#len>(#bytes));
        match t.scheme.slots() {
            // The list of distinct attack sets the bytes number.
            Slots::PatternBytes => {
                let list = attack_list_bytes().map_err(|e| Error::new(t.name.span(), e))?;
                let (list, n) = (
                    Literal::byte_string(&list),
                    Literal::usize_unsuffixed(DISTINCT_ATTACK_SETS),
                );
                quote!(#table, #krate::__private::u64s_from_le_bytes::<#n>(#list))
            }
            _ => table,
        }
    };
    let args = match t.scheme.builder() {
        Builder::MagicsAndBits => quote!(&#rook, &#rook_bits, &#bishop, &#bishop_bits,),
        Builder::Magics => quote!(&#rook, &#bishop,),
        Builder::MagicsAndOffsets => quote!(&#rook, &#rook_offsets, &#bishop, &#bishop_offsets,),
        Builder::Nothing | Builder::UnitStruct => quote!(),
    };
    // SAFETY (of the emitted call): the table is what the builder fills
    // from these magics, filled and checked above by the same code.
    let turbofish = match t.scheme.has_length_parameter() {
        true => quote!(::<#len>),
        false => quote!(),
    };
    let value = quote!(unsafe { #krate::#ty #turbofish::__from_table(#args #table) });
    Ok(quote! {
        #(#attrs)*
        #vis #static_token #name: #krate::#ty #generics = #value;
    })
}

/// The magics: the shipped set or a search; a failed search points at the
/// bits that were asked for (or at the name).
fn find(t: &Table, budget: &Budget) -> syn::Result<MagicSet> {
    if let Some(set) = t.set.and_then(|name| named_set(name, t.scheme)) {
        return Ok(set);
    }
    let opts = SearchOptions {
        max_tries: t.max_tries.unwrap_or(WORK_LIMIT),
        ..SearchOptions::default()
    };
    let result = magic_set_within(t.scheme, t.seed, Some(t.bits), &opts, Some(budget));
    result.map_err(|e| match e {
        SearchError::Square { piece, .. } => Error::new(t.search_span[piece as usize], e),
        SearchError::Total { .. } => Error::new(
            t.search_span[0]
                .join(t.search_span[1])
                .unwrap_or(t.search_span[0]),
            e,
        ),
    })
}

fn u64s(values: &[u64; 64]) -> TokenStream {
    let lits = values.iter().map(|&v| Literal::u64_unsuffixed(v));
    quote!([#(#lits),*])
}

fn u32s(values: &[u32; 64]) -> TokenStream {
    let lits = values.iter().map(|&v| Literal::u32_unsuffixed(v));
    quote!([#(#lits),*])
}

fn u8s(values: &[u8; 64]) -> TokenStream {
    let lits = values.iter().map(|&v| Literal::u8_unsuffixed(v));
    quote!([#(#lits),*])
}
