#!/usr/bin/env bash
# JVM client start-up: the time from exec'ing a fresh process to its PMIx_Init returning, for the Java
# example client (`pmix4j example hello --time`) next to the JVM's floor (an empty main with the same
# options and class path) and to libpmix's C client (bench/c/init_time.c), each as the one process of a
# job under `pmix4j run -n 1` (or `mpirun -np 1`). A bash wrapper inside the job prints the wall clock
# ($EPOCHREALTIME, no fork) just before it execs the program, which prints the wall clock when its main
# began and when PMIx_Init returned. The table gives the median and the spread over RUNS, alternated.
#
# The launcher's own class archive decides how fast its server answers the first client, so the same
# programs run under three launchers: no archive, the AOT cache bin/pmix4j made before (trained on
# `run -n 1 true`, a job without a PMIx client) and the one it makes now (trained on a job of two clients,
# the examples' ring). On JDK 21-24 the caches are dynamic class-data archives trained the same way.
#
# BEFORE=DIR adds the line "bin/pmix4j as it was" for an older checkout in DIR with its jar built (its
# bin/pmix4j makes its own caches under DIR/cli/target), e.g.
#   git archive 8b6fea1 | (mkdir -p /tmp/before && tar -x -C /tmp/before)
#   (cd /tmp/before && bin/build -o -q -pl cli -am -DskipTests package)
#   BEFORE=/tmp/before bench/jvm-init.sh 15
# Usage: [BEFORE=DIR] bench/jvm-init.sh [RUNS]
set -euo pipefail
top="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
. "$top/bin/lib/jdk.sh"
pmix4j_find_jdk
runs="${1:-10}"
before="${BEFORE:-}"
out="$top/bench/target/jvm-init"
mkdir -p "$out"
jar="$top/cli/target/pmix4j.jar"
[ -f "$jar" ] || "$top/bin/build" -q -pl cli -am -DskipTests package
java="$JAVA_HOME/bin/java"
command -v mpirun >/dev/null || { echo "jvm-init.sh: Open MPI's mpirun is not installed (apt-get install openmpi-bin)" >&2; exit 1; }
if [ -n "$before" ] && [ ! -f "$before/cli/target/pmix4j.jar" ]; then
  echo "jvm-init.sh: BEFORE=$before has no cli/target/pmix4j.jar (build it there first)" >&2
  exit 1
fi
asroot=""
[ "$(id -u)" = 0 ] && asroot="--allow-run-as-root"
gcc -O2 -Wall -o "$out/init_time" "$top/bench/c/init_time.c" $(pkg-config --cflags --libs pmix)
"$JAVA_HOME/bin/javac" -d "$out" "$top/bench/jvm-init/Empty.java"

# the options bin/pmix4j gives every JVM it starts, and what it adds for the examples
opts="-XX:TieredStopAtLevel=1 -XX:+UseSerialGC -Xss512k -Xlog:cds=off -Xlog:cds+dynamic=off -Xlog:aot=off --enable-native-access=ALL-UNNAMED"
xint="-Xint -XX:-UsePerfData"
examples="-cp $jar org.pmix4j.examples.Examples"
ring="$java $opts $xint $examples ring"
# The caches, made afresh: the launcher's trained on `run -n 1 true` (before) and on a job of clients
# (now), and the client's, trained as the one process of a `pmix4j run` job (what bin/pmix4j makes for
# the examples)
rm -f "$out"/*.aot "$out"/*.jsa
if [ "$PMIX4J_JAVA_MAJOR" -ge 25 ]; then
  record() { echo "-XX:AOTCacheOutput=$out/$1.aot"; }
  archive() { echo "-XX:AOTCache=$out/$1.aot"; }
else
  record() { echo "-XX:ArchiveClassesAtExit=$out/$1.jsa"; }
  archive() { echo "-XX:SharedArchiveFile=$out/$1.jsa"; }
fi
# shellcheck disable=SC2046
$java $opts $(record launcher-true) -jar "$jar" run -n 1 true >/dev/null 2>&1
# shellcheck disable=SC2046
$java $opts $(record launcher-clients) -jar "$jar" run -n 2 --oversubscribe $ring >/dev/null 2>&1
# shellcheck disable=SC2046
$java $opts $(archive launcher-clients) -jar "$jar" run -n 1 $java $opts $xint $(record client) $examples ring >/dev/null 2>&1

declare -A launcher=(
  [none]="$java $opts -jar $jar run -n 1"
  [true]="$java $opts $(archive launcher-true) -jar $jar run -n 1"
  [clients]="$java $opts $(archive launcher-clients) -jar $jar run -n 1"
  [mpirun]="mpirun $asroot -np 1"
  [bin]="$top/bin/pmix4j run -n 1"
  [before]="${before:+$before/bin/pmix4j run -n 1}"
)
hello="$java $opts $xint $(archive client) $examples hello --time"
# key = launcher:program
declare -A program=(
  [clients:floor]="$java $opts $xint $(archive client) -cp $jar:$out Empty"
  [before:hello]="${before:+$before/bin/pmix4j example hello --time}"
  [bin:hello]="$top/bin/pmix4j example hello --time"
  [none:hello]="$hello"
  [true:hello]="$hello"
  [clients:hello]="$hello"
  [mpirun:hello]="$top/bin/pmix4j example hello --time"
  [none:c]="$out/init_time"
  [true:c]="$out/init_time"
  [clients:c]="$out/init_time"
  [mpirun:c]="$out/init_time"
)
order="clients:floor ${before:+before:hello} bin:hello none:hello true:hello clients:hello mpirun:hello none:c true:c clients:c mpirun:c"
rm -f "$out"/*.txt
# the bin/pmix4j lines' caches are made on first use: not in the measurement
"$top/bin/pmix4j" run -n 1 "$top/bin/pmix4j" example hello >/dev/null
[ -z "$before" ] || "$before/bin/pmix4j" run -n 1 "$before/bin/pmix4j" example hello >/dev/null
for i in $(seq "$runs"); do
  for k in $order; do
    # shellcheck disable=SC2086
    ${launcher[${k%%:*}]} bash -c 'echo "t0_us=${EPOCHREALTIME/./}"; exec '"${program[$k]}" </dev/null >> "$out/${k/:/-}.txt"
  done
done

python3 - "$out" $order <<'PY'
import re, statistics, sys, os
out, order = sys.argv[1], sys.argv[2:]
labels = {
    "clients:floor": "JVM floor: empty `main`, the examples' options and client cache, under `pmix4j run`",
    "before:hello": "`bin/pmix4j example hello` under `bin/pmix4j run`, as it was (BEFORE)",
    "bin:hello": "`bin/pmix4j example hello` under `bin/pmix4j run` (now)",
    "none:hello": "Java `hello` (examples' options, client cache), launcher without archive",
    "true:hello": "Java `hello`, launcher cache trained on `run -n 1 true` (before)",
    "clients:hello": "Java `hello`, launcher cache trained on a job of clients (now)",
    "mpirun:hello": "`bin/pmix4j example hello` under `mpirun` (libpmix's server)",
    "none:c": "libpmix C client, launcher without archive",
    "true:c": "libpmix C client, launcher cache trained on `run -n 1 true` (before)",
    "clients:c": "libpmix C client, launcher cache trained on a job of clients (now)",
    "mpirun:c": "libpmix C client under `mpirun`",
}
print("| process | exec to main | exec to PMIx_Init returned (median) | min – max |")
print("|---|---|---|---|")
for k in order:
    t0, mains, inits = None, [], []
    for line in open(os.path.join(out, k.replace(":", "-") + ".txt")):
        if line.startswith("t0_us="):
            t0 = int(line.split("=")[1])
        m = re.match(r"hello-time rank=\d+ main_us=(\d+) init_us=(\d+)", line)
        if m and t0:
            mains.append((int(m.group(1)) - t0) / 1000)
            inits.append((int(m.group(2)) - t0) / 1000)
            t0 = None
    if not inits:
        print(f"| {labels[k]} | no result | | |")
        continue
    print(f"| {labels[k]} | {statistics.median(mains):.1f} ms | {statistics.median(inits):.1f} ms"
          f" | {min(inits):.1f} – {max(inits):.1f} ms |")
PY
