#!/usr/bin/env bash
# register_nspace benchmark: pmix4j's PmixServer.registerNspace (bench/register/RegisterNspaceBench.java)
# next to libpmix's PMIx_server_register_nspace (bench/c/register_bench.c) registering the identical info
# list for a 10,000- and a 100,000-process job (64 processes per node, 64 of them local). Checks that both
# sides generate the same node and process regexes, then prints time (first registration and warm median)
# and memory held by the registration, with the ratios pmix4j / libpmix. The host names its session
# directories (PMIX_TMPDIR, PMIX_NSDIR, PMIX_PROCDIR) as PRRTE does; a last run leaves them out, and
# pmix4j then creates them on disk (libpmix does not).
# Usage: bench/register.sh [REPS_10K [REPS_100K]]   (environment: BENCH_JAVA_OPTS for the JVM)
set -euo pipefail
top="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
. "$top/bin/lib/jdk.sh"
pmix4j_find_jdk
out="$top/bench/target/register"
mkdir -p "$out/classes"
jar="$top/cli/target/pmix4j.jar"
# RegisterNspaceBench needs pmix4j-server, which the bench module does not depend on: it is compiled
# here against the self-contained pmix4j.jar
[ -f "$jar" ] || "$top/bin/build" -q -pl cli -am -DskipTests package
gcc -O2 -Wall -Wno-stringop-overread -o "$out/register_bench" "$top/bench/c/register_bench.c" \
  $(pkg-config --cflags --libs pmix)
"$JAVA_HOME/bin/javac" -d "$out/classes" -cp "$jar" "$top/bench/register/RegisterNspaceBench.java"
java_run() { "$JAVA_HOME/bin/java" ${BENCH_JAVA_OPTS:-} -cp "$jar:$out/classes" org.pmix4j.bench.RegisterNspaceBench "$@"; }

for n in 10000 100000; do
  REGISTER_BENCH_DUMP=1 "$out/register_bench" $n > "$out/c-$n.regex" 2>/dev/null
  REGISTER_BENCH_DUMP=1 java_run $n > "$out/java-$n.regex"
  cmp -s "$out/c-$n.regex" "$out/java-$n.regex" || { echo "register.sh: the regexes for $n processes differ" >&2; exit 1; }
done

lines=()
# the host names its session directories, as PRRTE does; then once without, where pmix4j creates them
for spec in "10000 ${1:-21} 1" "100000 ${2:-11} 1" "10000 ${1:-21} 0"; do
  set -- $spec
  lines+=("$("$out/register_bench" "$1" "$2" 64 "$3")")
  lines+=("$(java_run "$1" "$2" 64 "$3")")
done
printf '%s\n' "${lines[@]}" > "$out/results.txt"

python3 - "$out/results.txt" <<'PY'
import sys
rows = [dict(kv.split("=") for kv in l.split()) for l in open(sys.argv[1]) if l.strip()]
by = {(r["impl"], r["procs"], r["hostdirs"]): r for r in rows}
print(f"{'job':>22} {'':12} {'libpmix 4.2.2':>14} {'pmix4j':>12} {'pmix4j/libpmix':>15}")
for procs, dirs in sorted({(r["procs"], r["hostdirs"]) for r in rows}, key=lambda k: (-int(k[1]), int(k[0]))):
    c, j = by[("libpmix", procs, dirs)], by[("pmix4j", procs, dirs)]
    job = f"{int(procs):,} procs" + ("" if dirs == "1" else ", no dirs")
    for what, ck, jk, unit in (("first", "first_ms", "first_ms", "ms"), ("warm median", "median_ms", "median_ms", "ms"),
                               ("memory", "rss_delta_kb", "heap_delta_kb", "KiB")):
        cv, jv = float(c[ck]), float(j[jk])
        print(f"{job:>22} {what:12} {cv:11.1f} {unit:3} {jv:9.1f} {unit:3} {jv / cv if cv else float('nan'):14.2f}x")
        job = ""
    print(f"{'':>22} (pmix4j RSS growth {j['rss_delta_kb']} KiB; libpmix peak RSS growth {c['hwm_delta_kb']} KiB;"
          f" {c['reps']} registrations each)")
print("memory: libpmix = growth of the process's RSS; pmix4j = heap held after a full GC (the data itself)")
print("no dirs: the host names no session directories; pmix4j then creates one per namespace and local process")
PY
