#!/usr/bin/env bash
# Fidelity check (docs/methodology.md): loomlab's medians beside plain Java programs doing the same
# thing, alternated ROUNDS times so both see the same machine state. Prints one line per measurement.
set -euo pipefail
. "$(dirname "$0")/rounds.sh"
OUT="$(mktemp -d)"
median() { sed -n 's/.*"wall_ms":{"median":\([0-9.]*\).*/\1/p' "$1" | head -n 1; }
for r in $(seq 1 "$ROUNDS"); do
  for spec in "sleep platform:100 2000 100" "sleep virtual 2000 100" "cpu-sqrt platform:2 1000 1000000" "cpu-sqrt virtual 1000 1000000"; do
    set -- $spec
    if [ "$1" = sleep ]; then
      "$JAVA" "$ROOT/docs/fidelity/PlainSleep.java" "$2" "$3" "$4"
      "$ROOT/loomlab" run sleep -m "$2" -p tasks="$3" -p sleep="$4ms" --out "$OUT/$r-$1-$2" >/dev/null 2>&1
    else
      "$JAVA" "$ROOT/docs/fidelity/PlainCpuSqrt.java" "$2" "$3" "$4"
      "$ROOT/loomlab" run cpu-sqrt -m "$2" -p tasks="$3" -p n="$4" --out "$OUT/$r-$1-$2" >/dev/null 2>&1
    fi
    printf 'loomlab %s %s: median %s ms\n' "$1" "$2" "$(median "$OUT/$r-$1-$2/results.jsonl")"
  done
done
rm -rf "$OUT"
