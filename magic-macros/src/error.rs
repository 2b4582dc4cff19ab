//! A spanned error, reported as `compile_error!` at the tokens it names.

use proc_macro2::{Delimiter, Group, Ident, Literal, Punct, Spacing, Span, TokenStream, TokenTree};
use std::fmt::Display;

/// What went wrong, and the first and last token it is about.
#[derive(Debug)]
pub struct Error {
    start: Span,
    end: Span,
    message: String,
}

pub type Result<T> = std::result::Result<T, Error>;

impl Error {
    /// An error about one token.
    pub fn new(span: Span, message: impl Display) -> Self {
        Error {
            start: span,
            end: span,
            message: message.to_string(),
        }
    }

    /// An error about several tokens: rustc underlines from the first to
    /// the last.
    pub fn spanned(tokens: &TokenStream, message: impl Display) -> Self {
        let mut spans = tokens.clone().into_iter().map(|t| t.span());
        let start = spans.next().unwrap_or_else(Span::call_site);
        Error {
            start,
            end: spans.last().unwrap_or(start),
            message: message.to_string(),
        }
    }

    /// `::core::compile_error! { "message" }`, its path spanned at the
    /// first token and its braces at the last, so that the diagnostic
    /// covers both.
    pub fn to_compile_error(&self) -> TokenStream {
        let at_start = |mut t: TokenTree| {
            t.set_span(self.start);
            t
        };
        let mut message = Literal::string(&self.message);
        message.set_span(self.end);
        let mut braces = Group::new(
            Delimiter::Brace,
            TokenStream::from(TokenTree::Literal(message)),
        );
        braces.set_span(self.end);
        [
            Punct::new(':', Spacing::Joint).into(),
            Punct::new(':', Spacing::Alone).into(),
            Ident::new("core", Span::call_site()).into(),
            Punct::new(':', Spacing::Joint).into(),
            Punct::new(':', Spacing::Alone).into(),
            Ident::new("compile_error", Span::call_site()).into(),
            Punct::new('!', Spacing::Alone).into(),
        ]
        .into_iter()
        .map(at_start)
        .chain([TokenTree::Group(braces)])
        .collect()
    }
}
