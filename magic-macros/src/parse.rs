//! The invocation's syntax: items of the form
//! `#[attrs] vis static NAME { key = value, ... }`.

use proc_macro2::{Span, TokenStream, TokenTree};
use syn::ext::IdentExt;
use syn::parse::{Parse, ParseStream};
use syn::punctuated::Punctuated;
use syn::{braced, bracketed, token, Attribute, Ident, LitInt, LitStr, Path, Token, Visibility};

/// Everything between the macro's braces.
pub struct Input {
    pub items: Vec<Item>,
}

/// One table to generate.
pub struct Item {
    pub attrs: Vec<Attribute>,
    pub vis: Visibility,
    pub static_token: Token![static],
    pub name: Ident,
    pub keys: Vec<KeyValue>,
}

/// `key = value`.
pub struct KeyValue {
    pub key: Ident,
    pub value: Value,
}

/// A value as written; its meaning is checked in `validate`.
pub enum Value {
    Int(LitInt),
    Ident(Ident),
    List(token::Bracket, Vec<Value>),
    /// The path of `crate = ...`, written bare or as a string.
    Path(Path),
    /// A minus sign and an integer, kept whole for the error's span.
    Negative(TokenStream),
    /// Anything else up to the next comma, kept for the error's span.
    Other(TokenStream),
}

impl Value {
    pub fn span(&self) -> Span {
        match self {
            Value::Int(lit) => lit.span(),
            Value::Ident(ident) => ident.span(),
            Value::List(bracket, _) => bracket.span.join(),
            Value::Path(path) => syn::spanned::Spanned::span(path),
            Value::Negative(tokens) | Value::Other(tokens) => tokens
                .clone()
                .into_iter()
                .next()
                .map_or_else(Span::call_site, |t| t.span()),
        }
    }
}

impl Parse for Input {
    fn parse(input: ParseStream) -> syn::Result<Self> {
        let mut items = Vec::new();
        while !input.is_empty() {
            items.push(input.parse()?);
        }
        if items.is_empty() {
            return Err(
                input.error("expected a table, like `pub static SLIDERS { scheme = fancy }`")
            );
        }
        Ok(Input { items })
    }
}

impl Parse for Item {
    fn parse(input: ParseStream) -> syn::Result<Self> {
        let attrs = input.call(Attribute::parse_outer)?;
        let vis = input.parse()?;
        let static_token = input.parse().map_err(|e| {
            syn::Error::new(
                e.span(),
                "expected `static`, like `pub static SLIDERS { scheme = fancy }`",
            )
        })?;
        let name = input.parse()?;
        let content;
        braced!(content in input);
        let keys = Punctuated::<KeyValue, Token![,]>::parse_terminated(&content)?;
        Ok(Item {
            attrs,
            vis,
            static_token,
            name,
            keys: keys.into_iter().collect(),
        })
    }
}

impl Parse for KeyValue {
    fn parse(input: ParseStream) -> syn::Result<Self> {
        // `crate` is a keyword; take it as a key like any other.
        let key = Ident::parse_any(input)?;
        let eq = input.parse::<Token![=]>()?;
        if input.is_empty() || input.peek(Token![,]) {
            let example = match key.to_string().as_str() {
                "scheme" => "scheme = fancy",
                "set" => "set = dense",
                "seed" => "seed = 42",
                "rook_bits" => "rook_bits = 12",
                "bishop_bits" => "bishop_bits = 9",
                "max_tries" => "max_tries = 10000000",
                "crate" => "crate = my_engine::magic_runtime",
                _ => "key = value",
            };
            return Err(syn::Error::new(
                eq.span,
                format!("`{key}` has no value; write one, like `{example}`"),
            ));
        }
        let value = match key == "crate" && (input.peek(LitStr) || !input.peek(LitInt)) {
            true if input.peek(LitStr) => Value::Path(input.parse::<LitStr>()?.parse()?),
            true => Value::Path(Path::parse_mod_style(input)?),
            false => input.parse()?,
        };
        Ok(KeyValue { key, value })
    }
}

impl Parse for Value {
    fn parse(input: ParseStream) -> syn::Result<Self> {
        if input.peek(LitInt) {
            Ok(Value::Int(input.parse()?))
        } else if input.peek(Ident) {
            Ok(Value::Ident(input.parse()?))
        } else if input.peek(Token![-]) && input.peek2(LitInt) {
            let minus: Token![-] = input.parse()?;
            let int: LitInt = input.parse()?;
            Ok(Value::Negative(quote::quote!(#minus #int)))
        } else if input.peek(token::Bracket) {
            let content;
            let bracket = bracketed!(content in input);
            let values = Punctuated::<Value, Token![,]>::parse_terminated(&content)?;
            Ok(Value::List(bracket, values.into_iter().collect()))
        } else {
            // Take everything up to the next comma, for the error's span.
            let mut tokens = TokenStream::new();
            while !input.is_empty() && !input.peek(Token![,]) {
                tokens.extend([input.parse::<TokenTree>()?]);
            }
            Ok(Value::Other(tokens))
        }
    }
}
