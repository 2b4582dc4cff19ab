//! Emits one `static` per table: the magics as literals and a call to the
//! scheme's `const fn` builder, which fills and checks the table while the
//! user's crate compiles.

use crate::validate::Table;
use magic_search::{magic_set, search_set, MagicSet, Scheme, SearchOptions};
use proc_macro2::{Literal, TokenStream};
use quote::quote;
use syn::Error;

pub fn expand(tables: &[Table]) -> syn::Result<TokenStream> {
    tables.iter().map(expand_table).collect()
}

fn expand_table(t: &Table) -> syn::Result<TokenStream> {
    let set = find(t)?;
    let Table {
        attrs,
        vis,
        static_token,
        name,
        ..
    } = t;
    let len = Literal::usize_unsuffixed(set.len);
    let [rook, bishop] = set.magics.map(|m| u64s(&m));
    let (ty, generics, args) = match t.scheme {
        Scheme::Fancy => {
            let [rook_bits, bishop_bits] = set.bits.map(|b| u8s(&b));
            (
                quote!(FancyTables),
                quote!(<#len>),
                quote!(&#rook, &#rook_bits, &#bishop, &#bishop_bits),
            )
        }
        Scheme::Plain => (quote!(PlainTables), quote!(), quote!(&#rook, &#bishop)),
        Scheme::ShiftInMagic => (
            quote!(ShiftInMagicTables),
            quote!(<#len>),
            quote!(&#rook, &#bishop),
        ),
        Scheme::Shared => {
            let [rook_offsets, bishop_offsets] = set.offsets.map(|o| u32s(&o));
            (
                quote!(SharedTables),
                quote!(<#len>),
                quote!(&#rook, &#rook_offsets, &#bishop, &#bishop_offsets),
            )
        }
    };
    Ok(quote! {
        #(#attrs)*
        #vis #static_token #name: ::magic_runtime::#ty #generics = ::magic_runtime::#ty::new(#args);
    })
}

/// The magics: the shipped set or a search; a failed search points at the
/// bits that were asked for (or at the name).
fn find(t: &Table) -> syn::Result<MagicSet> {
    let result = match t.max_tries {
        None => magic_set(t.scheme, t.seed, Some(t.bits)),
        Some(max_tries) => {
            let opts = SearchOptions {
                max_tries,
                ..SearchOptions::default()
            };
            search_set(t.scheme, t.seed, t.bits, &opts)
        }
    };
    result.map_err(|e| Error::new(t.search_span[e.piece as usize], e))
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
