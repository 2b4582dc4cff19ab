#!/usr/bin/env bash
# Builds and runs the README's quick start as it stands, in a fresh crate:
# the first ```toml block (its path dependencies taken relative to the
# repository root) and the first ```rust block as src/main.rs.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
dir=$(mktemp -d "${TMPDIR:-/tmp}/magic-quick-start.XXXXXX")
trap 'rm -rf "$dir"' EXIT

block() { awk -v lang="$1" '$0 == "```" lang { if (!done) { on = 1; next } } /^```/ { if (on) { on = 0; done = 1 } } on' "$root/README.md"; }

mkdir -p "$dir/src"
{
    printf '[package]\nname = "quick-start"\nversion = "0.1.0"\nedition = "2021"\n\n'
    block toml | sed "s|path = \"|path = \"$root/|"
} >"$dir/Cargo.toml"
block rust >"$dir/src/main.rs"
grep -q magic_tables "$dir/src/main.rs" || { echo "quick start: no rust block found" >&2; exit 1; }
(cd "$dir" && CARGO_TARGET_DIR="$dir/target" cargo run -q)
