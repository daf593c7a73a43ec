#!/usr/bin/env bash
# Scheduling policy benchmark: the decision core of `pmix4j sched` (org.pmix4j.runtime.sched.policy, no PMIx,
# no processes) driven by bench/sched/SchedPolicyBench.java through REQUESTS requests of mixed sizes (60 %
# 1-256 slots, 25 % 1-16 whole nodes, 10 % slots on 4 named nodes, 5 % 2 named nodes whole; limits 1 min to
# 2 h, 10 % without one; runs take 20-100 % of their limit, 5 % are ended at expiry) on NODES nodes of SLOTS
# slots, in simulated time. Two workloads: "burst" queues every request at time 0, "stream" spaces Poisson
# arrivals for ~90 % load. Prints, per workload, the engine's CPU time per decision (one submit, release or
# tick; the wall time beside it also counts what other processes take from the thread), decisions and
# requests per second of engine CPU time, grant latency in simulated seconds (grant - submission), and the cost of the queue snapshot
# (`pmix4j queue`) at the longest queue. The first run is a cold JVM, the last one warm.
# Usage: bench/sched-policy.sh [REQUESTS [NODES [SLOTS [ROUNDS]]]]
set -euo pipefail
top="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
. "$top/bin/lib/jdk.sh"
pmix4j_find_jdk
out="$top/bench/target/sched-policy"
mkdir -p "$out/classes"
# the bench module does not depend on the runtime: the bench is compiled here against its classes
"$top/bin/build" -q -pl runtime -am -DskipTests compile
"$JAVA_HOME/bin/javac" -d "$out/classes" -cp "$top/runtime/target/classes" "$top/bench/sched/SchedPolicyBench.java"
"$JAVA_HOME/bin/java" -cp "$out/classes:$top/runtime/target/classes" org.pmix4j.bench.SchedPolicyBench \
  "${1:-1000}" "${2:-64}" "${3:-32}" "${4:-5}" > "$out/results.txt"

python3 - "$out/results.txt" "${1:-1000}" "${2:-64}" "${3:-32}" <<'PY'
import sys
path, requests, nodes, slots = sys.argv[1:]
print(f"\n{requests} requests on {nodes} nodes x {slots} slots (engine only, simulated time)")
print("| workload | run | decisions | engine CPU (wall) | CPU per decision median / p99 | wall p99 | decisions/s | requests/s "
      "| grant latency median / p99 (simulated) | backfilled | queue snapshot |")
print("|---|---|---|---|---|---|---|---|---|---|---|")
for line in open(path):
    f = line.rstrip("\n").split("\t")
    workload, run, kv = f[0], f[1], dict(x.split("=") for x in f[2:])
    print(f"| {workload} | {run} | {kv['decisions']} | {float(kv['engine_cpu_ms']):.1f} ms ({float(kv['engine_ms']):.1f} ms) "
          f"| {float(kv['cpu_median_us']):.1f} / {float(kv['cpu_p99_us']):.1f} µs | {float(kv['wall_p99_us']):.1f} µs "
          f"| {int(kv['decisions_per_s']):,} | {int(kv['requests_per_s']):,} "
          f"| {int(kv['latency_median_s']):,} / {int(kv['latency_p99_s']):,} s | {kv['backfilled']} "
          f"| {float(kv['snapshot_ms']):.2f} ms, {kv['snapshot_pending']} pending |")
PY
