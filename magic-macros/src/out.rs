//! Tokens written in order: the macro's own code as text, the user's
//! tokens as given (with their spans), and groups around either.

use proc_macro2::{Delimiter, Group, TokenStream, TokenTree};

#[derive(Default)]
pub struct Out(pub TokenStream);

impl Out {
    /// Code of the macro's own, balanced in its delimiters.
    pub fn code(mut self, code: &str) -> Self {
        self.0.extend(
            code.parse::<TokenStream>()
                .expect("the macro's own code parses"),
        );
        self
    }

    pub fn tokens(mut self, tokens: impl IntoIterator<Item = TokenTree>) -> Self {
        self.0.extend(tokens);
        self
    }

    pub fn group(self, delimiter: Delimiter, inner: Out) -> Self {
        self.tokens([TokenTree::Group(Group::new(delimiter, inner.0))])
    }
}
