#!/usr/bin/env bash
# DVM launch benchmark: `pmix4j prun -n N` against a warm `pmix4j dvm` next to Open MPI's `mpirun -np N`,
# end to end (command start to exit), of the PMIx hello (bench/c/hello.c) and of an MPI hello
# (bench/c/mpi_hello.c), N = 1 … 64 (--oversubscribe'd on small machines); then 100 consecutive submits of
# `prun -n 4` (median, worst, worst / median: a DVM must not stall), and the front end's own cost (from
# the command's start to the spawn request leaving, as prun reports it with PMIX4J_FRONTEND_TIMING=1).
# Usage: bench/dvm.sh [RUNS [NPS [SUBMITS]]]
set -euo pipefail
top="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
. "$top/bin/lib/jdk.sh"
pmix4j_find_jdk
runs="${1:-10}"
nps="${2:-1 2 4 8 16 32 64}"
submits="${3:-100}"
out="$top/bench/target/dvm"
mkdir -p "$out"
[ -f "$top/cli/target/pmix4j.jar" ] || "$top/bin/build" -q -pl cli -am -DskipTests package
gcc -O2 -Wall -o "$out/hello" "$top/bench/c/hello.c" $(pkg-config --cflags --libs pmix)
command -v mpicc >/dev/null || { echo "dvm.sh: Open MPI is not installed (apt-get install openmpi-bin libopenmpi-dev)" >&2; exit 1; }
mpicc -O2 -o "$out/mpi_hello" "$top/bench/c/mpi_hello.c"
asroot=""
[ "$(id -u)" = 0 ] && asroot="--allow-run-as-root"

export TMPDIR="$out/dvm-tmp"
mkdir -p "$TMPDIR"
"$top/bin/pmix4j" dvm --daemonize
trap '"$top/bin/pmix4j" term >/dev/null 2>&1 || true' EXIT
# warm: the DVM's code compiled, the front end's AOT cache made
for _ in 1 2 3 4 5; do "$top/bin/pmix4j" prun -n 4 --oversubscribe "$out/hello" > /dev/null; done

python3 - "$runs" "$nps" "$submits" "$top/bin/pmix4j" "$out" "$asroot" <<'PY'
import os, re, statistics, subprocess, sys, time
runs, nps, submits, pmix4j, out, asroot = int(sys.argv[1]), sys.argv[2].split(), int(sys.argv[3]), sys.argv[4], sys.argv[5], sys.argv[6]
root = [asroot] if asroot else []

def timed(argv, expect, env=None):
    # Open MPI's mpirun hangs now and then (a few in hundreds of launches): such a run is retried, not timed
    while True:
        t = time.perf_counter()
        try:
            # stdin /dev/null for both launchers, as in a batch job: from a terminal each would forward it
            r = subprocess.run(argv, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               timeout=60, env=env)
        except subprocess.TimeoutExpired:
            print(f"dvm.sh: {' '.join(argv)} hung; run again", file=sys.stderr)
            continue
        took = time.perf_counter() - t
        n = r.stdout.decode().count("hello from")
        if r.returncode != 0 or n != expect:
            sys.exit(f"dvm.sh: {' '.join(argv)} failed ({r.returncode}, {n} of {expect} hellos): {r.stderr.decode()}")
        return took, r

def median(argv, expect):
    timed(argv, expect)
    return statistics.median(timed(argv, expect)[0] for _ in range(runs))

for prog in ("hello", "mpi_hello"):
    print(f"\n{prog}: median of {runs} runs, command start to exit\n")
    print("| N | mpirun -np N | pmix4j prun -n N | prun / mpirun |")
    print("|---|---|---|---|")
    for n in nps:
        exe = os.path.join(out, prog)
        m = median(["mpirun", *root, "--oversubscribe", "-np", n, exe], int(n))
        p = median([pmix4j, "prun", "--oversubscribe", "-n", n, exe], int(n))
        print(f"| {n} | {m*1e3:.0f} ms | {p*1e3:.0f} ms | {p/m:.2f}× |", flush=True)

times = [timed([pmix4j, "prun", "--oversubscribe", "-n", "4", os.path.join(out, "hello")], 4)[0] for _ in range(submits)]
med = statistics.median(times)
print(f"\n{submits} consecutive submits of `prun -n 4` hello: median {med*1e3:.0f} ms, worst {max(times)*1e3:.0f} ms"
      f" ({max(times)/med:.2f}× the median), best {min(times)*1e3:.0f} ms")

env = dict(os.environ, PMIX4J_FRONTEND_TIMING="1")
costs = []
for _ in range(runs):
    start_us = time.time_ns() // 1000
    _, r = timed([pmix4j, "prun", "-n", "1", os.path.join(out, "hello")], 1, env)
    m = re.search(r"spawn request sent at ([0-9]+) us since the epoch", r.stderr.decode())
    costs.append((int(m.group(1)) - start_us) / 1000)
print(f"\nthe front end's own cost (command start to the spawn request leaving): median {statistics.median(costs):.0f} ms"
      f" (min {min(costs):.0f}, max {max(costs):.0f})")
PY
