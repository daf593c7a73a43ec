#!/usr/bin/env bash
# Launch scaling (issue 5): `pmix4j run -n N --oversubscribe` next to Open MPI's
# `mpirun --oversubscribe -np N`, the same binaries under both, for N = 1 2 4 8 16 32 64:
#   - PMIx hello (bench/c/hello.c: PMIx_Init, two PMIx_Get, one line, PMIx_Finalize)
#   - MPI hello  (bench/c/mpi_hello.c: MPI_Init, rank and size, one line, MPI_Finalize; Open MPI 4.1)
# End-to-end wall time (command start to exit) with hyperfine; every launcher/program/N is first checked to
# really run N processes. Then the JVM start-up options (PMIX4J_JAVA_OPTS, PMIX4J_NO_AOT) at N = 1 and 8.
# Writes bench/target/launch-scaling/{scaling.csv,jvm-options.csv,*.json}, the plot
# docs/launch-scaling.png (drawn by bench/src/main/java/org/pmix4j/bench/LaunchScalingPlot.java, plain JDK)
# and prints the Markdown tables of docs/benchmarks.md.
#
# Usage: bench/launch_scaling.sh [-r RUNS] [-n "1 2 4 ..."] [--no-jvm-options | --only-jvm-options]
#   RUNS: measured runs per command (default 10; 1 warm-up run before them)
set -euo pipefail
top="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
. "$top/bin/lib/jdk.sh"
pmix4j_find_jdk
runs=10
ns="1 2 4 8 16 32 64"
jvm_options=1
scaling=1
while [ $# -gt 0 ]; do
  case "$1" in
    -r) runs="$2"; shift 2 ;;
    -n) ns="$2"; shift 2 ;;
    --no-jvm-options) jvm_options=0; shift ;;
    --only-jvm-options) scaling=0; shift ;;
    *) echo "usage: $0 [-r RUNS] [-n \"1 2 4 ...\"] [--no-jvm-options | --only-jvm-options]" >&2; exit 2 ;;
  esac
done
for tool in hyperfine mpirun mpicc gcc pkg-config python3; do
  command -v "$tool" >/dev/null || { echo "launch_scaling.sh: '$tool' is not installed" >&2; exit 1; }
done
out="$top/bench/target/launch-scaling"
mkdir -p "$out"
jar="$top/cli/target/pmix4j.jar"
[ -f "$jar" ] || "$top/bin/build" -q -pl cli -am -DskipTests package
gcc -O2 -Wall -o "$out/hello" "$top/bench/c/hello.c" $(pkg-config --cflags --libs pmix)
mpicc -O2 -Wall -o "$out/mpi_hello" "$top/bench/c/mpi_hello.c"
asroot=""
[ "$(id -u)" = 0 ] && asroot="--allow-run-as-root"
# a private copy of the launcher as installed (bin/ and the jar): its start-up archive is its own, so a
# rebuild of cli/target/pmix4j.jar by someone else during the run cannot invalidate it mid-measurement
inst="$out/install"
rm -rf "$inst"
mkdir -p "$inst/cli/target"
cp -r "$top/bin" "$inst/bin"
cp "$jar" "$inst/cli/target/pmix4j.jar"
jar="$inst/cli/target/pmix4j.jar"
pmix4j="$inst/bin/pmix4j"
# the first run of bin/pmix4j after a build trains its start-up archive: not part of any measurement
"$pmix4j" run -n 1 true > /dev/null

pmix4j_cmd() { echo "$pmix4j run -n $1 --oversubscribe $2"; }
mpirun_cmd() { echo "mpirun $asroot --oversubscribe -np $1 $2"; }
# Open MPI 4.1's mpirun now and then hangs (seen about once in a few hundred launches on this machine: a
# client waiting in PMIx_Init for ever, or mpirun after its processes had exited): every measured command
# runs under a time limit, and a point where a run failed or hung is measured again
limit="timeout -k 2 60"
measure() { # hyperfine arguments...; retried up to 3 times
  local attempt
  for attempt in 1 2 3; do
    hyperfine "$@" && return 0
    echo "launch_scaling.sh: a run failed or hung (see the log); measuring this point again" >&2
  done
  return 1
}

# each launcher must really run N copies of each program to their end
check() { # $1 = command, $2 = expected lines, $3 = line prefix
  local got
  got=$($limit $1 2>/dev/null | grep -c "^$3") || true
  [ "$got" = "$2" ] || { echo "launch_scaling.sh: '$1' ran $got of $2 processes" >&2; exit 1; }
}

scaling() {
echo "program,launcher,n,mean_s,stddev_s,median_s,min_s" > "$out/scaling.csv"
for prog in hello mpi_hello; do
  case "$prog" in
    hello) label="PMIx hello"; prefix="hello from rank" ;;
    mpi_hello) label="MPI hello"; prefix="hello from MPI rank" ;;
  esac
  for n in $ns; do
    p=$(pmix4j_cmd "$n" "$out/$prog")
    m=$(mpirun_cmd "$n" "$out/$prog")
    check "$p" "$n" "$prefix"
    check "$m" "$n" "$prefix"
    echo "launch_scaling.sh: $label, N=$n ..." >&2
    measure -N --warmup 1 --runs "$runs" --output=null --export-json "$out/$prog-$n.json" \
      -n pmix4j "$limit $p" -n mpirun "$limit $m" > "$out/$prog-$n.log" 2>&1
    python3 - "$out/$prog-$n.json" "$label" "$n" >> "$out/scaling.csv" <<'PY'
import json, sys
for r in json.load(open(sys.argv[1]))["results"]:
    print(f'{sys.argv[2]},{r["command"]},{sys.argv[3]},{r["mean"]:.6f},{r["stddev"] or 0:.6f},{r["median"]:.6f},{r["min"]:.6f}')
PY
  done
done

"$JAVA_HOME/bin/java" -Djava.awt.headless=true "$top/bench/src/main/java/org/pmix4j/bench/LaunchScalingPlot.java" \
  "$out/scaling.csv" "$top/docs/launch-scaling.png" \
  "Launch scaling on $(nproc) cores: pmix4j run vs Open MPI $(mpirun --version 2>/dev/null | sed -n 's/.*) //p' | head -n 1) mpirun"

python3 - "$out/scaling.csv" "$runs" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
print(f"\n{sys.argv[2]} measured runs per command (hyperfine, 1 warm-up); mean ± σ\n")
print("| program | N | pmix4j | mpirun | pmix4j / mpirun |")
print("|---|---|---|---|---|")
for prog in dict.fromkeys(r["program"] for r in rows):
    for n in dict.fromkeys(r["n"] for r in rows if r["program"] == prog):
        p = next(r for r in rows if r["program"] == prog and r["n"] == n and r["launcher"] == "pmix4j")
        m = next(r for r in rows if r["program"] == prog and r["n"] == n and r["launcher"] == "mpirun")
        ms = lambda r: f'{float(r["mean_s"])*1e3:.0f} ± {float(r["stddev_s"])*1e3:.0f} ms'
        print(f'| {prog} | {n} | {ms(p)} | {ms(m)} | {float(p["mean_s"])/float(m["mean_s"]):.2f}× |')
PY
}
[ "$scaling" = 1 ] && scaling

[ "$jvm_options" = 1 ] || exit 0

# JVM start-up options, on the PMIx hello where the launcher's own start-up is most of the time.
# bin/pmix4j already passes -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -Xss512k and an AOT cache (JDK 25;
# PMIX4J_NO_AOT=1 falls back to a dynamic AppCDS archive); PMIX4J_JAVA_OPTS adds to them. "java -jar" is
# the jar with no option at all, for reference.
echo "variant,n,mean_s,stddev_s,median_s,min_s" > "$out/jvm-options.csv"
for n in 1 8; do
  exe="$out/hello"
  variants=(
    "mpirun|$(mpirun_cmd "$n" "$exe")"
    "java -jar (no options)|$JAVA_HOME/bin/java -jar $jar run -n $n --oversubscribe $exe"
    "bin/pmix4j (shipped: AOT cache, C1, SerialGC)|$(pmix4j_cmd "$n" "$exe")"
    "PMIX4J_NO_AOT=1 (AppCDS, C1, SerialGC)|env PMIX4J_NO_AOT=1 $(pmix4j_cmd "$n" "$exe")"
    "+ -XX:-UsePerfData|env PMIX4J_JAVA_OPTS=-XX:-UsePerfData $(pmix4j_cmd "$n" "$exe")"
    "+ -Xint|env PMIX4J_JAVA_OPTS=-Xint $(pmix4j_cmd "$n" "$exe")"
    "+ -Xms8m -Xmx64m|env 'PMIX4J_JAVA_OPTS=-Xms8m -Xmx64m' $(pmix4j_cmd "$n" "$exe")"
    "+ -XX:CICompilerCount=1|env PMIX4J_JAVA_OPTS=-XX:CICompilerCount=1 $(pmix4j_cmd "$n" "$exe")"
  )
  # the AppCDS archive of PMIX4J_NO_AOT is made by its first run
  env PMIX4J_NO_AOT=1 "$pmix4j" run -n 1 true > /dev/null
  args=()
  for v in "${variants[@]}"; do args+=(-n "${v%%|*}" "$limit ${v#*|}"); done
  echo "launch_scaling.sh: JVM options, N=$n ..." >&2
  measure -N --warmup 2 --runs "$((runs * 2))" --output=null --export-json "$out/jvm-options-$n.json" "${args[@]}" \
    > "$out/jvm-options-$n.log" 2>&1
  python3 - "$out/jvm-options-$n.json" "$n" >> "$out/jvm-options.csv" <<'PY'
import json, sys
for r in json.load(open(sys.argv[1]))["results"]:
    print(f'"{r["command"]}",{sys.argv[2]},{r["mean"]:.6f},{r["stddev"] or 0:.6f},{r["median"]:.6f},{r["min"]:.6f}')
PY
done
python3 - "$out/jvm-options.csv" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
ns = list(dict.fromkeys(r["n"] for r in rows))
print("\n| launcher, JVM options | " + " | ".join(f"N={n} mean (median)" for n in ns) + " | " +
      " | ".join(f"N={n} / mpirun" for n in ns) + " |")
print("|---|" + "---|" * (2 * len(ns)))
for v in dict.fromkeys(r["variant"] for r in rows):
    cells, ratios = [], []
    for n in ns:
        r = next(x for x in rows if x["variant"] == v and x["n"] == n)
        base = next(x for x in rows if x["variant"] == "mpirun" and x["n"] == n)
        cells.append(f'{float(r["mean_s"])*1e3:.0f} ± {float(r["stddev_s"])*1e3:.0f} ms ({float(r["median_s"])*1e3:.0f})')
        ratios.append(f'{float(r["mean_s"])/float(base["mean_s"]):.2f}×')
    print(f"| {v} | " + " | ".join(cells) + " | " + " | ".join(ratios) + " |")
PY
