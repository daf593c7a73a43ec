#!/usr/bin/env bash
# MPI ring end to end: the same Open MPI 4.1 program (cli/src/test/c/mpi_ring.c, built with mpicc; a token
# passed around the ranks LAPS times) under `pmix4j run -n NP --oversubscribe` and under Open MPI's
# `mpirun --oversubscribe -np NP`, command start to exit, timed with hyperfine.
# Usage: bench/ring.sh [RUNS [NP [LAPS]]]
set -euo pipefail
top="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
runs="${1:-10}"
np="${2:-4}"
laps="${3:-1000}"
out="$top/bench/target/ring"
mkdir -p "$out"
[ -f "$top/cli/target/pmix4j.jar" ] || "$top/bin/build" -q -pl cli -am -DskipTests package
command -v mpicc >/dev/null || { echo "ring.sh: mpicc is not installed (apt-get install libopenmpi-dev)" >&2; exit 1; }
command -v hyperfine >/dev/null || { echo "ring.sh: hyperfine is not installed (apt-get install hyperfine)" >&2; exit 1; }
mpicc -O2 -o "$out/mpi_ring" "$top/cli/src/test/c/mpi_ring.c"
asroot=""
[ "$(id -u)" = 0 ] && asroot="--allow-run-as-root"
pmix4j="$top/bin/pmix4j run -n $np --oversubscribe $out/mpi_ring $laps"
mpirun="mpirun $asroot --oversubscribe -np $np $out/mpi_ring $laps"
for cmd in "$pmix4j" "$mpirun"; do
  $cmd | grep -q "^ring $laps laps $np ranks token $laps$" || { echo "ring.sh: '$cmd' did not pass the token" >&2; exit 1; }
done
hyperfine -N --warmup 2 --runs "$runs" --export-markdown "$out/ring.md" --output=null -n mpirun "$mpirun" \
  -n pmix4j "$pmix4j" > "$out/hyperfine.log" 2>&1
cat "$out/ring.md"
