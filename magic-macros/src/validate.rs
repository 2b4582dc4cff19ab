//! Checks every key of every item and turns it into a [`Table`] request.

use crate::error::{Error, Result};
use crate::expand::WORK_LIMIT;
use crate::nearest::advice;
use crate::parse::{Input, Item, KeyValue, Value};
use magic_search::{
    check_bits, fewer_bits_proven_impossible, fewest_known_bits, min_bits, named_set,
    scheme_default_bits, set_schemes, square_name, Hash, PerSquare, Piece, Scheme, DEFAULT_SEED,
    SET_NAMES,
};
use proc_macro2::{Ident, Span, TokenStream};

const KEYS: &str = "scheme, set, seed, rook_bits, bishop_bits, max_tries, crate";

/// What declares a table's `static`, made or not: the attributes,
/// visibility, `static` and name as written, and where `magic_runtime` is.
pub struct Header {
    pub attrs: TokenStream,
    pub vis: TokenStream,
    pub static_token: Ident,
    pub name: Ident,
    /// The path of `magic_runtime` as the calling crate sees it.
    pub krate: TokenStream,
}

/// A validated request for one table.
pub struct Table {
    pub header: Header,
    pub scheme: Scheme,
    pub seed: u64,
    pub bits: PerSquare<u8>,
    pub max_tries: Option<u64>,
    /// A shipped set chosen by name, instead of a search.
    pub set: Option<&'static str>,
    /// Where a failed search points: the bits the user gave, or the name.
    pub search_span: [Span; 2],
}

/// A table that cannot be made: enough of it to declare the `static`, so
/// that its uses do not add errors of their own, and why.
pub struct Failed {
    pub header: Header,
    /// The scheme, where it was understood.
    pub scheme: Option<Scheme>,
    pub error: Error,
    /// Whether to declare the `static`: not for a second table of a name.
    pub declare: bool,
}

/// Every item, checked on its own: one bad table does not hide the others.
pub fn validate(input: Input) -> Vec<std::result::Result<Table, Failed>> {
    let mut seen: Vec<Ident> = Vec::new();
    let mut tables = Vec::new();
    for item in input.items {
        let repeated = seen.contains(&item.name);
        seen.push(item.name.clone());
        let scheme = item
            .keys
            .iter()
            .find(|kv| kv.key == "scheme")
            .map_or(Some(Scheme::Fancy), |kv| scheme(kv).ok());
        let header = Header {
            attrs: item.attrs.clone(),
            vis: item.vis.clone(),
            static_token: item.static_token.clone(),
            name: item.name.clone(),
            krate: match item.keys.iter().find(|kv| kv.key == "crate") {
                Some(KeyValue {
                    value: Value::Path(path),
                    ..
                }) => path.clone(),
                _ => default_crate(),
            },
        };
        let result = match repeated {
            true => Err(Error::new(
                item.name.span(),
                format!(
                    "a second table named `{}`; give each table its own name",
                    item.name
                ),
            )),
            false => table(item),
        };
        tables.push(result.map_err(|error| Failed {
            header,
            scheme,
            error,
            declare: !repeated,
        }));
    }
    tables
}

/// `::magic_runtime`, where the table types are unless `crate` says.
fn default_crate() -> TokenStream {
    "::magic_runtime".parse().expect("a path parses")
}

fn table(item: Item) -> Result<Table> {
    for (i, kv) in item.keys.iter().enumerate() {
        if !KEYS.split(", ").any(|k| kv.key == k) {
            return Err(Error::new(
                kv.key.span(),
                format!(
                    "unknown key `{}`; {}",
                    kv.key,
                    advice(&kv.key.to_string(), KEYS.split(", "), || {
                        format!("expected one of {KEYS}")
                    })
                ),
            ));
        }
        if item.keys[..i].iter().any(|earlier| earlier.key == kv.key) {
            return Err(Error::new(
                kv.key.span(),
                format!("`{}` is given twice; keep one", kv.key),
            ));
        }
    }
    let find = |key: &str| item.keys.iter().find(|kv| kv.key == key);
    let scheme = match find("scheme") {
        None => Scheme::Fancy,
        Some(kv) => scheme(kv)?,
    };
    let krate = match find("crate") {
        None => default_crate(),
        Some(KeyValue {
            value: Value::Path(path),
            ..
        }) => path.clone(),
        Some(kv) => {
            return Err(Error::new(
                kv.value.span(),
                "crate must be a path, like `crate = my_engine::magic_runtime`",
            ))
        }
    };
    if !scheme.has_magics() {
        if let Some(kv) = item
            .keys
            .iter()
            .find(|kv| kv.key != "scheme" && kv.key != "crate")
        {
            return Err(Error::new(
                kv.key.span(),
                format!(
                    "{scheme} tables have no magics to search; remove `{}`",
                    kv.key
                ),
            ));
        }
    }
    let set = match find("set") {
        None => None,
        Some(kv) => Some(set_name(kv, scheme, &item.keys)?),
    };
    let seed = match find("seed") {
        None => DEFAULT_SEED,
        Some(kv) => integer(&kv.value, "seed", "0 to 2^64 - 1", "seed = 42")?,
    };
    let max_tries = match find("max_tries") {
        None => None,
        Some(kv) => {
            let range = format!("1 to {WORK_LIMIT}");
            match integer(&kv.value, "max_tries", &range, "max_tries = 10000000")? {
                n if (1..=WORK_LIMIT).contains(&n) => Some(n),
                _ => {
                    return Err(Error::new(
                        kv.value.span(),
                        format!("max_tries must be from {range}, the most an invocation tries"),
                    ))
                }
            }
        }
    };
    let mut bits = scheme_default_bits(scheme);
    // A search that runs out of tries points at the bits asked for, or at
    // the bound on tries, or at the name.
    let tries_span = find("max_tries").map_or(item.name.span(), |kv| kv.value.span());
    let mut search_span = [tries_span; 2];
    for (p, piece) in Piece::ALL.into_iter().enumerate() {
        let key = format!("{}_bits", piece.name());
        if let Some(kv) = find(&key) {
            if !scheme.has_per_square_bits() {
                return Err(Error::new(
                    kv.key.span(),
                    format!("{scheme} tables use 12 rook and 9 bishop bits on every square; remove `{key}`"),
                ));
            }
            bits[p] = piece_bits(piece, kv, scheme)?;
            search_span[p] = kv.value.span();
        }
    }
    Ok(Table {
        header: Header {
            attrs: item.attrs,
            vis: item.vis,
            static_token: item.static_token,
            name: item.name,
            krate,
        },
        scheme,
        seed,
        bits,
        max_tries,
        set,
        search_span,
    })
}

/// `set = best`: a name from [`SET_NAMES`] that suits the scheme, and no
/// keys that would change its magics.
fn set_name(kv: &KeyValue, scheme: Scheme, keys: &[KeyValue]) -> Result<&'static str> {
    let Value::Ident(ident) = &kv.value else {
        let message = match kv
            .value
            .quoted()
            .filter(|q| SET_NAMES.contains(&q.as_str()))
        {
            Some(name) => format!("write the set without quotes: `set = {name}`"),
            None => format!("expected a set name; {}", sets_for(scheme)),
        };
        return Err(Error::new(kv.value.span(), message));
    };
    let Some(&name) = SET_NAMES.iter().find(|n| ident == *n) else {
        let advice = advice(&ident.to_string(), sets_taken(scheme), || sets_for(scheme));
        return Err(Error::new(
            ident.span(),
            format!("unknown set `{ident}`; {advice}"),
        ));
    };
    if named_set(name, scheme).is_none() {
        let schemes: Vec<&str> = set_schemes(name).iter().map(|s| s.name()).collect();
        return Err(Error::new(
            ident.span(),
            format!(
                "the {name} set is not for {scheme} tables; use scheme = {}",
                schemes.join(" or ")
            ),
        ));
    }
    if let Some(other) = keys
        .iter()
        .find(|k| k.key != "scheme" && k.key != "set" && k.key != "crate")
    {
        return Err(Error::new(
            other.key.span(),
            format!(
                "the {name} set fixes its magics and bits; remove `{}`",
                other.key
            ),
        ));
    }
    Ok(name)
}

/// What to write instead of a set name that is missing or unknown: only
/// the sets the table's scheme takes, so that the advice can be followed.
fn sets_for(scheme: Scheme) -> String {
    let names: Vec<&str> = sets_taken(scheme).collect();
    match names.as_slice() {
        [] => format!("{scheme} tables have no named sets; remove `set`"),
        [name] => format!("use `set = {name}`"),
        names => format!("use one of {}", names.join(", ")),
    }
}

/// The names of the sets `scheme` takes.
fn sets_taken(scheme: Scheme) -> impl Iterator<Item = &'static str> {
    SET_NAMES
        .into_iter()
        .filter(move |name| set_schemes(name).contains(&scheme))
}

fn scheme(kv: &KeyValue) -> Result<Scheme> {
    let names: Vec<&str> = Scheme::ALL.iter().map(|s| s.name()).collect();
    let expected = format!("use one of {}", names.join(", "));
    match &kv.value {
        Value::Ident(ident) => ident.to_string().parse().map_err(|_| {
            let advice = advice(&ident.to_string(), names.iter().copied(), || expected);
            Error::new(ident.span(), format!("unknown scheme `{ident}`; {advice}"))
        }),
        other => match other.quoted().filter(|name| name.parse::<Scheme>().is_ok()) {
            Some(name) => Err(Error::new(
                other.span(),
                format!("write the scheme without quotes: `scheme = {name}`"),
            )),
            None => Err(Error::new(
                other.span(),
                format!("expected a scheme name; {expected}"),
            )),
        },
    }
}

/// An unsuffixed integer in `range` (described, like `0 to 2^64 - 1`).
fn integer(value: &Value, key: &str, range: &str, example: &str) -> Result<u64> {
    let wrong = |what: &str| format!("{key} {what}; use {range}, like `{example}`");
    match value {
        Value::Int(int) if !int.suffix.is_empty() => Err(Error::new(
            int.literal.span(),
            format!(
                "write {key} without the `{}` suffix, like `{example}`",
                int.suffix
            ),
        )),
        Value::Int(int) => int
            .value
            .ok_or_else(|| Error::new(int.literal.span(), wrong("is too large"))),
        Value::Negative(tokens) => Err(Error::spanned(tokens, wrong("cannot be negative"))),
        Value::Other(tokens) => Err(Error::spanned(tokens, wrong("must be an integer"))),
        other => Err(Error::new(other.span(), wrong("must be an integer"))),
    }
}

/// One number for every square, or a list of 64.
fn piece_bits(piece: Piece, kv: &KeyValue, scheme: Scheme) -> Result<[u8; 64]> {
    let mut bits = [0u8; 64];
    match &kv.value {
        Value::List(span, values) => {
            if values.len() != 64 {
                return Err(Error::new(
                    *span,
                    format!(
                        "{} lists {} values; give one per square, 64 in all (a1, b1, ... h8), or a single number",
                        kv.key,
                        values.len()
                    ),
                ));
            }
            for (sq, v) in values.iter().enumerate() {
                bits[sq] = square_bits(piece, sq, v, &kv.key, scheme)?;
            }
        }
        Value::Repeat(span, _, count) if *count != Some(64) => {
            return Err(Error::new(
                *span,
                format!(
                    "{} repeats its value {} times; give one per square, 64 in all, or a single number",
                    kv.key,
                    count.map_or("too many".to_string(), |n| n.to_string()),
                ),
            ));
        }
        value => {
            // One number, written alone or as `[n; 64]`.
            let single = match value {
                Value::Repeat(_, repeated, _) => repeated.as_ref(),
                alone => alone,
            };
            for (sq, b) in bits.iter_mut().enumerate() {
                *b = square_bits(piece, sq, single, &kv.key, scheme)?;
            }
        }
    }
    Ok(bits)
}

/// The bits of one square: at least enough to tell its distinct attack sets
/// apart, at most the piece's largest relevant mask (the const builders'
/// check, with the same message).
fn square_bits(piece: Piece, sq: usize, value: &Value, key: &Ident, scheme: Scheme) -> Result<u8> {
    let example = format!("{key} = {}", piece.max_bits());
    let range = format!("{} to {}", min_bits(piece, sq), piece.max_bits());
    let n = integer(value, &key.to_string(), &range, &example)?;
    let bits = check_bits(piece, sq, n).map_err(|m| Error::new(value.span(), m.as_str()))?;
    let (p, name, known) = (piece.name(), square_name(sq), fewest_known_bits(piece, sq));
    let max = piece.max_bits();
    // What is known and proven holds for multiply magics only.
    if bits < known && scheme.hash() == Hash::Multiply {
        let range = match known == max {
            true => format!("{known}"),
            false => format!("{known} to {max}"),
        };
        let message = match fewer_bits_proven_impossible(piece, sq) {
            true => format!(
                "{bits} {p} bits is impossible for {name}: no magic there has fewer than {known} \
                 (proven by exhaustive search); use {range}"
            ),
            false => format!(
                "no {p} magic with {bits} bits is known for {name}: the fewest known is {known}; \
                 use {range}, or look for one with `magic-search hunt {p},{name},{bits}`"
            ),
        };
        return Err(Error::new(value.span(), message));
    }
    Ok(bits as u8)
}
