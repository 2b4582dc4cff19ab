#!/usr/bin/env bash
# Runs one of the criterion benchmarks several times and prints each
# figure's median over the runs, with its ratio to the fastest peer: on a
# shared machine one run's figures drift with the load, and the median of
# several is steadier.
#
# Usage: scripts/bench-runs.sh RUNS lookups|perft|pressure [criterion filter]
#   scripts/bench-runs.sh 5 lookups
#   scripts/bench-runs.sh 5 lookups '/(black|fixed_shift|peer:.*)$'
#   scripts/bench-runs.sh 3 perft
# Extra cargo flags through CARGO_FLAGS (for example "--features peers-pext"),
# and RUSTFLAGS and CARGO_TARGET_DIR as usual.
set -euo pipefail
runs=${1:?runs}
bench=${2:?lookups, perft or pressure}
filter=${3:-}
cd "$(dirname "$0")/.."
case "$bench" in
    lookups) package=(-p magic-benches --features peers) times=(--warm-up-time 0.5 --measurement-time 1) groups=(throughput latency) ;;
    pressure) package=(-p magic-benches --features peers) times=(--warm-up-time 1 --measurement-time 4) groups=(pressure) ;;
    perft) package=(-p magic-benches) times=(--warm-up-time 1 --measurement-time 3) groups=(perft) ;;
    *) echo "unknown benchmark $bench: lookups, perft or pressure" >&2; exit 2 ;;
esac
# Absolute, so that cargo and criterion (which runs in the package's
# directory) agree on where the results go.
target=$(realpath -m "${CARGO_TARGET_DIR:-target}")
export CARGO_TARGET_DIR="$target"
out="$target/bench-runs/$bench"
rm -rf "$out"
mkdir -p "$out"
for i in $(seq 1 "$runs"); do
    rm -rf "$target/criterion"
    # shellcheck disable=SC2086
    cargo bench -q "${package[@]}" ${CARGO_FLAGS:-} --bench "$bench" -- \
        "${times[@]}" ${filter:+"$filter"} >/dev/null 2>&1
    mv "$target/criterion" "$out/$i"
done
scripts/bench-table.py "$(ls -d "$out"/* | paste -sd, -)" "${groups[@]}"
