#!/usr/bin/env bash
# Before/after benchmark for a change that must not cost speed: the same libpmix client
# (bench/c/modex_bench.c) under `pmix4j run` of another checkout (OLD, e.g. a clone at the previous
# commit, already built) and of this one, alternated run by run so both see the same machine, for 2 and 4
# processes. Prints the median of each side and new / old (below 1.0 is faster for times, above 1.0 for
# gets). Usage: bench/compare.sh OLD [RUNS [FENCES [ROUNDS]]]
set -euo pipefail
top="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
old="$(cd "${1:?usage: bench/compare.sh OLD_CHECKOUT [RUNS [FENCES [ROUNDS]]]}" && pwd)"
runs="${2:-8}"
fences="${3:-4000}"
rounds="${4:-400}"
out="$top/bench/target/compare"
mkdir -p "$out"
for t in "$old" "$top"; do
  [ -f "$t/cli/target/pmix4j.jar" ] || "$t/bin/build" -q -pl cli -am -DskipTests package
done
gcc -O2 -Wall -o "$out/modex_bench" "$top/bench/c/modex_bench.c" $(pkg-config --cflags --libs pmix)

# one run: "side np nodata_us kb_us gets_per_s"
one() {
  timeout 120 "$2/bin/pmix4j" run -n "$3" --oversubscribe "$out/modex_bench" "$fences" "$rounds" 2>/dev/null |
    awk -v s="$1" -v n="$3" '/^fence_nodata_us/ {a=$2} /^fence_1k_us/ {k=$2} /^get / {g+=$3; if ($4>t) t=$4}
      END {if (t == 0) exit 1; printf "%s %d %.1f %.1f %.0f\n", s, n, a, k, g/t}'
}

: > "$out/runs.txt"
for np in 2 4; do
  for _ in $(seq "$runs"); do
    one old "$old" "$np" >> "$out/runs.txt"
    one new "$top" "$np" >> "$out/runs.txt"
  done
done

python3 - "$out/runs.txt" "$runs" <<'PY'
import statistics, sys
rows = [l.split() for l in open(sys.argv[1])]
print(f"median of {sys.argv[2]} alternated runs each")
print(f"{'procs':>5} {'measure':<22} {'old':>10} {'new':>10} {'new / old':>10}")
for np in sorted({r[1] for r in rows}, key=int):
    for col, name, unit in ((2, "fence, no data", "us"), (3, "fence, 1 KB collected", "us"), (4, "gets after fence", "/s")):
        med = {side: statistics.median(float(r[col]) for r in rows if r[0] == side and r[1] == np) for side in ("old", "new")}
        print(f"{np:>5} {name:<22} {med['old']:8.1f}{unit} {med['new']:8.1f}{unit} {med['new'] / med['old']:9.2f}x")
PY
