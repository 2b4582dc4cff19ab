#!/usr/bin/env bash
# Settles, for every bishop square, whether a magic with one bit fewer than
# the fewest known (`magic_core::fewest_known_bits`: the bits of the best
# known set, `data/best-magics.csv`, or else the mask's) exists: one line
# per square from `magic-search settle`, which rules out every magic or
# prints the lowest one. A square where one bit fewer cannot number its
# attack sets is impossible by counting, and said so.
#
# Usage: scripts/settle-bishops.sh [SECONDS]   (a limit per square; default none)
set -uo pipefail
cd "$(dirname "$0")/.."
cargo build --release -q -p magic-search || exit 1
tool=target/release/magic-search
limit=${1:-0}

# The squares a bishop's mask holds: its diagonals, edges left out.
mask_bits() {
  local f=$1 r=$2 n=0 df dr x y
  for d in "1 1" "1 -1" "-1 1" "-1 -1"; do
    read -r df dr <<<"$d"
    x=$((f + df)) y=$((r + dr))
    while ((x + df >= 0 && x + df <= 7 && y + dr >= 0 && y + dr <= 7)); do
      n=$((n + 1)) x=$((x + df)) y=$((y + dr))
    done
  done
  echo "$n"
}

for rank in 1 2 3 4 5 6 7 8; do
  for file in a b c d e f g h; do
    sq=$file$rank
    bits=$(grep -m1 "^bishop,$sq," data/best-magics.csv | cut -d, -f3)
    [ -n "$bits" ] || bits=$(mask_bits $(($(printf '%d' "'$file") - 97)) $((rank - 1)))
    out=$(timeout "$limit" "$tool" settle "bishop,$sq,$((bits - 1))" 2>&1)
    case $? in
      0) echo "$out" ;;
      124) echo "bishop $sq at $((bits - 1)) bits: not settled within $limit s" ;;
      *) echo "bishop $sq at $((bits - 1)) bits: too few to number its attack sets" ;;
    esac
  done
done
