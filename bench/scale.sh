#!/usr/bin/env bash
# Many processes on one node (issue 13): `pmix4j run -n N --oversubscribe` next to Open MPI's
# `mpirun --oversubscribe -np N` (ORTE, whose PMIx server is Debian's libpmix 4.2.2), the same libpmix
# client under both (cli/src/test/c/finalize_scale.c: PMIx_Init, put, commit, a collecting fence, get of
# the next rank's value, PMIx_Finalize), for N = 1024 and 2048 by default. For each launcher and N, RUNS
# runs (default 3) of:
#   wall     the command's wall time, start to exit (GNU time)
#   RSS      the launcher's peak resident set (GNU time's %M: the largest of the launcher and the processes
#            it waited for; a client is about 5 MB)
#   steps    the median over the ranks of the time each spent in PMIx_Init, the fence, the get and
#            PMIx_Finalize (the client's own CLOCK_MONOTONIC), and how many ranks waited >= 1.9 s in
#            PMIx_Finalize (libpmix stops waiting for the acknowledgement after 2 s)
# Every run must exit 0 with N ranks reporting; a run that does not is shown as failed with its status
# (-1: fewer ranks reported), and its stderr is kept in bench/target/scale/failed-*.err.
# The machine's 2 cores are shared with whatever else runs: repeat it and look at the spread.
# Writes bench/target/scale/scale.csv and prints the Markdown table of docs/benchmarks.md.
#
# Usage: bench/scale.sh [RUNS [NPS]]      e.g. bench/scale.sh 3 "1024 2048"
# LAUNCHERS="pmix4j" (default "pmix4j mpirun") measures only the ones named.
set -euo pipefail
top="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
runs="${1:-3}"
nps="${2:-1024 2048}"
out="$top/bench/target/scale"
mkdir -p "$out"
for tool in mpirun gcc pkg-config /usr/bin/time; do
  command -v "$tool" >/dev/null || { echo "scale.sh: '$tool' is not installed" >&2; exit 1; }
done
[ -f "$top/cli/target/pmix4j.jar" ] || "$top/bin/build" -q -pl cli -am -DskipTests package
gcc -O2 -Wall -o "$out/finalize_scale" "$top/cli/src/test/c/finalize_scale.c" $(pkg-config --cflags --libs pmix)
asroot=""
[ "$(id -u)" = 0 ] && asroot="--allow-run-as-root"
# the first run of bin/pmix4j after a build trains its start-up archive: not part of any measurement
"$top/bin/pmix4j" run -n 1 true > /dev/null

# one run: prints "status wall_s rss_mb init_s fence_s get_s finalize_s waited"
one() { # n, launcher command...
  local n=$1; shift
  local status=0
  FINALIZE_SCALE_TIMES=1 /usr/bin/time -o "$out/time.txt" -f "%e %M" timeout -k 5 600 "$@" "$out/finalize_scale" \
    > "$out/run.out" 2> "$out/run.err" || status=$?
  local reported
  reported=$(grep -c '^rank [0-9]* times ' "$out/run.out" || true)
  [ "$reported" = "$n" ] || [ "$status" != 0 ] || status=-1
  # a failed run's output is kept for a look at why
  [ "$status" = 0 ] || cp "$out/run.err" "$out/failed-$(basename "$1")-$n-$(date +%s).err"
  read -r wall rss < <(tail -1 "$out/time.txt")
  awk -v st="$status" -v wall="$wall" -v rss="$rss" '
    function median(a, k,   i, j, t) { for (i = 2; i <= k; i++) { t = a[i]; for (j = i - 1; j >= 1 && a[j] > t; j--) a[j+1] = a[j]; a[j+1] = t } return a[int((k+1)/2)] }
    /^rank [0-9]+ times / { k++; i[k]=$4; f[k]=$5; g[k]=$6; z[k]=$7; if ($7 >= 1.9) w++ }
    END { printf "%s %.1f %.0f %.3f %.3f %.3f %.3f %d\n", st, wall, rss/1024, median(i,k), median(f,k), median(g,k), median(z,k), w }' "$out/run.out"
}

echo "launcher,n,run,status,wall_s,rss_mb,init_s,fence_s,get_s,finalize_s,finalize_waits" > "$out/scale.csv"
for n in $nps; do
  for launcher in ${LAUNCHERS:-pmix4j mpirun}; do
    for r in $(seq "$runs"); do
      if [ "$launcher" = pmix4j ]; then
        res=$(one "$n" "$top/bin/pmix4j" run -n "$n" --oversubscribe)
      else
        res=$(one "$n" mpirun $asroot --oversubscribe -np "$n" -x FINALIZE_SCALE_TIMES)
      fi
      echo "$launcher,$n,$r,${res// /,}" >> "$out/scale.csv"
      echo "scale.sh: $launcher -n $n run $r: $res" >&2
    done
  done
done

printf '\n| processes | launcher | run | exit | wall | peak RSS | init | fence | get | finalize | ranks waiting >= 1.9 s in finalize |\n'
printf '|---|---|---|---|---|---|---|---|---|---|---|\n'
tail -n +2 "$out/scale.csv" | awk -F, '{
  printf "| %d | %s | %d | %s | %.1f s | %d MB | %.3f s | %.3f s | %.3f s | %.3f s | %d |\n", $2, $1, $3, ($4 == 0 ? "0" : "failed (" $4 ")"), $5, $6, $7, $8, $9, $10, $11 }'
