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
}
