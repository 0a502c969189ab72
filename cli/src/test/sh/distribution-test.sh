#!/usr/bin/env bash
# The distribution as users run it, after the unit and integration tests: the README's first command
# (`./loomlab`, the quick suite) through the launcher, dist/lib and dist/servers. Every planned result
# must be `ok` and the report files written. Run by `./loomlab test` (and so by .ci/run).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../../.." && pwd)"
cd "$ROOT"

fail() { echo "distribution test: FAILED: $*" >&2; exit 1; }

echo "distribution test: ./loomlab run quick --dry-run" >&2
planned=$(./loomlab run quick --dry-run | sed -n 's/^\([0-9][0-9]*\) results.*/\1/p' | head -n 1)
[ -n "$planned" ] && [ "$planned" -gt 0 ] || fail "the quick suite's dry run planned no results"

# The doctor's judged example: echo at its defaults holds 100,000 connections, which 1024 open files cannot. Where
# this user may raise its hard limit, the launcher lifts 1024 itself, and there is nothing to judge.
if ! bash -c 'ulimit -n 1024 && ulimit -Hn 1025' 2>/dev/null; then
  echo "distribution test: bash -c 'ulimit -n 1024; ./loomlab doctor echo'" >&2
  code=0
  said=$(bash -c 'ulimit -n 1024; ./loomlab doctor echo' 2>&1) || code=$?
  [ "$code" -eq 1 ] || fail "./loomlab doctor echo under ulimit -n 1024 exited $code, not 1"
  grep -q "hard 1024" <<<"$said" && grep -q "fix: ulimit -n 110000" <<<"$said" \
    || fail "./loomlab doctor echo under ulimit -n 1024 names neither the limit nor its fix"
fi

# Stopping a run (Ctrl-C, SIGTERM, kill -9, --resume) runs beside the quick suite: it mostly waits, the quick suite
# leaves a third of the cores idle, and neither judges a figure. Each tells its own processes by their folders.
# Job control on while it starts: a background job of a script otherwise starts with SIGINT ignored, which its JVMs
# would inherit, and the test sends SIGINT.
export STOP_TEST_WORK="$(mktemp -d)"
set -m
"$ROOT/cli/src/test/sh/stop-test.sh" &
stop_test=$!
set +m

echo "distribution test: ./loomlab (the quick suite, $planned results)" >&2
log="$(mktemp)"
errlog="$(mktemp)"
trap 'rm -f "$log" "$errlog"; kill "$stop_test" 2>/dev/null || true' EXIT
started=$(date +%s)
if ! ./loomlab > "$log" 2> "$errlog"; then
  tail -n 40 "$errlog" "$log" >&2
  fail "./loomlab exited non-zero"
fi
took=$(( $(date +%s) - started ))
# What a newcomer reads first: at most 60 lines on stdout and stderr (the build line aside), none wider than
# 160 characters, no stack trace.
lines=$(cat "$log" "$errlog" | grep -vc '^loomlab: building with ' || true)
[ "$lines" -le 60 ] || { cat "$errlog" "$log" >&2; fail "./loomlab printed $lines lines, more than 60"; }
# Characters, not bytes (±, ×, — and … are several bytes each): bash counts them in a UTF-8 locale, which mawk does not.
wide=$(cat "$log" "$errlog" | LC_ALL=C.UTF-8 bash -c 'while IFS= read -r l; do [ "${#l}" -le 160 ] || printf "%s\n" "$l"; done' | head -n 3)
[ -z "$wide" ] || { printf '%s\n' "$wide" | cut -c1-200 >&2; fail "./loomlab printed lines wider than 160 characters"; }
if grep -Eq '^\s+at [A-Za-z0-9_.$]+\(|Exception|^Caused by: ' "$errlog"; then
  cat "$errlog" >&2
  fail "./loomlab wrote a stack trace to stderr"
fi
tail -n 1 "$log" | grep -q '^report: .*/report\.html$' || fail "./loomlab did not end with the path of report.html"
dir=$(sed -n 's/^results: //p' "$log" | tail -n 1)
[ -n "$dir" ] && [ -d "$dir" ] || fail "./loomlab named no results folder"

for f in results.jsonl results.csv report.md report.html summary.json; do
  [ -s "$dir/$f" ] || fail "$dir/$f is missing or empty"
done
results=$(grep -c '' "$dir/results.jsonl")
ok=$(grep -c '"status":"ok"' "$dir/results.jsonl" || true)
[ "$results" -eq "$planned" ] || fail "$results results written, $planned planned"
if [ "$ok" -ne "$results" ]; then
  grep -v '"status":"ok"' "$dir/results.jsonl" | cut -c1-300 >&2
  fail "$((results - ok)) of $results results are not ok"
fi
grep -q '<html' "$dir/report.html" || fail "report.html is not HTML"
sleep 1
left=$(pgrep -af -- "$ROOT/cli/target/dist/" | grep -vF -- "$STOP_TEST_WORK/" || true)
if [ -n "$left" ]; then
  cut -c1-200 <<<"$left" >&2
  fail "a process of the quick suite outlived it"
fi
rm -rf "$dir"
rmdir "$ROOT/results" 2>/dev/null || true
echo "distribution test: ok — $results results, all ok, reports written, in ${took} s" >&2

wait "$stop_test" || fail "the stop test failed (above)"
