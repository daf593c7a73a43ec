#!/usr/bin/env bash
# Scheduler benchmark (issue 14): COUNT allocation requests of mixed sizes (1-16 slots, 1-60 min limits)
# queued at once with `pmix4j sched`, each released as soon as it is granted, so that every grant is a
# queue decision (FIFO with EASY backfill), a session created in the DVM and ended there on release.
# Prints the grant latency of one request to an idle scheduler, then for the queued requests the grant
# latency (submit to grant, the wait in the queue included) median and p99 and the requests per second.
# The pool is 64 slots on this node for both the scheduler and the DVM (no process runs in the sessions).
# There is nothing to run beside it: OpenPMIx ships no scheduler (PRRTE removed psched in 2024).
# Usage: bench/sched.sh [COUNT]      (default 1000)
set -euo pipefail
top="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
. "$top/bin/lib/jdk.sh"
pmix4j_find_jdk
count="${1:-1000}"
out="$top/bench/target/sched"
mkdir -p "$out"
[ -f "$top/cli/target/pmix4j.jar" ] || "$top/bin/build" -q -pl cli -am -DskipTests package
[ -f "$top/bench/target/benchmarks.jar" ] || "$top/bin/build" -q -pl bench -am -DskipTests package
export TMPDIR="$out/tmp"
rm -rf "$TMPDIR"
mkdir -p "$TMPDIR"
host="$(hostname)"
"$top/bin/pmix4j" dvm --system-server --host "$host:64" --daemonize
sched_pid="$("$top/bin/pmix4j" sched --host "$host:64" --daemonize --report-pid -)"
trap 'kill "$sched_pid" 2>/dev/null || true; "$top/bin/pmix4j" term --system-server >/dev/null 2>&1 || true' EXIT
# the scheduler attaches to the DVM within half a second of both being up
for _ in $(seq 1 50); do
  "$top/bin/pmix4j" queue >/dev/null 2>&1 && break
  sleep 0.1
done
sleep 1
"$JAVA_HOME/bin/java" -cp "$top/bench/target/benchmarks.jar" org.pmix4j.bench.SchedulerThroughput "$count" "$TMPDIR"
