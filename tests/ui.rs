//! Compile errors: every bad macro input and a wrong hard-coded magic.

#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    t.compile_fail("ui/*.rs");
}
