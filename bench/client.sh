#!/usr/bin/env bash
# Client benchmark: the pmix4j Java client next to libpmix 4.2.2's C client, each as a 2-process job under
# the same launcher — Open MPI 4.1's mpirun (a libpmix 4.2.2 server) and pmix4j run (the Java server) —
# timing PMIx_Init, PMIx_Get of job information (answered by the client itself), PMIx_Get of a peer's key
# forced to the server (PMIX_GET_REFRESH_CACHE: one round trip) and PMIx_Fence without data. Both clients
# use the data store "hash" (the C client is told so with PMIX_GDS_MODULE=hash; the Java client always
# does), so neither reads job data from shared memory. RUNS jobs of each kind alternate; the table gives
# the median over runs of each program's per-call mean.
# Usage: bench/client.sh [RUNS]
set -euo pipefail
top="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
. "$top/bin/lib/jdk.sh"
pmix4j_find_jdk
runs="${1:-7}"
out="$top/bench/target/client"
mkdir -p "$out"
jar="$top/cli/target/pmix4j.jar"
[ -f "$jar" ] || "$top/bin/build" -q -pl cli -am -DskipTests package
gcc -O2 -Wall -o "$out/client_bench" "$top/bench/c/client_bench.c" $(pkg-config --cflags --libs pmix)
"$JAVA_HOME/bin/javac" -d "$out" -cp "$jar" "$top/bench/client/ClientBench.java"
command -v mpirun >/dev/null || { echo "client.sh: Open MPI's mpirun is not installed (apt-get install openmpi-bin)" >&2; exit 1; }
asroot=""
[ "$(id -u)" = 0 ] && asroot="--allow-run-as-root"


j_prog="$JAVA_HOME/bin/java -cp $out:$jar ClientBench"
declare -A launch=(
  [mpirun]="mpirun $asroot -np 2"
  [pmix4j]="$top/bin/pmix4j run -n 2"
)
rm -f "$out"/*.txt
for i in $(seq "$runs"); do
  for l in mpirun pmix4j; do
    # the C client reads PMIX_GDS_MODULE after the launcher set it: hence the env wrapper inside the job
    ${launch[$l]} bash -c "PMIX_GDS_MODULE=hash exec $out/client_bench" >> "$out/$l-c.txt"
    ${launch[$l]} $j_prog >> "$out/$l-java.txt"
  done
done

python3 - "$out" <<'PY'
import statistics, sys, os
out = sys.argv[1]
def load(name):
    vals = {}
    for line in open(os.path.join(out, name)):
        k, v = line.split()
        vals.setdefault(k, []).append(float(v))
    return {k: statistics.median(v) for k, v in vals.items()}
rows = [("INIT_MS", "PMIx_Init", "ms"), ("GET_LOCAL_US", "PMIx_Get, job info (no round trip)", "µs"),
        ("GET_SERVER_US", "PMIx_Get, peer key from the server", "µs"), ("FENCE_US", "PMIx_Fence, 2 processes", "µs")]
for l in ("mpirun", "pmix4j"):
    c, j = load(l + "-c.txt"), load(l + "-java.txt")
    print(f"\nserver: {'mpirun (Open MPI 4.1.4, libpmix 4.2.2)' if l == 'mpirun' else 'pmix4j run'}")
    print("| operation | libpmix C client | pmix4j Java client | Java / C |")
    print("|---|---|---|---|")
    for k, label, unit in rows:
        print(f"| {label} | {c[k]:.2f} {unit} | {j[k]:.2f} {unit} | {j[k] / c[k]:.2f}× |")
PY
