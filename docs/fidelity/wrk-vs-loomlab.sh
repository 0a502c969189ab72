#!/usr/bin/env bash
# Generator fidelity (docs/web.md, "The load generator"): wrk and `loomlab load` side by side against one
# `loomlab serve jdk -p delay=0ms`, alternated ROUNDS times so both see the same machine state. Prints one
# line per measurement, then each side's median and min–max and the ratio loomlab/wrk of the medians.
# Needs wrk (Debian: apt-get install wrk); exit 2 without it. The server is stopped on exit.
#   ROUNDS (5)  USERS (100 connections)  DURATION (10, s)  WARMUP (2, s: loomlab's --warmup)
#   WRK_THREADS (2)  PORT (a free one)  WRK (wrk on PATH)
# Both send the same request: the request line and Host, nothing more.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
ROUNDS="${ROUNDS:-5}"
USERS="${USERS:-100}"
DURATION="${DURATION:-10}"
WARMUP="${WARMUP:-2}"
WRK_THREADS="${WRK_THREADS:-2}"
WRK="${WRK:-$(command -v wrk || true)}"
if [ -z "$WRK" ] || [ ! -x "$WRK" ]; then
  echo "wrk-vs-loomlab: wrk is not installed (Debian/Ubuntu: apt-get install wrk; or set WRK=/path/to/wrk)" >&2
  exit 2
fi

# A port nothing listens on, below the ephemeral range (where the load's own connections take theirs).
free_port() {
  local low p
  low="$(cut -f1 /proc/sys/net/ipv4/ip_local_port_range 2>/dev/null || echo 32768)"
  for p in $(shuf -i 10000-$((low - 1)) -n 100); do
    if ! (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null; then
      echo "$p"
      return 0
    fi
  done
  echo "wrk-vs-loomlab: no free port found" >&2
  exit 1
}
PORT="${PORT:-$(free_port)}"
URL="http://127.0.0.1:$PORT/get"
OUT="$(mktemp -d)"
SERVER=""
stop() {
  if [ -n "$SERVER" ] && kill -0 "$SERVER" 2>/dev/null; then
    kill "$SERVER" 2>/dev/null || true
    wait "$SERVER" 2>/dev/null || true
  fi
  rm -rf "$OUT"
}
trap stop EXIT
trap 'exit 130' INT TERM

"$ROOT/loomlab" serve jdk -p delay=0ms --port "$PORT" >"$OUT/server.log" 2>&1 &
SERVER=$!
for _ in $(seq 1 600); do
  grep -q "Ctrl-C stops it" "$OUT/server.log" 2>/dev/null && break
  kill -0 "$SERVER" 2>/dev/null || { cat "$OUT/server.log" >&2; echo "wrk-vs-loomlab: the server did not start" >&2; exit 1; }
  sleep 0.5
done
grep -q "Ctrl-C stops it" "$OUT/server.log" || { cat "$OUT/server.log" >&2; echo "wrk-vs-loomlab: the server did not start" >&2; exit 1; }
echo "server: $(grep -m1 'loomlab serve: jdk' "$OUT/server.log" | sed 's/^loomlab serve: //')"
echo "machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg), $(date -u '+%Y-%m-%d %H:%M UTC')"
echo "wrk: $WRK -t$WRK_THREADS -c$USERS -d${DURATION}s $URL"
echo "loomlab: ./loomlab load $URL --users $USERS --warmup ${WARMUP}s --duration ${DURATION}s"

# The server's JIT warms before the first measurement, not during wrk's first round.
"$WRK" -t"$WRK_THREADS" -c"$USERS" -d5s "$URL" >/dev/null

: >"$OUT/wrk"
: >"$OUT/loomlab"
for r in $(seq 1 "$ROUNDS"); do
  "$WRK" -t"$WRK_THREADS" -c"$USERS" -d"${DURATION}s" "$URL" >"$OUT/wrk-$r.txt"
  w="$(awk '/^Requests\/sec:/ {printf "%.0f", $2}' "$OUT/wrk-$r.txt")"
  [ -n "$w" ] || { cat "$OUT/wrk-$r.txt" >&2; echo "wrk-vs-loomlab: wrk printed no Requests/sec" >&2; exit 1; }
  echo "$w" >>"$OUT/wrk"
  printf 'round %d wrk     %8s req/s  (%s)\n' "$r" "$w" \
      "$(grep -E 'Socket errors|Non-2xx' "$OUT/wrk-$r.txt" | sed 's/^ *//' | paste -sd ';' - | sed 's/^$/no errors/')"
  "$ROOT/loomlab" load "$URL" --users "$USERS" --warmup "${WARMUP}s" --duration "${DURATION}s" --out "$OUT/load-$r" \
      >"$OUT/load-$r.txt" 2>"$OUT/load-$r.err" || { cat "$OUT/load-$r.err" >&2; echo "wrk-vs-loomlab: loomlab load failed" >&2; exit 1; }
  line="$(grep -m1 '^loomlab load: [0-9]* req/s' "$OUT/load-$r.txt" | sed 's/^loomlab load: //')"
  l="${line%% req/s*}"
  [ -n "$line" ] || { echo "wrk-vs-loomlab: loomlab load printed no req/s" >&2; exit 1; }
  echo "$l" >>"$OUT/loomlab"
  printf 'round %d loomlab %8s req/s  (%s)\n' "$r" "$l" "$(echo "${line#* req/s, }" | sed 's/, latency [^;]*//')"
done

median() { sort -n "$1" | awk '{v[NR]=$1} END {if (NR % 2) print v[(NR+1)/2]; else printf "%.0f\n", (v[NR/2]+v[NR/2+1])/2}'; }
range() { sort -n "$1" | awk 'NR==1 {lo=$1} {hi=$1} END {print lo "–" hi}'; }
mw="$(median "$OUT/wrk")"
ml="$(median "$OUT/loomlab")"
echo "wrk     median $mw req/s, min–max $(range "$OUT/wrk")"
echo "loomlab median $ml req/s, min–max $(range "$OUT/loomlab")"
awk -v l="$ml" -v w="$mw" 'BEGIN {printf "ratio loomlab/wrk (medians): %.2f\n", l / w}'
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
