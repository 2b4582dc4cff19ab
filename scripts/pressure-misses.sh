#!/usr/bin/env bash
# Cache misses each scheme's lookups cause under cache pressure, counted by
# cachegrind's simulator (the same on every run, unlike times on a shared
# machine): benches/examples/pressure_misses.rs runs rook, bishop and queen
# lookups of real positions, each after eight reads of an 8 MiB working set.
# The simulated caches are this machine's L1d (48 KiB) and L2 (1 MiB, as the
# simulator's last level). The `pressure-only` run's misses are subtracted.
# Prints markdown. Usage: scripts/pressure-misses.sh [passes]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
passes=${1:-20}
cd "$root"
cargo build -q --release -p magic-benches --features peers --example pressure_misses
bin=target/release/examples/pressure_misses

# misses SCHEME: prints "lookups d1_misses l2_misses" (data reads and writes).
misses() {
    local out
    out=$(valgrind --tool=cachegrind --cache-sim=yes --D1=49152,12,64 --LL=1048576,16,64 \
        --cachegrind-out-file=/dev/null "$bin" "$1" "$passes" 2>&1)
    echo "$(echo "$out" | awk '/lookups/ { print $1 }') \
$(echo "$out" | awk '/D1  misses/ { gsub(",", "", $4); print $4 }') \
$(echo "$out" | awk '/LLd misses/ { gsub(",", "", $4); print $4 }')"
}

read -r n base_d1 base_l2 <<<"$(misses pressure-only)"
echo "Cachegrind, $passes passes, $n lookups; misses per lookup over the pressure alone"
echo "(simulated L1d 48 KiB, L2 1 MiB; 8 working-set reads per lookup cost $(awk -v a="$base_d1" -v n="$n" 'BEGIN { printf "%.2f", a / n }') L1d misses)."
echo
echo "| scheme | L1d misses per lookup | L2 misses per lookup |"
echo "|---|---:|---:|"
for s in fancy fancy-best plain shared-best fixed_shift black byte_lookup-best pext_pdep pext_lines hyperbola shakmaty cozy-chess; do
    read -r _ d1 l2 <<<"$(misses "$s")"
    awk -v s="$s" -v d="$d1" -v l="$l2" -v bd="$base_d1" -v bl="$base_l2" -v n="$n" \
        'BEGIN { printf "| %s | %.3f | %.3f |\n", s, (d - bd) / n, (l - bl) / n }'
done
