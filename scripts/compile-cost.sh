#!/usr/bin/env bash
# Measures what magic-runtime costs a consumer crate's build, next to a
# hello-world crate built the same way:
#   - the README's quick start (the macro, default dev profile), and the
#     same with a seed of its own, so that the macro searches,
#   - the const builder with a full hard-coded set of 128 magics
#     (`default-features = false`, so no proc-macro at all).
# For each: a clean debug build (dependencies included, and the consumer
# crate alone) and rebuilds after touching an unrelated source file.
# Prints a markdown table of medians. Usage: scripts/compile-cost.sh [runs]
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
runs=${1:-5}
work=$(mktemp -d "${TMPDIR:-/tmp}/magic-compile-cost.XXXXXX")
trap 'rm -rf "$work"' EXIT
unset CARGO_TARGET_DIR CARGO_INCREMENTAL RUSTFLAGS

now() { date +%s.%N; }
median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

# new_crate NAME DEPENDENCY-LINE: a binary crate with src/main.rs and an
# unrelated module src/other.rs.
new_crate() {
    local dir="$work/$1"
    mkdir -p "$dir/src"
    cat >"$dir/Cargo.toml" <<EOF
[package]
name = "$1"
version = "0.1.0"
edition = "2021"

[dependencies]
$2
EOF
    echo 'pub fn unrelated() -> u32 { 1 }' >"$dir/src/other.rs"
    echo "$dir"
}

# The first ```rust block of the README, as the quick start's main.rs.
quick_start_main() {
    awk '/^```rust/ { if (!done) { on = 1; next } } /^```/ { if (on) { on = 0; done = 1 } } on' "$root/README.md"
}

# measure DIR: prints "clean_all clean_crate rebuild" in seconds.
measure() {
    local dir=$1 name
    name=$(basename "$dir")
    (cd "$dir" && cargo build -q >/dev/null 2>&1) # fetch and warm the registry
    local all=() crate=() rebuild=()
    for _ in $(seq "$runs"); do
        (cd "$dir" && cargo clean -q)
        local t0; t0=$(now)
        (cd "$dir" && cargo build -q 2>/dev/null)
        all+=("$(echo "$(now) - $t0" | bc)")
        (cd "$dir" && cargo clean -q -p "$name")
        t0=$(now)
        (cd "$dir" && cargo build -q 2>/dev/null)
        crate+=("$(echo "$(now) - $t0" | bc)")
    done
    for _ in $(seq "$runs"); do
        sleep 1.1 # a new mtime second, so that cargo sees the touch
        touch "$dir/src/other.rs"
        local t0; t0=$(now)
        (cd "$dir" && cargo build -q 2>/dev/null)
        rebuild+=("$(echo "$(now) - $t0" | bc)")
    done
    printf '%s %s %s\n' \
        "$(printf '%s\n' "${all[@]}" | median)" \
        "$(printf '%s\n' "${crate[@]}" | median)" \
        "$(printf '%s\n' "${rebuild[@]}" | median)"
}

hello=$(new_crate hello "")
printf 'mod other;\nfn main() { println!("hello {}", other::unrelated()); }\n' >"$hello/src/main.rs"

quick=$(new_crate quick_start "magic-runtime = { path = \"$root/magic-runtime\" }")
{ echo 'mod other;'; quick_start_main; } >"$quick/src/main.rs"

seeded=$(new_crate seeded "magic-runtime = { path = \"$root/magic-runtime\" }")
{ echo 'mod other;'; quick_start_main | sed 's/scheme = fancy }/scheme = fancy, seed = 42 }/'; } >"$seeded/src/main.rs"
grep -q 'seed = 42' "$seeded/src/main.rs" || { echo "could not add a seed to the quick start" >&2; exit 1; }

builder=$(new_crate const_builder "magic-runtime = { path = \"$root/magic-runtime\", default-features = false }")
{
    echo 'mod other;'
    echo 'use magic_runtime::{FancyTables, DEFAULT_FANCY_LEN};'
    # The 128 shipped fancy magics and their bits, hard-coded as literals.
    (cd "$root" && cargo run -q --release -p magic-search -- generate --rust) | sed -n '/^\/\/\/ rook magics/,$p'
    cat <<'EOF'
static SLIDERS: FancyTables<DEFAULT_FANCY_LEN> = FancyTables::new(&ROOK, &ROOK_BITS, &BISHOP, &BISHOP_BITS);
fn main() {
    println!("{:#x} {}", SLIDERS.queen(27, 1 << 35), other::unrelated());
}
EOF
} >"$builder/src/main.rs"

for dir in "$hello" "$quick" "$seeded" "$builder"; do
    (cd "$dir" && cargo run -q >/dev/null) || { echo "$(basename "$dir") does not build" >&2; exit 1; }
done

read -r h_all h_crate h_rebuild < <(measure "$hello")
read -r q_all q_crate q_rebuild < <(measure "$quick")
read -r s_all s_crate s_rebuild < <(measure "$seeded")
read -r b_all b_crate b_rebuild < <(measure "$builder")

echo "Medians of $runs runs, dev profile; $(rustc --version); $(nproc) cores; $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
echo
echo "| consumer crate | clean build, with dependencies | clean build, crate alone | rebuild after touching another file | rebuild over hello-world |"
echo "|---|---|---|---|---|"
row() { printf '| %s | %.2f s | %.2f s | %.3f s | %+.3f s |\n' "$1" "$2" "$3" "$4" "$(echo "$4 - $h_rebuild" | bc)"; }
row "hello-world" "$h_all" "$h_crate" "$h_rebuild"
row "README quick start (\`magic_tables!\`)" "$q_all" "$q_crate" "$q_rebuild"
row "quick start with \`seed = 42\` (searched while expanding)" "$s_all" "$s_crate" "$s_rebuild"
row "const builder, 128 hard-coded magics" "$b_all" "$b_crate" "$b_rebuild"
