//! Compile errors: every bad macro input and a wrong hard-coded magic.
//!
//! A const builder's error is followed by rustc's own notes on where the
//! evaluation stopped, which change between rustc releases. Those cases
//! are compared only under the release their snapshots were made with;
//! the macro's own errors are compared under every release.

use std::process::Command;

/// The rustc release the `.stderr` snapshots were made with.
const SNAPSHOT_RUSTC: &str = "rustc 1.95.0";

fn rustc_version() -> String {
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".to_string());
    let out = Command::new(rustc).arg("-V").output().expect("rustc -V");
    String::from_utf8_lossy(&out.stdout).trim().to_string()
}

#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    t.pass("ui/pass/*.rs");
    let version = rustc_version();
    if version.starts_with(&format!("{SNAPSHOT_RUSTC} ")) {
        t.compile_fail("ui/*.rs");
        return;
    }
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("ui");
    let mut skipped = Vec::new();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "rs") {
            let stderr = std::fs::read_to_string(path.with_extension("stderr")).unwrap();
            match stderr.contains("note: inside") {
                true => skipped.push(path.file_name().unwrap().to_string_lossy().into_owned()),
                false => t.compile_fail(format!(
                    "ui/{}",
                    path.file_name().unwrap().to_string_lossy()
                )),
            }
        }
    }
    eprintln!(
        "{version}: snapshots made with {SNAPSHOT_RUSTC}; not comparing the const-eval notes of {}",
        skipped.join(", ")
    );
}
