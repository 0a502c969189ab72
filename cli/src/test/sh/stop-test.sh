#!/usr/bin/env bash
# Stopping a run as users do, through the launcher: Ctrl-C (SIGINT) after the first result, twice in a
# row, SIGTERM, and `kill -9` of loomlab's own JVM during a web trial. After each: the exit code, a
# results.jsonl of whole lines holding exactly the recorded results, and no process of the run left;
# then `--resume` completes the plan without a duplicate. The same for `loomlab assess` and the service it starts.
# Run by distribution-test.sh.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../../.." && pwd)"
cd "$ROOT"
# Job control: a background job of a script otherwise starts with SIGINT ignored, as a shell's `cmd &` does.
set -m

fail() { echo "stop test: FAILED: $*" >&2; exit 1; }
# distribution-test.sh names the folder when it runs this beside the quick suite, to tell the two runs' processes apart.
work="${STOP_TEST_WORK:-$(mktemp -d)}"
mkdir -p "$work"
trap 'pkill -9 -f "$work" 2>/dev/null || true; rm -rf "$work"' EXIT
dist="$ROOT/cli/target/dist"

# The pids of a process and all its descendants.
tree() {
  local p
  echo "$1"
  for p in $(pgrep -P "$1" 2>/dev/null || true); do tree "$p"; done
}

# The processes of this checkout's distribution that belong to this test: each names a folder of $work in its command
# line (the CLI its --out, a trial or server its GC log), which the quick suite's beside it never does.
ours() {
  pgrep -af -- "$dist/" | grep -F -- "$work/" || true
}

# Fails if any of the given pids is alive, or if any process of this test runs this checkout's distribution, once they
# have had up to a minute to end (an orphan notices its parent is gone within a second or two; a loaded
# machine can make that much slower, and a fixed short wait would then fail for no fault).
no_process_left() {
  local what="$1" pid i alive; shift
  for i in $(seq 1 600); do
    alive=0
    for pid in "$@"; do kill -0 "$pid" 2>/dev/null && alive=1; done
    [ -n "$(ours)" ] && alive=1
    [ "$alive" = 0 ] && break
    sleep 0.1
  done
  for pid in "$@"; do
    if kill -0 "$pid" 2>/dev/null; then
      ps -o pid,args -p "$pid" | cut -c1-200 >&2
      fail "$what: process $pid of the run is still alive"
    fi
  done
  if [ -n "$(ours)" ]; then
    ours | cut -c1-200 >&2
    fail "$what: a process of the run is still alive"
  fi
}

wait_for_line() { # file, timeout s
  local i
  for i in $(seq 1 $(( $2 * 10 ))); do
    [ -s "$1" ] && return 0
    sleep 0.1
  done
  fail "no result in $1 after $2 s"
}

# A job that ignores SIGINT (started with `cmd &` where job control is off, as a CI step may be) passes that on, and no
# shell can undo it; a JVM that inherits it never sees the test's Ctrl-C. Each run gets the default back, as a terminal's
# foreground job has it, where env can give it.
launch=()
if env --default-signal=INT true 2>/dev/null; then
  launch=(env --default-signal=INT)
fi

# Each result: one trial JVM of 2 iterations of 1 s, so the signal lands during a trial.
plan=(run sleep -m virtual -p tasks=1,2,3,4 -p sleep=1s --forks 1 --warmup 0 --iterations 2 --timeout 2m)

check_whole() { # folder → number of lines, each a result
  local f="$1/results.jsonl"
  [ -z "$(tail -c1 "$f")" ] || fail "the last line of $f has no line end"
  ./loomlab report "$1" >/dev/null 2>&1 || fail "loomlab report cannot read $f"
  grep -c '' "$f"
}

stop_with() { # name, folder, signals… → checks exit code 128+signal
  local name="$1" dir="$2"; shift 2
  ${launch[@]+"${launch[@]}"} ./loomlab "${plan[@]}" --out "$dir" > "$work/$name.out" 2> "$work/$name.err" &
  local pid=$!
  wait_for_line "$dir/results.jsonl" 120
  sleep 0.5
  local pids
  pids=$(tree "$pid")
  local s
  for s in "$@"; do kill -s "$s" "$pid"; sleep 0.05; done
  local exit=0
  wait "$pid" || exit=$?
  local expected=$(( 128 + $(kill -l "$1") ))
  [ "$exit" -eq "$expected" ] || { tail -5 "$work/$name.err" >&2; fail "$name: exit $exit, expected $expected"; }
  sleep 1
  # shellcheck disable=SC2086
  no_process_left "$name" $pids
}

echo "stop test: Ctrl-C (SIGINT) after the first result, then --resume" >&2
dir="$work/int"
stop_with int "$dir" INT
kept=$(check_whole "$dir")
[ "$kept" -ge 1 ] && [ "$kept" -lt 4 ] || fail "SIGINT: $kept results kept, expected 1 to 3"
announced=$(grep -cE '^\[[0-9:]+\] [0-9]+/4 ' "$work/int.err" || true)
[ "$kept" -eq "$announced" ] || fail "SIGINT: $kept results in results.jsonl, $announced announced as finished"
grep -q "continue with: loomlab .* --out $dir --resume" "$work/int.err" || { cat "$work/int.err" >&2; fail "SIGINT: no --resume command"; }
./loomlab "${plan[@]}" --out "$dir" --resume > "$work/resume.out" 2>&1 || { tail -20 "$work/resume.out" >&2; fail "--resume exited non-zero"; }
[ "$(check_whole "$dir")" -eq 4 ] || fail "after --resume: $(grep -c '' "$dir/results.jsonl") lines, expected 4"
[ "$(grep -c '"status":"ok"' "$dir/results.jsonl")" -eq 4 ] || fail "after --resume: not every result is ok"
[ "$(grep -o '"params":{[^}]*}' "$dir/results.jsonl" | sort -u | grep -c '')" -eq 4 ] || fail "after --resume: a duplicate result"

echo "stop test: Ctrl-C twice in a row" >&2
stop_with int-twice "$work/int-twice" INT INT
check_whole "$work/int-twice" >/dev/null

echo "stop test: SIGTERM" >&2
stop_with term "$work/term" TERM
check_whole "$work/term" >/dev/null

echo "stop test: kill -9 of loomlab's JVM while a web server is under load" >&2
# With no class-data archive of its kind, the server would write one as it exits: an orphan must not.
rm -f "$dist/cds/MvcServer-"*.jsa
./loomlab run web -m mvc-virtual -p users=20 -p delay=50ms -p duration=30s --forks 1 --warmup 0 --iterations 1 \
  --timeout 3m --out "$work/kill9" > "$work/kill9.out" 2>&1 &
pid=$!
server_started() {
  pgrep -af -- "$dist/servers" | grep -qF -- "$work/kill9/"
}
for i in $(seq 1 600); do
  server_started && break
  sleep 0.2
done
server_started || { tail -20 "$work/kill9.out" >&2; fail "kill -9: no web server started"; }
sleep 2
pids=$(tree "$pid")
[ "$(echo "$pids" | grep -c '')" -ge 3 ] || fail "kill -9: expected loomlab, its trial and a server; found $(echo $pids)"
kill -9 "$pid"
wait "$pid" 2>/dev/null || true
# shellcheck disable=SC2086
no_process_left "kill -9" $pids

echo "stop test: Ctrl-C during loomlab assess, then --resume" >&2
# A free port for the service assess starts: the first of a few that nothing answers on.
port=""
for p in $(seq 18700 18799); do
  if ! (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null; then port=$p; break; fi
done
[ -n "$port" ] || fail "assess: no free port in 18700-18799"
service="dev.loomlab.cli.AssessTestService $port"
assess=(assess --app "java -cp $ROOT/cli/target/test-classes $service" --url "http://127.0.0.1:$port/work"
  --arm platform=-Dthreads=platform --arm virtual=-Dthreads=virtual --slo "p50<400ms" --start-rate 150/s
  --precision 50% --warmup 500ms --duration 1s --turns 1 --at 50% --out "$work/assess")
${launch[@]+"${launch[@]}"} ./loomlab "${assess[@]}" > "$work/assess.out" 2> "$work/assess.err" &
pid=$!
wait_for_line "$work/assess/results.jsonl" 120
sleep 0.5
pids=$(tree "$pid")
kill -s INT "$pid"
exit=0
wait "$pid" || exit=$?
[ "$exit" -eq 130 ] || { tail -5 "$work/assess.err" >&2; fail "assess: exit $exit after SIGINT, expected 130"; }
# shellcheck disable=SC2086
no_process_left "assess" $pids
[ -z "$(pgrep -f -- "$service" || true)" ] || fail "assess: its service is still running after Ctrl-C"
grep -q -- "--resume --out $work/assess continues it" "$work/assess.err" || { tail -3 "$work/assess.err" >&2; fail "assess: no --resume hint"; }
exit=0
./loomlab "${assess[@]}" --resume > "$work/assess-resume.out" 2>&1 || exit=$?
# 1 only where a turn was judged invalid (its generator fell behind on this loaded machine)
[ "$exit" -eq 0 ] || { [ "$exit" -eq 1 ] && ! grep -qE '"status":"(failed|not_applicable)"' "$work/assess/results.jsonl"; } \
  || { tail -20 "$work/assess-resume.out" >&2; fail "assess --resume exited $exit"; }
grep -q "its capacity search kept from the folder" "$work/assess-resume.out" || fail "assess --resume: no search kept"
[ "$(check_whole "$work/assess")" -eq 4 ] || fail "assess after --resume: $(grep -c '' "$work/assess/results.jsonl") lines, expected 4 (2 searches, 2 comparisons)"
[ "$(grep -o '"params":{[^}]*}' "$work/assess/results.jsonl" | sort -u | grep -c '')" -eq 4 ] || fail "assess after --resume: a duplicate result"
[ -z "$(pgrep -f -- "$service" || true)" ] || fail "assess --resume: its service is still running"

echo "stop test: ok — SIGINT 130, twice 130, SIGTERM 143, resume without duplicates, no process left after kill -9; assess stopped by SIGINT (130, no service left) and resumed" >&2
