#!/usr/bin/env bash
# Article 001 at 1,000,000 profiles: the article's own Java program and loomlab's fastest models,
# alternated ROUNDS times so both see the same machine state (docs/results.md, fanout).
set -euo pipefail
. "$(dirname "$0")/rounds.sh"
OUT="${OUT:-$(mktemp -d)}"
for r in $(seq 1 "$ROUNDS"); do
  "$JAVA" -XX:MaxRAMPercentage=75 "$ROOT/docs/fidelity/ArticleFanout.java" 1000000
  "$ROOT/loomlab" run fanout -m reactor,coroutines -p profiles=1000000 -p latency=500ms \
      --warmup 0 --iterations 1 --out "$OUT/round-$r" | grep '^fanout'
done
