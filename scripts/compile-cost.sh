#!/usr/bin/env bash
# What magic-runtime costs a consumer crate's build, next to a hello-world
# crate and to the peers' crates, measured the same way:
#   - the README's quick start (the macro with the default seed), the same
#     with a seed of its own (the macro searches), and the const builder
#     with a full hard-coded set of 128 magics (no proc-macro at all);
#   - one consumer per scheme (`magic_tables!`, rook attacks only), the
#     same with `seed = 42` for every scheme that searches, and four of
#     them again without magic-runtime's default `prebuilt` feature (the
#     macro then emits the table into the consumer);
#   - the seeded `offset_in_magic` and `black` tables again, each in a
#     library crate of its own that the consumer depends on;
#   - consumers of shakmaty, cozy-chess and chess, the same rook lookup.
# For each, in the dev and release profiles: a clean build with its
# dependencies, a clean build of the crate alone, and a rebuild after
# touching an unrelated file (the crates taking turns); medians of `runs`
# runs. Then the release rebuild of four of them with one codegen unit,
# and the release binary size of every rook-only consumer.
# Prints markdown. Usage: scripts/compile-cost.sh [runs] [all|quick|seeded]
#   quick: only hello-world, the quick start, the seeded quick start and the
#   const builder, dev profile.
#   seeded: only rebuilds (dev, or release with PROFILE=release) of
#   hello-world, the fancy and plain tables emitted without a search, a
#   seeded consumer of every scheme that searches and the two in crates of
#   their own (no clean builds, so many runs stay short); with
#   SEEDS="1 7 99", one for each of those seeds instead of seed 42.
#   SCHEMES="plain shared" takes only those schemes.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
runs=${1:-3}
mode=${2:-all}
seeded_profile=${PROFILE:-dev}
case $seeded_profile in
dev | release) ;;
*) echo "PROFILE is dev or release, not $seeded_profile" >&2; exit 1 ;;
esac
work=$(mktemp -d "${TMPDIR:-/tmp}/magic-compile-cost.XXXXXX")
trap 'rm -rf "$work"' EXIT
unset CARGO_TARGET_DIR CARGO_INCREMENTAL RUSTFLAGS

now() { date +%s.%N; }
median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

# new_crate NAME DEPENDENCY-LINE: a binary crate with src/main.rs (written
# by the caller) and an unrelated module src/other.rs.
new_crate() {
    local dir="$work/$1"
    mkdir -p "$dir/src"
    printf '[package]\nname = "%s"\nversion = "0.1.0"\nedition = "2021"\n\n[dependencies]\n%s\n' "$1" "$2" >"$dir/Cargo.toml"
    echo 'pub fn unrelated() -> u32 { 1 }' >"$dir/src/other.rs"
    echo "$dir"
}

# The first ```rust block of the README, as the quick start's main.rs.
quick_start_main() {
    awk '/^```rust/ { if (!done) { on = 1; next } } /^```/ { if (on) { on = 0; done = 1 } } on' "$root/README.md"
}

# A main that looks up rook attacks for a square and occupancy taken from
# the number of command-line arguments, so that nothing folds away, and
# that compiles little else: `$1` is the expression. The consumer with no
# lookup at all (`$1` = occ ^ sq) shows what this main costs on its own.
rook_main() {
    cat <<EOF
mod other;
fn main() {
    let n = std::env::args().count() as u64;
    let (sq, occ) = ((n * 7 % 64) as usize, n.wrapping_mul(0x9e37_79b9_7f4a_7c15));
    println!("{:#x} {}", $1, other::unrelated());
}
EOF
}

# clean_builds DIR PROFILE-FLAG: prints "clean_all clean_crate" in seconds.
clean_builds() {
    local dir=$1 flag=$2 name all=() crate=()
    name=$(basename "$dir")
    (cd "$dir" && cargo build -q $flag >/dev/null 2>&1) # fetch and warm the registry
    for _ in $(seq "$runs"); do
        (cd "$dir" && cargo clean -q)
        local t0; t0=$(now)
        (cd "$dir" && cargo build -q $flag 2>/dev/null)
        all+=("$(echo "$(now) - $t0" | bc)")
        (cd "$dir" && cargo clean -q -p "$name" $flag)
        t0=$(now)
        (cd "$dir" && cargo build -q $flag 2>/dev/null)
        crate+=("$(echo "$(now) - $t0" | bc)")
    done
    printf '%s %s\n' "$(printf '%s\n' "${all[@]}" | median)" "$(printf '%s\n' "${crate[@]}" | median)"
}

# rebuilds PROFILE-FLAG DIR...: the median rebuild of each crate after
# touching an unrelated file, one line each. The crates take turns, run
# after run, so that a slower spell of a shared machine falls on all of
# them alike rather than on the few measured during it.
rebuilds() {
    local flag=$1 dir i times=()
    shift
    local dirs=("$@")
    for dir in "${dirs[@]}"; do (cd "$dir" && cargo build -q $flag 2>/dev/null); done
    for _ in $(seq "$runs"); do
        sleep 1.1 # a new mtime second since each crate's last build, so that cargo sees the touch
        # A build with nothing to do, so that the first crate measured does
        # not also pay for waking the machine after the pause.
        (cd "${dirs[0]}" && cargo build -q $flag 2>/dev/null)
        for i in "${!dirs[@]}"; do
            touch "${dirs[$i]}/src/other.rs"
            local t0; t0=$(now)
            (cd "${dirs[$i]}" && cargo build -q $flag 2>/dev/null)
            times[i]+="$(echo "$(now) - $t0" | bc) "
        done
    done
    for i in "${!dirs[@]}"; do
        printf '%s\n' ${times[i]} | median
    done
}

consumers=()
labels=()
add() { consumers+=("$1"); labels+=("$2"); }

hello=$(new_crate hello "")
printf 'mod other;\nfn main() { println!("hello {}", other::unrelated()); }\n' >"$hello/src/main.rs"
add "$hello" "hello-world"

runtime="magic-runtime = { path = \"$root/magic-runtime\" }"
emitted="magic-runtime = { path = \"$root/magic-runtime\", default-features = false, features = [\"macros\"] }"
if [ "$mode" != seeded ]; then
quick=$(new_crate quick_start "$runtime")
{ echo 'mod other;'; quick_start_main; } >"$quick/src/main.rs"
add "$quick" "README quick start (\`magic_tables!\`, default seed)"

seeded=$(new_crate seeded "$runtime")
{ echo 'mod other;'; quick_start_main | sed 's/scheme = fancy }/scheme = fancy, seed = 42 }/'; } >"$seeded/src/main.rs"
grep -q 'seed = 42' "$seeded/src/main.rs" || { echo "could not add a seed to the quick start" >&2; exit 1; }
add "$seeded" "quick start with \`seed = 42\` (searched while expanding)"

builder=$(new_crate const_builder "magic-runtime = { path = \"$root/magic-runtime\", default-features = false }")
{
    # The 128 shipped fancy magics, their bits and the builder's static, as
    # `generate --rust` prints them.
    (cd "$root" && cargo run -q --release -p magic-search -- generate --rust) |
        sed -n '/^\/\/ magic_runtime constants and tables:/,$p'
    rook_main 'SLIDERS.rook(sq, occ)'
} >"$builder/src/main.rs"
add "$builder" "const builder, 128 hard-coded magics"
fi

# Every scheme that searches, with a seed of its own: the macro searches
# (and packs) on every build.
# The seeds are 42, or those of the SEEDS variable (seeded mode only).
seeded_consumers() {
    local scheme seed dir seeds=42
    [ "$mode" = seeded ] && seeds=${SEEDS:-42}
    for seed in $seeds; do
        for scheme in "$@"; do
            dir=$(new_crate "seeded_${scheme}_$seed" "$runtime")
            { echo "magic_runtime::magic_tables! { static T { scheme = $scheme, seed = $seed } }"; rook_main 'T.rook(sq, occ)'; } >"$dir/src/main.rs"
            add "$dir" "\`scheme = $scheme, seed = $seed\` (searched while expanding)"
        done
    done
}
# The costliest seeded tables again, each `magic_tables!` in a library
# crate of its own that the consumer depends on, as an engine's workspace
# can hold it: touching the consumer leaves that crate built, and the
# macro does not run again.
apart_consumers() {
    local scheme lib dir
    for scheme in offset_in_magic black; do
        lib="$work/tables_$scheme"
        mkdir -p "$lib/src"
        printf '[package]\nname = "tables_%s"\nversion = "0.1.0"\nedition = "2021"\n\n[dependencies]\n%s\n' "$scheme" "$runtime" >"$lib/Cargo.toml"
        echo "magic_runtime::magic_tables! { pub static T { scheme = $scheme, seed = 42 } }" >"$lib/src/lib.rs"
        dir=$(new_crate "apart_$scheme" "tables_$scheme = { path = \"$lib\" }")
        rook_main "tables_$scheme::T.rook(sq, occ)" >"$dir/src/main.rs"
        add "$dir" "\`scheme = $scheme, seed = 42\` in a library crate of its own, which the consumer depends on"
    done
}
if [ "$mode" = seeded ]; then
    # The shipped fancy (841 KiB) and plain (2.25 MiB) tables emitted
    # without a search: what a table costs without its search, next to
    # the seeded tables of about those sizes (in dev the const builder's
    # fill, kept by incremental compilation; in release the bytes).
    for scheme in fancy plain; do
        dir=$(new_crate "emitted_$scheme" "$emitted")
        { echo "magic_runtime::magic_tables! { static T { scheme = $scheme } }"; rook_main 'T.rook(sq, occ)'; } >"$dir/src/main.rs"
        add "$dir" "\`scheme = $scheme\`, emitted (no \`prebuilt\` feature): no search"
    done
    # shellcheck disable=SC2086 # a list of names
    seeded_consumers ${SCHEMES:-fancy magic32 shift_in_magic byte_lookup plain shared black fixed_shift offset_in_magic}
    apart_consumers
fi

schemes=()
one_unit=() # measured again in release with one codegen unit
if [ "$mode" = all ]; then
    dir=$(new_crate lookup_free "")
    rook_main 'occ ^ sq as u64' >"$dir/src/main.rs"
    add "$dir" "the same main without a lookup"
    for scheme in fancy plain shift_in_magic shared fixed_shift black offset_in_magic byte_lookup magic32 pext pext_pdep pext_lines hyperbola; do
        dir=$(new_crate "scheme_$scheme" "$runtime")
        { echo "magic_runtime::magic_tables! { static T { scheme = $scheme } }"; rook_main 'T.rook(sq, occ)'; } >"$dir/src/main.rs"
        add "$dir" "\`scheme = $scheme\`"
        schemes+=("$dir")
    done
    seeded_consumers plain shift_in_magic shared fixed_shift black offset_in_magic byte_lookup magic32
    apart_consumers
    # Four of them again without magic-runtime's default \`prebuilt\`
    # feature: the macro emits the table into the consumer.
    for scheme in fancy plain black offset_in_magic; do
        dir=$(new_crate "emitted_$scheme" "$emitted")
        { echo "magic_runtime::magic_tables! { static T { scheme = $scheme } }"; rook_main 'T.rook(sq, occ)'; } >"$dir/src/main.rs"
        add "$dir" "\`scheme = $scheme\`, emitted (no \`prebuilt\` feature)"
        schemes+=("$dir")
        one_unit+=("$dir")
    done
    dir=$(new_crate peer_shakmaty 'shakmaty = "0.27"')
    rook_main 'u64::from(shakmaty::attacks::rook_attacks(shakmaty::Square::new(sq as u32), shakmaty::Bitboard(occ)))' >"$dir/src/main.rs"
    add "$dir" "peer: shakmaty (const evaluation)"
    schemes+=("$dir")
    dir=$(new_crate peer_cozy_chess 'cozy-chess = "0.3"')
    rook_main 'cozy_chess::get_rook_moves(cozy_chess::Square::index(sq), cozy_chess::BitBoard(occ)).0' >"$dir/src/main.rs"
    add "$dir" "peer: cozy-chess (build script)"
    schemes+=("$dir")
    dir=$(new_crate peer_chess 'chess = "3"')
    rook_main 'chess::get_rook_moves(unsafe { chess::Square::new(sq as u8) }, chess::BitBoard(occ)).0' >"$dir/src/main.rs"
    add "$dir" "peer: chess (build script)"
    schemes+=("$dir")
fi

for dir in "${consumers[@]}"; do
    (cd "$dir" && cargo run -q >/dev/null 2>&1) || { echo "$(basename "$dir") does not build" >&2; exit 1; }
done

# rows PROFILE-FLAG: a table row per consumer, its rebuild and how much
# over hello-world's, with its clean builds first unless in seeded mode.
rows() {
    local flag=$1 i all crate over
    mapfile -t rebuild < <(rebuilds "$flag" "${consumers[@]}")
    for i in "${!consumers[@]}"; do
        over=$(echo "${rebuild[$i]} - ${rebuild[0]}" | bc)
        if [ "$mode" = seeded ]; then
            printf '| %s | %.3f s | %+.3f s |\n' "${labels[$i]}" "${rebuild[$i]}" "$over"
        else
            read -r all crate < <(clean_builds "${consumers[$i]}" "$flag")
            printf '| %s | %.2f s | %.2f s | %.3f s | %+.3f s |\n' "${labels[$i]}" "$all" "$crate" "${rebuild[$i]}" "$over"
        fi
    done
}

echo "Medians of $runs runs; $(rustc --version); $(nproc) cores; $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
if [ "$mode" = seeded ]; then
    printf '\n#### %s profile, rebuilds only\n\n' "$seeded_profile"
    echo "| consumer crate | rebuild after touching another file | rebuild over hello-world |"
    echo "|---|---|---|"
    if [ "$seeded_profile" = release ]; then rows --release; else rows ""; fi
    exit 0
fi
profiles=("dev:")
[ "$mode" = all ] && profiles+=("release:--release")
for profile in "${profiles[@]}"; do
    printf '\n#### %s profile\n\n' "${profile%%:*}"
    echo "| consumer crate | clean build, with dependencies | clean build, crate alone | rebuild after touching another file | rebuild over hello-world |"
    echo "|---|---|---|---|---|"
    rows "${profile#*:}"
done

if [ "$mode" = all ]; then
    # Release builds split a crate into 16 codegen units and run ThinLTO
    # over them, which writes and reads every constant as LLVM bitcode: for
    # a 2.25 MiB table that round trip is most of its rebuild. Engines
    # usually build releases with one codegen unit, which skips it.
    echo
    echo "#### Release rebuild with \`codegen-units = 1\`"
    echo
    echo "| consumer crate | rebuild after touching another file | rebuild over hello-world |"
    echo "|---|---|---|"
    one_units=()
    for dir in "$hello" "${one_unit[@]}"; do
        one=$(new_crate "$(basename "$dir")_one_unit" "$(sed -n '/^\[dependencies\]/,$p' "$dir/Cargo.toml" | tail -n +2)")
        printf '\n[profile.release]\ncodegen-units = 1\n' >>"$one/Cargo.toml"
        cp "$dir/src/main.rs" "$one/src/main.rs"
        one_units+=("$one")
    done
    mapfile -t rebuild < <(rebuilds --release "${one_units[@]}")
    for i in "${!one_units[@]}"; do
        printf '| %s | %.3f s | %+.3f s |\n' "$(basename "${one_units[$i]}" _one_unit)" "${rebuild[$i]}" "$(echo "${rebuild[$i]} - ${rebuild[0]}" | bc)"
    done
    echo
    echo "#### Release binary of a consumer that uses only rook attacks"
    echo
    echo "| consumer | binary | stripped |"
    echo "|---|---|---|"
    for dir in "$hello" "${schemes[@]}"; do
        (cd "$dir" && cargo build -q --release 2>/dev/null)
        bin="$dir/target/release/$(basename "$dir")"
        strip -o "$bin.stripped" "$bin"
        printf '| %s | %s bytes | %s bytes |\n' "$(basename "$dir")" "$(stat -c %s "$bin")" "$(stat -c %s "$bin.stripped")"
    done
fi
