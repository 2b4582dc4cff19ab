use super::expand_tokens;
use proc_macro2::TokenStream;

/// Tokens from text, as the compiler would pass them.
fn tokens(code: &str) -> TokenStream {
    code.parse().unwrap()
}

#[test]
fn same_input_expands_to_identical_tokens() {
    for input in [
        tokens("pub static A { scheme = fancy }"),
        tokens("static B { scheme = shared, seed = 3 }"),
        tokens("static C { scheme = shift_in_magic, seed = 0x55, rook_bits = 12 }"),
    ] {
        let first = expand_tokens(input.clone()).to_string();
        let second = expand_tokens(input).to_string();
        assert!(first.contains("magic_runtime"), "{first}");
        assert_eq!(first, second);
    }
}

#[test]
fn different_seeds_give_different_magics() {
    let a = expand_tokens(tokens("static A { seed = 1 }")).to_string();
    let b = expand_tokens(tokens("static A { seed = 2 }")).to_string();
    assert_ne!(a, b);
}

#[test]
fn errors_become_compile_errors() {
    let out = expand_tokens(tokens("static A { scheme = purple }")).to_string();
    assert!(out.contains("compile_error"), "{out}");
    assert!(out.contains("unknown scheme `purple`"), "{out}");
}

#[test]
fn a_bound_on_tries_alone_keeps_the_shipped_set() {
    let bounded = expand_tokens(tokens("static A { scheme = black, max_tries = 10 }")).to_string();
    let plain = expand_tokens(tokens("static A { scheme = black }")).to_string();
    assert_eq!(bounded, plain);
    assert!(!bounded.contains("compile_error"), "{bounded}");
}

#[test]
fn a_repeated_list_means_what_the_number_alone_means() {
    for (repeated, alone) in [
        (
            "static A { rook_bits = [12; 64] }",
            "static A { rook_bits = 12 }",
        ),
        (
            "static A { rook_bits = [12; 64usize] }",
            "static A { rook_bits = 12 }",
        ),
        (
            "static A { scheme = shift_in_magic, seed = 5, bishop_bits = [9; 64] }",
            "static A { scheme = shift_in_magic, seed = 5, bishop_bits = 9 }",
        ),
    ] {
        let repeated = expand_tokens(tokens(repeated)).to_string();
        assert!(!repeated.contains("compile_error"), "{repeated}");
        assert_eq!(repeated, expand_tokens(tokens(alone)).to_string());
    }
    // The count must be 64, and a bad value is told as it is alone.
    let short = expand_tokens(tokens("static A { rook_bits = [12; 63] }")).to_string();
    assert!(short.contains("repeats its value 63 times"), "{short}");
    let wrong = expand_tokens(tokens("static A { rook_bits = [13; 64] }")).to_string();
    let alone = expand_tokens(tokens("static A { rook_bits = 13 }")).to_string();
    assert!(wrong.contains("compile_error"), "{wrong}");
    assert_eq!(wrong, alone);
    // A group before `;` is one value, not the rest of the list.
    let group = expand_tokens(tokens("static A { rook_bits = [{}; 64] }")).to_string();
    assert!(group.contains("rook_bits must be"), "{group}");
}

/// Words, numbers and marks a table is written with, and some it is not.
const WORDS: &[&str] = &[
    "pub",
    "static",
    "T",
    "U",
    "scheme",
    "seed",
    "rook_bits",
    "bishop_bits",
    "max_tries",
    "set",
    "crate",
    "fancy",
    "black",
    "plain",
    "shared",
    "fixed_shift",
    "byte_lookup",
    "pext",
    "hyperbola",
    "best",
    "dense",
    "repacked",
    "purple",
    "=",
    "=",
    ",",
    ",",
    ";",
    "-",
    "#",
    ":",
    "::",
    ".",
    "0",
    "1",
    "9",
    "12",
    "13",
    "64",
    "0x55",
    "12u8",
    "1.5",
    "18446744073709551615",
    "99999999999999999999999",
    "\"a::b\"",
    "\"\\n\"",
    "'c'",
    "b\"x\"",
];

/// Text of balanced tokens: words and marks, and groups of them nested a
/// few deep, mostly laid out as a table's keys are.
fn token_soup() -> impl proptest::strategy::Strategy<Value = String> {
    use proptest::prelude::*;
    let word = proptest::sample::select(WORDS).prop_map(str::to_string);
    let soup = word.prop_recursive(3, 24, 6, |inner| {
        (
            proptest::sample::select(&["[]", "{}", "()"][..]),
            proptest::collection::vec(inner, 0..6),
        )
            .prop_map(|(delims, inside)| {
                let (open, close) = delims.split_at(1);
                format!("{open} {} {close}", inside.join(" "))
            })
    });
    let key = proptest::sample::select(&WORDS[4..11]);
    let keys = proptest::collection::vec((key.clone(), soup.clone()), 0..4).prop_map(|keys| {
        let keys: Vec<String> = keys.iter().map(|(k, v)| format!("{k} = {v}")).collect();
        keys.join(", ")
    });
    // Keys with values of the right shape, often with the wrong content:
    // these get past parsing into the checks and the search.
    let plausible = prop_oneof![
        proptest::sample::select(&WORDS[11..]).prop_map(str::to_string),
        proptest::collection::vec(proptest::sample::select(&WORDS[34..44]), 0..70)
            .prop_map(|v| format!("[{}]", v.join(", "))),
        (
            proptest::sample::select(&WORDS[34..44]),
            proptest::sample::select(&WORDS[34..44])
        )
            .prop_map(|(v, n)| format!("[{v}; {n}]")),
    ];
    let well_formed = proptest::collection::vec((key, plausible), 1..4).prop_map(|keys| {
        let keys: Vec<String> = keys.iter().map(|(k, v)| format!("{k} = {v}")).collect();
        format!("static T {{ {} }}", keys.join(", "))
    });
    prop_oneof![
        well_formed,
        keys.prop_map(|keys| format!("static T {{ {keys} }}")),
        proptest::collection::vec(soup, 0..8).prop_map(|soup| soup.join(" ")),
    ]
}

proptest::proptest! {
    // Seeded, so that every run tries the same inputs (PROPTEST_CASES
    // sets how many, 256 by default); no regression files are written
    // into the source tree.
    #![proptest_config(proptest::prelude::ProptestConfig {
        rng_seed: proptest::test_runner::RngSeed::Fixed(0x6d61_6769_6373),
        failure_persistence: None,
        ..Default::default()
    })]

    /// Whatever it is given, the macro answers with tokens (tables or a
    /// compile error), never with a panic.
    #[test]
    fn any_input_gets_tables_or_an_error(code in token_soup()) {
        let input: TokenStream = code.parse().unwrap();
        let out = expand_tokens(input);
        proptest::prop_assert!(!out.is_empty(), "nothing for `{}`", code);
    }
}

/// Offset-in-magic sets lay their hardest squares first, where the low
/// bits that hold their offsets admit magics most often; laid in square
/// order, seeds 3, 4 and 5 ran past the limit on candidates.
#[test]
fn seeded_offset_in_magic_sets_stay_within_the_work_limit() {
    for seed in [3, 4, 5, 42] {
        let input = format!("static A {{ scheme = offset_in_magic, seed = {seed} }}");
        let out = expand_tokens(tokens(&input)).to_string();
        assert!(!out.contains("compile_error"), "seed {seed}: {out}");
        assert!(out.contains("OffsetInMagicTables"), "seed {seed}");
    }
}

#[test]
fn a_slip_is_answered_with_the_name_meant() {
    use crate::nearest::nearest;
    let keys = [
        "scheme",
        "set",
        "seed",
        "rook_bits",
        "bishop_bits",
        "max_tries",
    ];
    assert_eq!(nearest("rookbits", keys), Some("rook_bits"));
    assert_eq!(nearest("Bishop_Bit", keys), Some("bishop_bits"));
    assert_eq!(nearest("seeds", keys), Some("seed"));
    assert_eq!(nearest("sed", keys), None, "seed or set");
    assert_eq!(nearest("colour", keys), None);
    assert_eq!(
        nearest("shift_in_magik", ["shift_in_magic", "magic32"]),
        Some("shift_in_magic")
    );
    // Farther than a slip: no guess.
    assert_eq!(nearest("pp", ["pext"]), None);
    assert_eq!(nearest("fantasy", ["fancy"]), None);
}

#[test]
fn misspelt_names_get_the_name_meant_or_the_list() {
    for (input, message) in [
        (
            "static A { rookbits = 11 }",
            "unknown key `rookbits`; did you mean `rook_bits`?",
        ),
        (
            "static A { colour = 11 }",
            "unknown key `colour`; expected one of",
        ),
        (
            "static A { scheme = fancee }",
            "unknown scheme `fancee`; did you mean `fancy`?",
        ),
        (
            "static A { scheme = black, set = repackd }",
            "unknown set `repackd`; did you mean `repacked`?",
        ),
        // `best` is near, but black tables do not take it.
        (
            "static A { scheme = black, set = bst }",
            "unknown set `bst`; use `set = repacked`",
        ),
        (
            "static A { scheme = fixed_shift, set = bst }",
            "unknown set `bst`; use `set = repacked`",
        ),
    ] {
        let out = expand_tokens(tokens(input)).to_string();
        assert!(out.contains(message), "{input}: {out}");
    }
}

/// The `table_from_set!` call of an expansion, as written inside its braces.
fn table_from_set_input(expansion: &TokenStream) -> Option<TokenStream> {
    let mut after_bang = false;
    let mut named = false;
    for token in expansion.clone() {
        match &token {
            proc_macro2::TokenTree::Ident(i) => named = i == "table_from_set",
            proc_macro2::TokenTree::Punct(p) if p.as_char() == '!' => {
                after_bang = named;
                continue;
            }
            proc_macro2::TokenTree::Group(g) if after_bang => return Some(g.stream()),
            proc_macro2::TokenTree::Group(g) => {
                if let Some(found) = table_from_set_input(&g.stream()) {
                    return Some(found);
                }
            }
            _ => {}
        }
        after_bang = false;
    }
    None
}

/// The dev profile's static gets the magics from the const builder, the
/// release profile's the table `table_from_set!` fills from the same set:
/// the one the search finds for the seed.
#[test]
fn both_profiles_get_the_set_the_search_found() {
    use magic_search::{magic_set, table_bytes, Scheme};
    for (scheme, name) in [
        (Scheme::Black, "black"),
        (Scheme::ByteLookup, "byte_lookup"),
    ] {
        let out = expand_tokens(tokens(&format!("static A {{ scheme = {name}, seed = 3 }}")));
        let text = out.to_string();
        assert!(text.contains("# [cfg (debug_assertions)]"), "{text}");
        assert!(text.contains("# [cfg (not (debug_assertions))]"), "{text}");
        let set = magic_set(scheme, 3, None).unwrap();
        let rook_magics = set.magics[0].map(|m| m.to_string()).join(" , ");
        let new_call = text.find(":: new").expect("the const builder's call");
        assert!(text[new_call..].contains(&rook_magics), "{text}");

        let inner = table_from_set_input(&out).expect("a table_from_set! call");
        let table = crate::from_set::expand(inner).to_string();
        assert!(!table.contains("compile_error"), "{table}");
        assert!(table.contains(":: __from_table"), "{table}");
        let bytes = proc_macro2::Literal::byte_string(&table_bytes(&set).unwrap()).to_string();
        assert!(table.contains(&bytes), "the table of the searched set");
    }
}

#[test]
fn table_from_set_refuses_input_magic_tables_did_not_write() {
    for input in [
        "",
        "(magic_runtime) black",
        "(magic_runtime) purple 8 [1]",
        "(magic_runtime) black 8 [1, 2]",
    ] {
        let out = crate::from_set::expand(tokens(input)).to_string();
        assert!(
            out.contains("call `magic_tables!` instead"),
            "{input}: {out}"
        );
    }
}

/// A table whose const builder's fill no longer fits in the invocation's
/// bound on work is emitted as bytes in both profiles: named sets need no
/// search, so each table counts its fill alone.
#[test]
fn fills_past_the_bound_on_work_become_bytes() {
    use crate::expand::{FILL_WORK, WORK_LIMIT};
    let fits = (WORK_LIMIT / FILL_WORK) as usize;
    let items: String = (0..fits + 2)
        .map(|i| format!("static T{i} {{ scheme = fancy, set = best }}\n"))
        .collect();
    let out = expand_tokens(tokens(&items)).to_string();
    assert!(!out.contains("compile_error"), "{out}");
    assert_eq!(out.matches("# [cfg (debug_assertions)]").count(), fits);
    assert_eq!(out.matches("table_from_set").count(), fits + 2);
}
