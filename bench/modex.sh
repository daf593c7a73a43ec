#!/usr/bin/env bash
# Key-value exchange benchmark: the same libpmix client (bench/c/modex_bench.c) under `pmix4j run` and
# under Open MPI's mpirun (ORTE, whose PMIx server is Debian's libpmix 4.2.2 through its pmix_ext3x
# component), for 2, 4, 8 and 16 local processes (all --oversubscribe'd on this 2-core machine):
#   fence, no data         mean wall time of one PMIx_Fence over the job (rank 0's clock)
#   fence, 1 KB collected  mean time of put 1 KB + commit + PMIx_Fence with PMIX_COLLECT_DATA
#   get after fence        PMIx_Get of a peer's fresh key after a collecting fence (a round trip to the
#                          server each), gets per second summed over all ranks
# Each cell is the median of RUNS runs (default 3). Ratios: pmix4j / mpirun for times (below 1.0 is
# faster), pmix4j / mpirun for gets per second (above 1.0 is faster).
# mpirun's clients use libpmix's shared-memory data store (gds ds21) for peers' data, and so do pmix4j's
# since issue 17 (its server writes that store; PMIX_MCA_gds=hash in the environment turns it off for both):
# a second table runs mpirun with PMIX_MCA_gds=hash, every Get a round trip to its server.
# With MODE "dvm", pmix4j's column is a warm DVM (`pmix4j dvm`, started here, given the benchmark twice at
# every size first) given each job by `pmix4j prun`: the runtime that outlives its jobs, whose server code
# is already compiled.
# Usage: bench/modex.sh [RUNS [FENCES [ROUNDS [NPS [MODE]]]]]   (MODE: run, the default, or dvm)
set -euo pipefail
top="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
runs="${1:-3}"
fences="${2:-2000}"
rounds="${3:-200}"
nps="${4:-2 4 8 16}"
mode="${5:-run}"
out="$top/bench/target/modex"
mkdir -p "$out"
[ -f "$top/cli/target/pmix4j.jar" ] || "$top/bin/build" -q -pl cli -am -DskipTests package
gcc -O2 -Wall -o "$out/modex_bench" "$top/bench/c/modex_bench.c" $(pkg-config --cflags --libs pmix)
command -v mpirun >/dev/null || { echo "modex.sh: Open MPI's mpirun is not installed (apt-get install openmpi-bin)" >&2; exit 1; }
asroot=""
[ "$(id -u)" = 0 ] && asroot="--allow-run-as-root"

# one run: prints "nodata_us kb_us gets_per_s"
one() {
  local log="$out/run.log"
  "$@" "$out/modex_bench" "$fences" "$rounds" > "$log" 2>&1 || { echo "modex.sh: '$*' failed:" >&2; cat "$log" >&2; exit 1; }
  awk '/^fence_nodata_us/ {n=$2} /^fence_1k_us/ {k=$2}
       /^get / {gets+=$3; if ($4>t) t=$4; if ($5>0) bad=1}
       END {if (bad || t == 0) {print "bad"; exit 1} printf "%.1f %.1f %.0f\n", n, k, gets/t}' "$log"
}

median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

measure() { # launcher command...; prints the medians of the three numbers
  local all=()
  for _ in $(seq "$runs"); do all+=("$(one "$@")"); done
  for col in 1 2 3; do printf '%s\n' "${all[@]}" | awk -v c=$col '{print $c}' | median; done | paste -sd' '
}

row() {
  awk -v np=$1 -v mn=$2 -v mk=$3 -v mg=$4 -v pn=$5 -v pk=$6 -v pg=$7 'BEGIN {
    printf "| %d | %.0f µs | %.0f µs | %.2f× | %.0f µs | %.0f µs | %.2f× | %.0f /s | %.0f /s | %.2f× |\n",
      np, mn, pn, pn/mn, mk, pk, pk/mk, mg, pg, pg/mg }'
}
header() {
  printf '\n%s\n\n' "$1"
  printf '| processes | fence, no data: mpirun | pmix4j | ratio | fence, 1 KB collected: mpirun | pmix4j | ratio | get after fence: mpirun | pmix4j | ratio |\n'
  printf '|---|---|---|---|---|---|---|---|---|---|\n'
}
if [ "$mode" = dvm ]; then
  # a DVM of this benchmark's own, warmed by a few jobs, ended whatever happens
  export TMPDIR="$out/dvm-tmp"
  mkdir -p "$TMPDIR"
  "$top/bin/pmix4j" dvm --daemonize
  trap '"$top/bin/pmix4j" term >/dev/null 2>&1 || true' EXIT
  # C2 compiles the server's fence and commit paths over the first few full-size jobs (each fresh DVM's
  # first jobs ran at 2-3x its later ones): run the benchmark itself twice at every size before measuring
  for np in $nps; do
    for _ in 1 2; do "$top/bin/pmix4j" prun -n "$np" --oversubscribe "$out/modex_bench" "$fences" "$rounds" > /dev/null; done
  done
  launcher=(prun)
else
  launcher=(run)
fi
rows_default=()
rows_hash=()
for np in $nps; do
  p4="$(measure "$top/bin/pmix4j" "${launcher[@]}" -n "$np" --oversubscribe)"
  rows_default+=("$np $(measure mpirun $asroot --oversubscribe -np "$np") $p4")
  rows_hash+=("$np $(measure mpirun $asroot --oversubscribe -x PMIX_MCA_gds=hash -np "$np") $p4")
done
[ "$mode" = dvm ] && printf '\npmix4j: a warm DVM, each run handed to it by pmix4j prun\n'
header "mpirun as installed (clients read peers' data from libpmix's shared-memory store)"
for r in "${rows_default[@]}"; do row $r; done
header "mpirun with PMIX_MCA_gds=hash (every Get of mpirun's clients a round trip to its server; pmix4j as above)"
for r in "${rows_hash[@]}"; do row $r; done
