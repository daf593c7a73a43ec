#!/usr/bin/env python3
"""A/B of MPI start-up: `mpirun`, the pmix4j of another tree (BASE, e.g. main's before a change) and this
tree's, run by run in turn (the machine is shared: alternating keeps the noise fair), on the program of
bench/mpi-init.sh (bench/c/mpi_init_time.c, built there first). Prints medians, in ms from the launcher's
start: end to end, the last rank in main, the slowest rank's MPI_Init.

Usage: bench/mpi-init-ab.py BASE RUNS "N..." [LAUNCHERS]
  LAUNCHERS: any of mpirun base new (pmix4j run) base-dvm new-dvm (pmix4j prun into a warm DVM of each tree,
  started here and ended at the end); default: mpirun base new
  e.g. git archive main | tar -x -C /tmp/base && (cd /tmp/base && bin/build -o -q -pl cli -am -DskipTests package)
       bench/mpi-init-ab.py /tmp/base 3 "8 64"
"""
import atexit, os, re, statistics, subprocess, sys, tempfile, time

top = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
base, runs, ns = sys.argv[1], int(sys.argv[2]), [int(x) for x in sys.argv[3].split()]
which = sys.argv[4].split() if len(sys.argv) > 4 else ["mpirun", "base", "new"]
prog = os.path.join(top, "bench/target/mpi-init/mpi_init_time")
cmds = {
    "mpirun": lambda n: ["mpirun", "--allow-run-as-root", "--oversubscribe", "-np", str(n), prog],
    "base": lambda n: [os.path.join(base, "bin/pmix4j"), "run", "-n", str(n), "--oversubscribe", prog],
    "new": lambda n: [os.path.join(top, "bin/pmix4j"), "run", "-n", str(n), "--oversubscribe", prog],
}
dvms = {}
for w, tree in (("base-dvm", base), ("new-dvm", top)):
    if w in which:
        d = tempfile.mkdtemp(prefix="ab-dvm-")
        subprocess.run([os.path.join(tree, "bin/pmix4j"), "dvm", "--daemonize", "--tmpdir", d], check=True)
        dvms[w] = (tree, d)
        cmds[w] = (lambda tree, d: lambda n: [os.path.join(tree, "bin/pmix4j"), "prun", "--tmpdir", d, "-n", str(n),
                                              "--oversubscribe", prog])(tree, d)
atexit.register(lambda: [subprocess.run([os.path.join(t, "bin/pmix4j"), "term", "--tmpdir", d]) for t, d in dvms.values()])
res = {}
for n in ns:
    for r in range(runs + 1):  # round 0 is a warm-up
        for w in which:
            for attempt in range(3):  # a run that fails or hangs is made again
                t0 = time.time_ns()
                env = dict(os.environ, MPI_INIT_T0_US=str(t0 // 1000))
                try:
                    p = subprocess.run(cmds[w](n), env=env, capture_output=True, text=True, timeout=120)
                except subprocess.TimeoutExpired:
                    continue
                e2e = (time.time_ns() - t0) / 1e6
                m = re.search(r"init_max=(\d+).*main_max=(\d+)", p.stdout)
                if p.returncode == 0 and m and p.stdout.count("mpi-finalize-time") == n:
                    break
                print("failed", w, n, p.returncode, p.stderr[-300:], file=sys.stderr)
            else:
                continue
            if r > 0:
                res.setdefault((n, w), []).append((e2e, int(m.group(2)) / 1000, int(m.group(1)) / 1000))
    for w in which:
        v = res.get((n, w), [])
        if v:
            med = [statistics.median(x[i] for x in v) for i in range(3)]
            print(f"N={n} {w:7s} end-to-end={med[0]:6.0f} last-rank-in-main={med[1]:6.0f} MPI_Init={med[2]:6.0f}"
                  f"  (end to end of each run: {[round(x[0]) for x in v]})", flush=True)
