#!/usr/bin/env bash
# JVM client start-up: the time from exec'ing a fresh process to its PMIx_Init returning, for the Java
# example client (`pmix4j example hello --time`) with each kind of class archive, next to the JVM's floor
# (an empty main with the same options and class path) and to libpmix's C client (bench/c/init_time.c)
# under mpirun and under pmix4j run. Every process is the one process of a job under `pmix4j run -n 1`
# (or `mpirun -np 1` for the C line); a bash wrapper inside the job prints the wall clock
# ($EPOCHREALTIME, no fork) just before it execs the program, which prints the wall clock when its main
# began and when PMIx_Init returned. The table gives the median and the spread over RUNS, alternated.
# Usage: bench/jvm-init.sh [RUNS]
set -euo pipefail
top="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
. "$top/bin/lib/jdk.sh"
pmix4j_find_jdk
runs="${1:-10}"
out="$top/bench/target/jvm-init"
mkdir -p "$out"
jar="$top/cli/target/pmix4j.jar"
[ -f "$jar" ] || "$top/bin/build" -q -pl cli -am -DskipTests package
java="$JAVA_HOME/bin/java"
command -v mpirun >/dev/null || { echo "jvm-init.sh: Open MPI's mpirun is not installed (apt-get install openmpi-bin)" >&2; exit 1; }
asroot=""
[ "$(id -u)" = 0 ] && asroot="--allow-run-as-root"
gcc -O2 -Wall -o "$out/init_time" "$top/bench/c/init_time.c" $(pkg-config --cflags --libs pmix)
"$JAVA_HOME/bin/javac" -d "$out" "$top/bench/jvm-init/Empty.java"

# the options bin/pmix4j gives every JVM it starts
opts="-XX:TieredStopAtLevel=1 -XX:+UseSerialGC -Xss512k -Xlog:cds=off -Xlog:cds+dynamic=off -Xlog:aot=off --enable-native-access=ALL-UNNAMED"
run="$java $opts -jar $jar run -n 1"
cli="-jar $jar example"                              # through the command line (picocli), as before
direct="-cp $jar org.pmix4j.examples.Examples"       # the examples' own entry, what bin/pmix4j now runs
xint="-Xint -XX:-UsePerfData"                       # what bin/pmix4j now adds for the examples
# The caches this benchmark compares, made afresh: the launcher's (trained on `run -n 1 true`), the one
# bin/pmix4j used to make for `example` (trained on `example hello` alone: a singleton, no launcher), and
# clients trained as the one process of a `pmix4j run` job (`example ring`: init, put, commit, fence, get,
# finalize) through either entry; the last is what bin/pmix4j now makes.
if [ "$PMIX4J_JAVA_MAJOR" -ge 25 ]; then
  rm -f "$out"/*.aot
  $java $opts -XX:AOTCacheOutput="$out/launcher.aot" -jar "$jar" run -n 1 true >/dev/null 2>&1
  env -u PMIX_NAMESPACE -u PMIX_RANK $java $opts -XX:AOTCacheOutput="$out/singleton.aot" $cli hello >/dev/null 2>&1
  $run $java $opts -XX:AOTCacheOutput="$out/client-cli.aot" $cli ring >/dev/null 2>&1
  $run $java $opts -XX:AOTCacheOutput="$out/client.aot" $direct ring >/dev/null 2>&1
  $run $java $opts $xint -XX:AOTCacheOutput="$out/client-int.aot" $direct ring >/dev/null 2>&1
  archive() { echo "-XX:AOTCache=$out/$1.aot"; }
else
  # JDK 21-24: dynamic class-data archives, made at the end of one run each
  rm -f "$out"/*.jsa
  $java $opts -XX:ArchiveClassesAtExit="$out/launcher.jsa" -jar "$jar" run -n 1 true >/dev/null 2>&1
  env -u PMIX_NAMESPACE -u PMIX_RANK $java $opts -XX:ArchiveClassesAtExit="$out/singleton.jsa" $cli hello >/dev/null 2>&1
  $run $java $opts -XX:ArchiveClassesAtExit="$out/client-cli.jsa" $cli ring >/dev/null 2>&1
  $run $java $opts -XX:ArchiveClassesAtExit="$out/client.jsa" $direct ring >/dev/null 2>&1
  $run $java $opts $xint -XX:ArchiveClassesAtExit="$out/client-int.jsa" $direct ring >/dev/null 2>&1
  archive() { echo "-XX:SharedArchiveFile=$out/$1.jsa"; }
fi

declare -A cmd=(
  [floor-none]="$java $opts -cp $jar:$out Empty"
  [floor-client]="$java $opts $xint $(archive client-int) -cp $jar:$out Empty"
  [cli-none]="$java $opts $cli hello --time"
  [cli-launcher]="$java $opts $(archive launcher) $cli hello --time"
  [cli-singleton]="$java $opts $(archive singleton) $cli hello --time"
  [cli-client]="$java $opts $(archive client-cli) $cli hello --time"
  [direct-none]="$java $opts $direct hello --time"
  [direct-client]="$java $opts $(archive client) $direct hello --time"
  [direct-client-int]="$java $opts $xint $(archive client-int) $direct hello --time"
  [bin-pmix4j]="$top/bin/pmix4j example hello --time"
  [c]="$out/init_time"
  [c-mpirun]="$out/init_time"
)
order="floor-none floor-client cli-none cli-launcher cli-singleton cli-client direct-none direct-client direct-client-int bin-pmix4j c c-mpirun"
rm -f "$out"/*.txt
# bin/pmix4j makes its caches on first use: not in the measurement
"$top/bin/pmix4j" run -n 1 "$top/bin/pmix4j" example hello >/dev/null
for i in $(seq "$runs"); do
  for k in $order; do
    launcher="$run"
    [ "$k" = c-mpirun ] && launcher="mpirun $asroot -np 1"
    # shellcheck disable=SC2086
    $launcher bash -c 'echo "t0_us=${EPOCHREALTIME/./}"; exec '"${cmd[$k]}" </dev/null >> "$out/$k.txt"
  done
done

python3 - "$out" $order <<'PY'
import re, statistics, sys, os
out, order = sys.argv[1], sys.argv[2:]
labels = {
    "floor-none": "JVM floor: empty main, same options, no archive",
    "floor-client": "JVM floor: empty main, the options bin/pmix4j gives the examples (-Xint, client AOT cache)",
    "cli-none": "`-jar pmix4j.jar example hello`, no archive (the JDK's own CDS only)",
    "cli-launcher": "`-jar pmix4j.jar example hello`, the launcher's cache",
    "cli-singleton": "`-jar pmix4j.jar example hello`, cache trained on `example hello` alone (bin/pmix4j before)",
    "cli-client": "`-jar pmix4j.jar example hello`, cache trained on a client under `pmix4j run`",
    "direct-none": "`-cp pmix4j.jar …Examples hello`, no archive",
    "direct-client": "`-cp pmix4j.jar …Examples hello`, cache trained on a client under `pmix4j run`",
    "direct-client-int": "`-cp pmix4j.jar …Examples hello`, that cache, `-Xint -XX:-UsePerfData`",
    "bin-pmix4j": "`bin/pmix4j example hello` (the script, then the line above)",
    "c": "C client (libpmix 4.2.2) under pmix4j run",
    "c-mpirun": "C client (libpmix 4.2.2) under mpirun",
}
print("| process | exec to main | exec to PMIx_Init returned (median) | min – max |")
print("|---|---|---|---|")
for k in order:
    t0, mains, inits = None, [], []
    for line in open(os.path.join(out, k + ".txt")):
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
