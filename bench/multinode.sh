#!/usr/bin/env bash
# Several nodes (issue 15): `pmix4j run --host h1:S,h2:S,... --launch-agent AGENT -n N` next to Open MPI's
# `mpirun --host h1:S,h2:S,... --mca plm_rsh_agent AGENT -np N` (ORTE: an orted started on each other host
# through the agent; its PMIx server is Debian's libpmix 4.2.2), on hosts built on this machine by the test
# kit (org.pmix4j.testkit.TestHosts: network namespaces h1 … hK, each with its own address, hostname,
# TMPDIR and sshd). Both launchers run on h1, start the other hosts' daemons with the same agent
# (`ssh -F <the hosts' ssh config>`) and run the same binaries; S = N / K slots per host (rounded up), so
# both fill h1 first, then h2, ...:
#   launch   wall time, start to exit, of a PMIx hello (bench/c/hello.c) and an MPI hello
#            (bench/c/mpi_hello.c) at N = 4 8 16 32 64 on 4 hosts; each run must print N lines
#   fence    bench/c/modex_bench.c on 4 hosts: PMIx_Fence without data and put 1 KB + commit + collecting
#            fence, timed by rank 0 over FENCES and ROUNDS iterations (default 500 and 50); and gets/s of
#            every peer's fresh key after a collecting fence, summed over the ranks. mpirun's clients read
#            peers' data from libpmix's shared memory where pmix4j's ask their server, so the fence group
#            also runs mpirun with PMIX_MCA_gds=hash (every Get to the server, as under pmix4j): the
#            like-for-like column for gets (as in bench/modex.sh)
#   hosts    launch time of both hellos at a fixed N on 2, 4 and 8 hosts, and the agent alone: the time
#            to run `$AGENT HOST true` on every other host at once, the floor under any launch
# Each cell is the median of RUNS runs (default 5; fence 3), the two launchers alternating, after one
# untimed run of each. Every run has a time limit (LIMIT s, default 120), so a hang costs one run, shown as
# failed; a failed run's output is kept in bench/target/multinode/failed-*.log.
# pmix4j's column is measured only if a 2-host hello works first; otherwise it is "pending" and the check's
# output is printed.
# Writes bench/target/multinode/{launch,fence}.csv and prints the Markdown tables of docs/benchmarks.md.
#
# Usage: bench/multinode.sh [-r RUNS] [-n "4 8 ..."] [-N NP] [-k "2 4 8"] [--fences FENCES] [--rounds ROUNDS]
#                           [--no-pmix4j] [--no-fence] [--no-hosts]
#   -n  process counts on 4 hosts (default "4 8 16 32 64"); -N the process count of the host scaling
#   (default 16); -k its host counts (default "2 4 8").
# Needs root (namespaces), OpenSSH's sshd and ssh (bin/install-test-deps), Open MPI, libpmix-dev.
set -euo pipefail
top="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out="$top/bench/target/multinode"
limit="${LIMIT:-120}"
asroot=""
[ "$(id -u)" = 0 ] && asroot="--allow-run-as-root"

# ---------------------------------------------------------------------------------------------------------
# On h1 (run by RunOnTestHosts with HOSTS=h1,...,hK and AGENT="ssh -F ..."): one group of measurements.
# ---------------------------------------------------------------------------------------------------------
on_hosts() { # what (launch|fence|hosts), runs, fences, rounds, pmix4j (1|0), then "NS PROGS" | "NS" | "N PROGS"
  local what=$1 runs=$2 fences=$3 rounds=$4 with_pmix4j=$5
  shift 5
  IFS=, read -r -a hosts <<< "$HOSTS"
  local k=${#hosts[@]}
  local pmix4j="$out/install/bin/pmix4j"
  echo "multinode.sh: on $(hostname): hosts $HOSTS, agent '$AGENT'" >&2

  hostlist() { # n: every host with ceil(n / k) slots
    local s=$(( ($1 + k - 1) / k )) list="" h
    for h in "${hosts[@]}"; do list+="${list:+,}$h:$s"; done
    echo "$list"
  }
  cmd() { # launcher n program args...: the command line
    local l=$1 n=$2; shift 2
    if [ "$l" = pmix4j ]; then
      echo "$pmix4j run --host $(hostlist "$n") --launch-agent '$AGENT' -n $n $*"
    elif [ "$l" = mpirun-hash ]; then
      echo "mpirun $asroot --host $(hostlist "$n") --mca plm_rsh_agent '$AGENT' -x PMIX_MCA_gds=hash -np $n $*"
    else
      echo "mpirun $asroot --host $(hostlist "$n") --mca plm_rsh_agent '$AGENT' -np $n $*"
    fi
  }
  # one timed run; prints "status seconds" (status -1: it exited 0 with fewer than the expected lines)
  run_once() { # tag expected-lines line-prefix command
    local tag=$1 expect=$2 prefix=$3 line=$4 status=0 t0 t1 got
    t0=$EPOCHREALTIME
    eval "timeout -k 5 $limit $line" > "$out/run.log" 2>&1 || status=$?
    t1=$EPOCHREALTIME
    got=$(grep -c "^$prefix" "$out/run.log" || true)
    [ "$status" != 0 ] || [ "$got" = "$expect" ] || status=-1
    [ "$status" = 0 ] || { echo "# $line" | cat - "$out/run.log" > "$out/failed-$tag-$(date +%s%N).log"; }
    awk -v s="$status" -v a="$t0" -v b="$t1" 'BEGIN {printf "%s %.4f\n", s, b - a}'
  }
  launchers=(mpirun)
  [ "$with_pmix4j" = 1 ] && launchers=(pmix4j mpirun)

  launch_points() { # ns progs
    local ns=$1 progs=$2 n prog l r res prefix
    for prog in $progs; do
      case $prog in hello) prefix="hello from rank" ;; mpi_hello) prefix="hello from MPI rank" ;; esac
      for n in $ns; do
        for l in "${launchers[@]}"; do run_once "warmup-$l-$prog-$k-$n" "$n" "$prefix" "$(cmd $l $n "$out/$prog")" > /dev/null; done
        for r in $(seq "$runs"); do
          for l in "${launchers[@]}"; do
            res=$(run_once "$l-$prog-$k-$n" "$n" "$prefix" "$(cmd $l $n "$out/$prog")")
            echo "$k,$prog,$l,$n,$r,${res// /,}" >> "$out/launch.csv"
            echo "multinode.sh: $k hosts, $prog, $l -n $n, run $r: status, seconds = $res" >&2
          done
        done
      done
    done
  }
  fence_points() { # ns
    local n l r res st
    for n in $1; do
      for r in $(seq "$runs"); do
        for l in "${launchers[@]}" mpirun-hash; do
          res=$(run_once "$l-fence-$k-$n" "$n" "get " "$(cmd $l $n "$out/modex_bench" "$fences" "$rounds")")
          st=${res%% *}
          # rank 0's two means and the gets per second of all ranks (their gets over the slowest one's time),
          # each kept when it was printed, even if the run then failed (in its exit, say): the status says so
          res=$(awk -v st="$st" -v n="$n" '/^fence_nodata_us/ {a=$2} /^fence_1k_us/ {b=$2}
                /^get / {k++; g+=$3; if ($4>t) t=$4; if ($5>0) bad=1}
                END {printf "%s,%s,%s,%s\n", st, (a == "" ? "nan" : a), (b == "" ? "nan" : b),
                            (k != n || bad || t == 0 ? "nan" : sprintf("%.0f", g/t))}' "$out/run.log")
          echo "$k,$l,$n,$r,$res" >> "$out/fence.csv"
          echo "multinode.sh: $k hosts, fence, $l -n $n, run $r: status, no data µs, 1 KB µs, gets/s = $res" >&2
        done
      done
    done
  }
  # the floor under any launch across the hosts: the agent run once on every other host, all at once
  agent_points() {
    local r res t0 t1 status h
    [ "$k" -gt 1 ] || return 0
    for r in $(seq "$runs"); do
      status=0
      t0=$EPOCHREALTIME
      for h in "${hosts[@]:1}"; do timeout -k 5 "$limit" $AGENT "$h" true & done
      for h in "${hosts[@]:1}"; do wait -n || status=$?; done
      t1=$EPOCHREALTIME
      res=$(awk -v s="$status" -v a="$t0" -v b="$t1" 'BEGIN {printf "%s,%.4f\n", s, b - a}')
      echo "$k,ssh,agent,$((k - 1)),$r,$res" >> "$out/launch.csv"
    done
  }
  case $what in
    launch|hosts) agent_points; launch_points "$1" "$2" ;;
    fence) fence_points "$1" ;;
  esac
}

if [ "${1:-}" = --on-hosts ]; then
  shift
  on_hosts "$@"
  exit 0
fi

# ---------------------------------------------------------------------------------------------------------
# Here: build, make the hosts for each group, print the tables.
# ---------------------------------------------------------------------------------------------------------
runs=5
ns="4 8 16 32 64"
np=16
ks="2 4 8"
fences=500
rounds=50
with_pmix4j=1
do_fence=1
do_hosts=1
while [ $# -gt 0 ]; do
  case "$1" in
    -r) runs="$2"; shift 2 ;;
    -n) ns="$2"; shift 2 ;;
    -N) np="$2"; shift 2 ;;
    -k) ks="$2"; shift 2 ;;
    --fences) fences="$2"; shift 2 ;;
    --rounds) rounds="$2"; shift 2 ;;
    --no-pmix4j) with_pmix4j=0; shift ;;
    --no-fence) do_fence=0; shift ;;
    --no-hosts) do_hosts=0; shift ;;
    *) sed -n '/^# Usage:/,/^# Needs/s/^# //p' "$0" >&2; exit 2 ;;
  esac
done
[ "$(id -u)" = 0 ] || { echo "multinode.sh: the test hosts need root (network, UTS and mount namespaces)" >&2; exit 1; }
for tool in mpirun mpicc gcc pkg-config python3 ip nsenter unshare ssh ssh-keygen /usr/sbin/sshd; do
  command -v "$tool" >/dev/null || { echo "multinode.sh: '$tool' is not installed (bin/install-test-deps)" >&2; exit 1; }
done
. "$top/bin/lib/jdk.sh"
pmix4j_find_jdk
mkdir -p "$out"
rm -f "$out"/failed-*.log

# the test kit and its classpath; the launcher's jar
"$top/bin/build" -q -pl bench -am -DskipTests test-compile \
  org.apache.maven.plugins:maven-dependency-plugin:3.8.1:build-classpath -Dmdep.includeScope=test \
  -Dmdep.outputFile="$out/classpath"
[ "$with_pmix4j" = 0 ] || [ -f "$top/cli/target/pmix4j.jar" ] || "$top/bin/build" -q -pl cli -am -DskipTests package
gcc -O2 -Wall -o "$out/hello" "$top/bench/c/hello.c" $(pkg-config --cflags --libs pmix)
gcc -O2 -Wall -o "$out/modex_bench" "$top/bench/c/modex_bench.c" $(pkg-config --cflags --libs pmix)
mpicc -O2 -Wall -o "$out/mpi_hello" "$top/bench/c/mpi_hello.c"
if [ "$with_pmix4j" = 1 ]; then
  # a private copy of the launcher as installed (bin/ and the jar), so that a rebuild of cli/target/pmix4j.jar
  # during the run cannot invalidate its start-up archive mid-measurement; the first run trains that archive
  rm -rf "$out/install"
  mkdir -p "$out/install/cli/target"
  cp -r "$top/bin" "$out/install/bin"
  cp "$top/cli/target/pmix4j.jar" "$out/install/cli/target/pmix4j.jar"
  "$out/install/bin/pmix4j" run -n 1 true > /dev/null
fi

run_on_hosts() { # host count, time limit (s), script, arguments: the script run on h1 of new hosts h1 … hK
  "$JAVA_HOME/bin/java" -cp "$top/bench/target/test-classes:$(cat "$out/classpath")" org.pmix4j.bench.RunOnTestHosts "$@"
}
on_test_hosts() { # host count, arguments of --on-hosts...
  local k=$1
  shift
  run_on_hosts "$k" 7200 "$top/bench/multinode.sh" --on-hosts "$@"
}

# pmix4j across hosts works, or its column is pending
if [ "$with_pmix4j" = 1 ]; then
  cat > "$out/check.sh" <<EOF
timeout -k 5 60 "$out/install/bin/pmix4j" run --host h1:1,h2:1 --launch-agent "\$AGENT" -n 2 "$out/hello" > "$out/check.log" 2>&1
status=\$?
echo "exit \$status" >> "$out/check.log"
[ \$status = 0 ] && [ "\$(grep -c '^hello from rank' "$out/check.log")" = 2 ]
EOF
  if ! run_on_hosts 2 120 "$out/check.sh"; then
    echo "multinode.sh: pmix4j run across 2 hosts does not work yet; its column is pending. What it printed:" >&2
    sed 's/^/  /' "$out/check.log" >&2
    with_pmix4j=0
  fi
fi

echo "hosts,program,launcher,n,run,status,seconds" > "$out/launch.csv"
echo "hosts,launcher,n,run,status,fence_nodata_us,fence_1k_us,gets_per_s" > "$out/fence.csv"
on_test_hosts 4 launch "$runs" "$fences" "$rounds" "$with_pmix4j" "$ns" "hello mpi_hello"
[ "$do_fence" = 0 ] || on_test_hosts 4 fence "$(( runs < 3 ? runs : 3 ))" "$fences" "$rounds" "$with_pmix4j" "$ns"
if [ "$do_hosts" = 1 ]; then
  for k in $ks; do
    # the 4-host point at this N was measured above already
    [ "$k" = 4 ] && [[ " $ns " == *" $np "* ]] && continue
    on_test_hosts "$k" hosts "$runs" "$fences" "$rounds" "$with_pmix4j" "$np" "hello mpi_hello"
  done
fi

[ "$do_hosts" = 1 ] || ks=""
python3 - "$out" "$ns" "$np" "$ks" "$with_pmix4j" "$(nproc)" <<'PY'
import csv, statistics, sys, os
out, ns, np_, ks, with_p, cores = sys.argv[1], sys.argv[2].split(), sys.argv[3], sys.argv[4].split(), sys.argv[5] == "1", sys.argv[6]
launch = list(csv.DictReader(open(os.path.join(out, "launch.csv"))))
fence = list(csv.DictReader(open(os.path.join(out, "fence.csv"))))
label = {"hello": "PMIx hello", "mpi_hello": "MPI hello"}

def cell(rows, col, scale=1.0, unit=" s", fmt="{:.2f}", measured_if_failed=False):
    """The median of the runs that exited 0 (or, measured_if_failed, of every run that printed the value),
    and how many runs failed."""
    ok = [float(r[col]) * scale for r in rows
          if (r["status"] == "0" or measured_if_failed) and r[col] != "nan"]
    bad = sum(1 for r in rows if r["status"] != "0")
    if not rows:
        return None, "pending" if not with_p else "–"
    if not ok:
        return None, f"failed ({bad} of {len(rows)})"
    m = statistics.median(ok)
    note = f" ({bad} of {len(rows)} " + ("exited non-zero" if measured_if_failed else "failed") + ")" if bad else ""
    return m, fmt.format(m) + unit + note

def ratio(p, m):
    return f"{p / m:.2f}×" if p is not None and m else "–"

def launch_table(ns_or_ks, by_hosts):
    print("| program | " + ("hosts" if by_hosts else "processes") + " | pmix4j | mpirun | pmix4j / mpirun |")
    print("|---|---|---|---|---|")
    for prog in ("hello", "mpi_hello"):
        for x in ns_or_ks:
            sel = [r for r in launch if r["program"] == prog and
                   (r["hosts"] == x and r["n"] == np_ if by_hosts else r["hosts"] == "4" and r["n"] == x)]
            p, ps = cell([r for r in sel if r["launcher"] == "pmix4j"], "seconds")
            m, ms = cell([r for r in sel if r["launcher"] == "mpirun"], "seconds")
            if m is None and p is None and not sel:
                continue
            print(f"| {label[prog]} | {x} | {ps} | {ms} | {ratio(p, m)} |")
    if by_hosts:
        for x in ns_or_ks:
            a, as_ = cell([r for r in launch if r["program"] == "ssh" and r["hosts"] == x], "seconds")
            if a is not None:
                others = f"the {int(x) - 1} other hosts at once" if int(x) > 2 else "the other host"
                print(f"| `$AGENT HOST true` on {others} | {x} | {as_} | | |")

print(f"\nLaunch on 4 hosts ({cores} cores shared by all hosts): median wall time, start to exit\n")
launch_table(ns, False)
if fence:
    print("\nFence on 4 hosts (bench/c/modex_bench.c): rank 0's mean time per iteration; gets/s of peers' keys after a collecting fence, summed over the ranks\n")
    print("| processes | fence, no data: pmix4j | mpirun | pmix4j / mpirun | put 1 KB + commit + collecting fence: pmix4j | mpirun | pmix4j / mpirun "
          "| get after fence: pmix4j | mpirun, gds=hash | pmix4j / mpirun, gds=hash | mpirun as installed |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for n in ns:
        sel = [r for r in fence if r["n"] == n and r["hosts"] == "4"]
        if not sel:
            continue
        of = lambda l: [r for r in sel if r["launcher"] == l]
        row = [n]
        for col in ("fence_nodata_us", "fence_1k_us"):
            p, ps = cell(of("pmix4j"), col, unit=" µs", fmt="{:.0f}", measured_if_failed=True)
            m, ms = cell(of("mpirun"), col, unit=" µs", fmt="{:.0f}", measured_if_failed=True)
            row += [ps, ms, ratio(p, m)]
        p, ps = cell(of("pmix4j"), "gets_per_s", unit=" /s", fmt="{:.0f}", measured_if_failed=True)
        h, hs = cell(of("mpirun-hash"), "gets_per_s", unit=" /s", fmt="{:.0f}", measured_if_failed=True)
        m, ms = cell(of("mpirun"), "gets_per_s", unit=" /s", fmt="{:.0f}", measured_if_failed=True)
        row += [ps, hs, ratio(p, h), ms]
        print("| " + " | ".join(row) + " |")
    print("\n(get: a ratio above 1.0 is faster)")
if ks:
    print(f"\nLaunch vs hosts, {np_} processes: median wall time, start to exit\n")
    launch_table(ks, True)
PY
