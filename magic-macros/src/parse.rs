//! The invocation's syntax: items of the form
//! `#[attrs] vis static NAME { key = value, ... }`, read token by token.

use crate::error::{Error, Result};
use proc_macro2::{Delimiter, Ident, Literal, Span, TokenStream, TokenTree};

const EXAMPLE: &str = "like `pub static SLIDERS { scheme = fancy }`";

/// Everything between the macro's braces.
pub struct Input {
    pub items: Vec<Item>,
}

/// One table to generate.
pub struct Item {
    /// The outer attributes and doc comments, as written.
    pub attrs: TokenStream,
    /// `pub`, `pub(crate)`, ... or nothing.
    pub vis: TokenStream,
    pub static_token: Ident,
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
    Int(Int),
    Ident(Ident),
    /// A bracketed list, with the span of its brackets.
    List(Span, Vec<Value>),
    /// `[value; count]`, with the span of its brackets: the count as
    /// written, `None` when it does not fit in a `u64`.
    Repeat(Span, Box<Value>, Option<u64>),
    /// The path of `crate = ...`, written bare or as a string.
    Path(TokenStream),
    /// A minus sign and an integer, kept whole for the error's span.
    Negative(TokenStream),
    /// Anything else up to the next comma, kept for the error's span.
    Other(TokenStream),
}

/// An integer literal: `42`, `0x55`, `1_000`, `12i64`.
pub struct Int {
    pub literal: Literal,
    /// Its value, or `None` when it does not fit in a `u64`.
    pub value: Option<u64>,
    /// `u8` in `42u8`; empty without a suffix.
    pub suffix: String,
}

impl Value {
    pub fn span(&self) -> Span {
        match self {
            Value::Int(int) => int.literal.span(),
            Value::Ident(ident) => ident.span(),
            Value::List(span, _) | Value::Repeat(span, _, _) => *span,
            Value::Path(tokens) | Value::Negative(tokens) | Value::Other(tokens) => tokens
                .clone()
                .into_iter()
                .next()
                .map_or_else(Span::call_site, |t| t.span()),
        }
    }

    /// The text of a value written as one string literal, `"fancy"`: what
    /// a name written in quotes by mistake says.
    pub fn quoted(&self) -> Option<String> {
        let Value::Other(tokens) = self else {
            return None;
        };
        let mut tokens = tokens.clone().into_iter();
        let (Some(TokenTree::Literal(literal)), None) = (tokens.next(), tokens.next()) else {
            return None;
        };
        let text = literal.to_string();
        let inner = text.strip_prefix('"')?.strip_suffix('"')?;
        Some(inner.to_string())
    }
}

/// The tokens of one delimited stretch, and the span to blame when they
/// end too soon.
struct Cursor {
    tokens: Vec<TokenTree>,
    pos: usize,
    end: Span,
}

impl Cursor {
    fn new(stream: TokenStream, end: Span) -> Self {
        Cursor {
            tokens: stream.into_iter().collect(),
            pos: 0,
            end,
        }
    }

    fn peek(&self) -> Option<&TokenTree> {
        self.tokens.get(self.pos)
    }

    fn is_empty(&self) -> bool {
        self.pos == self.tokens.len()
    }

    /// The span of the next token, or of the end.
    fn span(&self) -> Span {
        self.peek().map_or(self.end, TokenTree::span)
    }

    fn is_punct(&self, c: char) -> bool {
        matches!(self.peek(), Some(TokenTree::Punct(p)) if p.as_char() == c)
    }

    fn is_ident(&self, name: &str) -> bool {
        matches!(self.peek(), Some(TokenTree::Ident(i)) if i == name)
    }

    fn group(&self, delimiter: Delimiter) -> bool {
        matches!(self.peek(), Some(TokenTree::Group(g)) if g.delimiter() == delimiter)
    }

    /// The next token, when it is an identifier `accept` takes; otherwise
    /// `message`, at that token.
    fn ident(&mut self, accept: impl Fn(&Ident) -> bool, message: &str) -> Result<Ident> {
        match self.peek() {
            Some(TokenTree::Ident(i)) if accept(i) => {
                let i = i.clone();
                self.bump();
                Ok(i)
            }
            _ => Err(Error::new(self.span(), message)),
        }
    }

    fn bump(&mut self) -> TokenTree {
        self.pos += 1;
        self.tokens[self.pos - 1].clone()
    }

    /// Everything up to the next comma.
    fn until_comma(&mut self) -> TokenStream {
        let mut tokens = TokenStream::new();
        while !self.is_empty() && !self.is_punct(',') {
            tokens.extend([self.bump()]);
        }
        tokens
    }

    /// `f` over comma-separated elements up to the end; a trailing comma
    /// is fine.
    fn separated<T>(
        &mut self,
        what: &str,
        mut f: impl FnMut(&mut Self) -> Result<T>,
    ) -> Result<Vec<T>> {
        let mut out = Vec::new();
        while !self.is_empty() {
            out.push(f(self)?);
            if self.is_empty() {
                break;
            }
            if !self.is_punct(',') {
                return Err(Error::new(
                    self.span(),
                    format!("expected `,` between {what}"),
                ));
            }
            self.bump();
        }
        Ok(out)
    }
}

pub fn parse(input: TokenStream) -> Result<Input> {
    let mut c = Cursor::new(input, Span::call_site());
    // Past the last table, point at its last token, where something is
    // missing, rather than at the whole call.
    if let Some(last) = c.tokens.last() {
        c.end = last.span();
    }
    if c.is_empty() {
        return Err(Error::new(c.end, format!("expected a table, {EXAMPLE}")));
    }
    let mut items = Vec::new();
    while !c.is_empty() {
        items.push(item(&mut c)?);
    }
    Ok(Input { items })
}

fn item(c: &mut Cursor) -> Result<Item> {
    let mut attrs = TokenStream::new();
    while c.is_punct('#') {
        attrs.extend([c.bump()]);
        if !c.group(Delimiter::Bracket) {
            return Err(Error::new(
                c.span(),
                "expected `[` after `#`, like `#[doc = \"...\"]`",
            ));
        }
        attrs.extend([c.bump()]);
    }
    let mut vis = TokenStream::new();
    if c.is_ident("pub") {
        vis.extend([c.bump()]);
        if c.group(Delimiter::Parenthesis) {
            vis.extend([c.bump()]);
        }
    }
    let static_token = c.ident(|i| i == "static", &format!("expected `static`, {EXAMPLE}"))?;
    if c.is_ident("mut") {
        // Read as the name, `mut` would leave the error on the real name.
        return Err(Error::new(
            c.span(),
            "a table cannot be `static mut`: lookups only read it; remove `mut`",
        ));
    }
    let name = c.ident(|_| true, &format!("expected the table's name, {EXAMPLE}"))?;
    if c.is_punct(':') {
        return Err(Error::new(
            c.span(),
            "a table's type follows from its scheme; remove the `:` and the type",
        ));
    }
    let body = match c.peek() {
        Some(TokenTree::Group(g)) if g.delimiter() == Delimiter::Brace => g.clone(),
        _ => {
            let message = format!("expected the table's keys in braces, {EXAMPLE}");
            return Err(Error::new(c.span(), message));
        }
    };
    c.bump();
    let mut inner = Cursor::new(body.stream(), body.span_close());
    let keys = inner.separated("keys, like `scheme = fancy, seed = 3`", key_value)?;
    Ok(Item {
        attrs,
        vis,
        static_token,
        name,
        keys,
    })
}

fn key_value(c: &mut Cursor) -> Result<KeyValue> {
    // `crate` is a keyword, and an identifier here like any other key.
    let key = c.ident(|_| true, "expected a key, like `scheme = fancy`")?;
    let example = match key.to_string().as_str() {
        "scheme" => "scheme = fancy",
        "set" => "set = best",
        "seed" => "seed = 42",
        "rook_bits" => "rook_bits = 12",
        "bishop_bits" => "bishop_bits = 9",
        "max_tries" => "max_tries = 10000000",
        "crate" => "crate = my_engine::magic_runtime",
        _ => "key = value",
    };
    if !c.is_punct('=') {
        let message = format!("expected `=` after `{key}`, like `{example}`");
        return Err(Error::new(c.span(), message));
    }
    let eq = c.bump().span();
    if c.is_empty() || c.is_punct(',') {
        let message = format!("`{key}` has no value; write one, like `{example}`");
        return Err(Error::new(eq, message));
    }
    let value = match key == "crate" {
        true => crate_path(c)?,
        false => value(c)?,
    };
    Ok(KeyValue { key, value })
}

fn value(c: &mut Cursor) -> Result<Value> {
    let next = c.tokens.get(c.pos + 1);
    Ok(match c.peek() {
        Some(TokenTree::Literal(lit)) if int(lit).is_some() => {
            let int = int(lit).expect("checked above");
            c.bump();
            Value::Int(int)
        }
        Some(TokenTree::Ident(i)) => {
            let i = i.clone();
            c.bump();
            Value::Ident(i)
        }
        Some(TokenTree::Punct(p))
            if p.as_char() == '-'
                && matches!(next, Some(TokenTree::Literal(l)) if int(l).is_some()) =>
        {
            Value::Negative([c.bump(), c.bump()].into_iter().collect())
        }
        Some(TokenTree::Group(g)) if g.delimiter() == Delimiter::Bracket => {
            let g = g.clone();
            c.bump();
            let mut inner = Cursor::new(g.stream(), g.span_close());
            match repeat(&mut inner)? {
                Some((repeated, count)) => Value::Repeat(g.span(), Box::new(repeated), count),
                None => Value::List(
                    g.span(),
                    inner.separated("values, like `[12, 11, 11]`", value)?,
                ),
            }
        }
        _ => Value::Other(c.until_comma()),
    })
}

/// The inside of `[value; count]`, as in an array expression: the value
/// and the count, or `None` (nothing read) when the brackets hold a list.
fn repeat(c: &mut Cursor) -> Result<Option<(Value, Option<u64>)>> {
    let second = c.tokens.get(c.pos + 1);
    if !matches!(second, Some(TokenTree::Punct(p)) if p.as_char() == ';') {
        return Ok(None);
    }
    // The value is the one token before `;`, read on its own so that
    // nothing past it is taken.
    let first = c.bump();
    let end = first.span();
    let repeated = value(&mut Cursor::new(first.into(), end))?;
    let semicolon = c.bump().span();
    let count = match c.peek() {
        // `64`, or `64usize` as Rust writes it too.
        Some(TokenTree::Literal(lit)) => int(lit),
        _ => None,
    };
    let Some(count) = count else {
        return Err(Error::new(
            semicolon,
            "expected the count after `;`, like `[12; 64]`",
        ));
    };
    c.bump();
    if !c.is_empty() {
        return Err(Error::new(
            c.span(),
            "expected `]` after the count, like `[12; 64]`",
        ));
    }
    Ok(Some((repeated, count.value)))
}

/// `crate = a::b` or `crate = "a::b"`: a path, checked to be one.
fn crate_path(c: &mut Cursor) -> Result<Value> {
    let (tokens, span) = match c.peek() {
        Some(TokenTree::Literal(lit)) if lit.to_string().starts_with('"') => {
            let lit = lit.clone();
            c.bump();
            let text = lit.to_string();
            let inner = &text[1..text.len() - 1];
            let tokens = match inner.contains('\\') {
                true => None,
                false => inner.parse::<TokenStream>().ok(),
            };
            let respanned = tokens.map(|t| {
                t.into_iter()
                    .map(|mut tree| {
                        tree.set_span(lit.span());
                        tree
                    })
                    .collect()
            });
            (respanned, TokenStream::from(TokenTree::Literal(lit)))
        }
        Some(TokenTree::Literal(lit)) if int(lit).is_some() => return value(c),
        _ => {
            let tokens = c.until_comma();
            (Some(tokens.clone()), tokens)
        }
    };
    match tokens {
        Some(path) if is_path(&path) => Ok(Value::Path(path)),
        _ => Err(Error::spanned(
            &span,
            "crate must be a path, like `crate = my_engine::magic_runtime`",
        )),
    }
}

/// `a`, `::a`, `a::b::c`: identifiers joined by `::`.
fn is_path(tokens: &TokenStream) -> bool {
    let tokens: Vec<TokenTree> = tokens.clone().into_iter().collect();
    let colons = |i: usize| {
        matches!((tokens.get(i), tokens.get(i + 1)),
            (Some(TokenTree::Punct(a)), Some(TokenTree::Punct(b))) if a.as_char() == ':' && b.as_char() == ':')
    };
    let mut i = usize::from(colons(0)) * 2;
    loop {
        if !matches!(tokens.get(i), Some(TokenTree::Ident(_))) {
            return false;
        }
        i += 1;
        if i == tokens.len() {
            return true;
        }
        if !colons(i) {
            return false;
        }
        i += 2;
    }
}

/// The literal as an integer, or `None` for any other literal.
fn int(lit: &Literal) -> Option<Int> {
    let text = lit.to_string();
    let (radix, body) = match text.get(..2) {
        Some("0x") => (16, &text[2..]),
        Some("0o") => (8, &text[2..]),
        Some("0b") => (2, &text[2..]),
        _ => (10, text.as_str()),
    };
    if !body.starts_with(|c: char| c.is_digit(radix)) {
        return None;
    }
    let end = body
        .find(|c: char| c != '_' && !c.is_digit(radix))
        .unwrap_or(body.len());
    let (digits, suffix) = body.split_at(end);
    // A float: `1.5`, `1e5`, `2f32`.
    if suffix.starts_with(['.', 'e', 'E', 'f']) {
        return None;
    }
    let digits: String = digits.chars().filter(|&c| c != '_').collect();
    Some(Int {
        literal: lit.clone(),
        value: u64::from_str_radix(&digits, radix).ok(),
        suffix: suffix.to_string(),
    })
}
