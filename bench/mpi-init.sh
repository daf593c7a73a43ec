#!/usr/bin/env bash
# MPI start-up at scale (issue 17): MPI_Init and MPI_Finalize of an Open MPI 4.1 program
# (bench/c/mpi_init_time.c) at N = 1 2 4 8 16 32 64 processes (oversubscribed on small machines) under
#   - mpirun                       `mpirun --oversubscribe -np N` (ORTE, Debian's libpmix 4.2.2: gds ds21)
#   - pmix4j run                   `pmix4j run -n N --oversubscribe`
#   - pmix4j prun (DVM)            `pmix4j prun -n N --oversubscribe` into a warm `pmix4j dvm`
#   - pmix4j run, gds=hash         the same two with PMIX_MCA_gds=hash exported to the launcher (and so to
#   - pmix4j prun (DVM), gds=hash  its clients) and to a second DVM started with it: once pmix4j's server
#                                  offers ds21, these lines are the store off, the two above it on
# The program times its own MPI_Init and MPI_Finalize (the PMIx share, apart from the launcher's), and
# reports when each process was created and reached main, relative to the launcher's start; the script
# times the command end to end. The launchers alternate, run by run; the table gives medians over RUNS
# (after one warm-up round), and the ratios to mpirun's medians.
# Writes bench/target/mpi-init/runs.csv (every run) and prints the Markdown table of docs/benchmarks.md.
#
# Usage: bench/mpi-init.sh [RUNS [N...]]     RUNS default 3 (~6 minutes on 2 cores), N default 1 … 64
#        bench/mpi-init.sh --profile [N [PARTS]]  where the time goes at N (default 64), pmix4j next to mpirun:
#          a time line and the CPU time of the launcher and of the clients, with experiments (the JVM's exit
#          wait off; the node's topology given to Open MPI instead of discovered by every process; mpirun
#          with PMIX_MCA_gds=hash, i.e. without its shared-memory store); the
#          PMIx messages each client sends, per kind (strace of the clients' writev); the CPU samples of the
#          launcher and its clients per program and library (perf, when it works); the launcher's hottest
#          Java frames and where its threads wait (a JFR recording). PARTS: any of "timeline messages perf jfr"
#          (default all). About 7 minutes at N = 64; results under bench/target/mpi-init/profile.
set -euo pipefail
top="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
. "$top/bin/lib/jdk.sh"
pmix4j_find_jdk
mode=bench
if [ "${1:-}" = --profile ]; then
  mode=profile
  runs=3
  ns="${2:-64}"
  parts="${3:-timeline messages perf jfr}"
else
  runs="${1:-3}"
  [ $# -gt 0 ] && shift
  ns="${*:-1 2 4 8 16 32 64}"
fi
tools="mpirun mpicc python3"
[ "$mode" = profile ] && tools="$tools strace gcc pkg-config"
for tool in $tools; do
  command -v "$tool" >/dev/null || { echo "mpi-init.sh: '$tool' is not installed" >&2; exit 1; }
done
out="$top/bench/target/mpi-init"
mkdir -p "$out"
[ -f "$top/cli/target/pmix4j.jar" ] || "$top/bin/build" -q -pl cli -am -DskipTests package
mpicc -O2 -Wall -o "$out/mpi_init_time" "$top/bench/c/mpi_init_time.c"
asroot=""
[ "$(id -u)" = 0 ] && asroot="--allow-run-as-root"
pmix4j="$top/bin/pmix4j"
# the first run after a build trains the launcher's start-up archive: not part of any measurement
"$pmix4j" run -n 1 true > /dev/null

# DVMs, each in its own session directory: the store as the server offers it, and PMIX_MCA_gds=hash
dvm_default="$out/dvm-default" dvm_hash="$out/dvm-hash"
mkdir -p "$dvm_default" "$dvm_hash"
stop_dvms() {
  "$pmix4j" term --tmpdir "$dvm_default" >/dev/null 2>&1 || true
  [ "$mode" = profile ] || PMIX_MCA_gds=hash "$pmix4j" term --tmpdir "$dvm_hash" >/dev/null 2>&1 || true
}
stop_dvms # one left by a run that was killed
trap stop_dvms EXIT
"$pmix4j" dvm --daemonize --tmpdir "$dvm_default"
[ "$mode" = profile ] || PMIX_MCA_gds=hash "$pmix4j" dvm --daemonize --tmpdir "$dvm_hash"
# warm: the DVMs' code compiled, the front end's start-up archive made
for _ in 1 2 3; do
  "$pmix4j" prun --tmpdir "$dvm_default" -n 4 --oversubscribe true
  [ "$mode" = profile ] || PMIX_MCA_gds=hash "$pmix4j" prun --tmpdir "$dvm_hash" -n 4 --oversubscribe true
done

if [ "$mode" = profile ]; then
  # the node's topology as an XML file, for the experiment where Open MPI reads it instead of discovering it
  # (what ORTE spares its processes: it hands them the topology through PMIx)
  cat > "$out/topo_xml.c" <<'C'
#include <hwloc.h>
int main(int argc, char **argv)
{
    hwloc_topology_t t;
    hwloc_topology_init(&t);
    hwloc_topology_load(t);
    return argc < 2 || hwloc_topology_export_xml(t, argv[1], 0) != 0;
}
C
  gcc -O2 -o "$out/topo_xml" "$out/topo_xml.c" $(pkg-config --cflags --libs hwloc)
  "$out/topo_xml" "$out/topology.xml"
  mkdir -p "$out/profile"
fi

python3 - "$mode" "$runs" "$ns" "$pmix4j" "$out" "$asroot" "$dvm_default" "$dvm_hash" "$JAVA_HOME" "${parts:-}" \
  "$PMIX4J_JAVA_MAJOR" <<'PY'
import collections, csv, glob, os, re, resource, shutil, statistics, subprocess, sys, time
mode, runs, ns, pmix4j, out, asroot, dvm_default, dvm_hash, java_home, parts, java_major = sys.argv[1:12]
parts = parts.split()
runs, ns = int(runs), [int(n) for n in ns.split()]
prog = os.path.join(out, "mpi_init_time")
root = [asroot] if asroot else []
hash_env = {"PMIX_MCA_gds": "hash"}
mpirun = lambda n: ["mpirun", *root, "--oversubscribe", "-np", str(n)]
run = lambda n: [pmix4j, "run", "-n", str(n), "--oversubscribe"]
prun = lambda dvm: lambda n: [pmix4j, "prun", "--tmpdir", dvm, "-n", str(n), "--oversubscribe"]
fields = ["e2e", "start_max", "main_max", "init_max", "init_med", "init_cpu_med", "init_end_max", "fin_max",
          "fin_med", "fin_end_max", "client_cpu", "children_cpu"]

def kv(line):
    return {k: float(v) for k, v in re.findall(r"(\w+)=(-?[0-9.]+)", line)}

def children_cpu():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (r.ru_utime + r.ru_stime) * 1e6

def once(argv, extra, n):
    # Open MPI's mpirun hangs now and then (a few in hundreds of launches): such a run, or one that failed, is
    # made again (at most 3 times), not timed
    for attempt in range(3):
        env = dict(os.environ, **extra)
        cpu0, t0 = children_cpu(), time.time_ns()
        env["MPI_INIT_T0_US"] = str(t0 // 1000)
        try:
            r = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=120, env=env)
        except subprocess.TimeoutExpired:
            print(f"mpi-init.sh: {' '.join(argv)} hung; run again", file=sys.stderr)
            continue
        e2e, cpu = (time.time_ns() - t0) / 1000, children_cpu() - cpu0
        lines = r.stdout.decode().splitlines()
        init = [kv(l) for l in lines if l.startswith("mpi-init-time ")]
        fins = [kv(l) for l in lines if l.startswith("mpi-finalize-time ")]
        if r.returncode != 0 or len(init) != 1 or init[0]["n"] != n or len(fins) != n:
            # seen once in a few hundred runs at N = 64: a client's connection refused because munged, asked
            # to check its credential, reset the connection under the load; the run is made again
            print(f"mpi-init.sh: {' '.join(argv)} failed (exit {r.returncode}, {len(fins)} of {n} ranks "
                  f"finalized); run again. Its error output:\n{r.stderr.decode()[-2000:]}", file=sys.stderr)
            continue
        i = init[0]
        fin = [f["fin"] for f in fins]
        return {"e2e": e2e, "start_max": i["start_max"], "main_max": i["main_max"], "init_max": i["init_max"],
                "init_med": i["init_med"], "init_cpu_med": i["init_cpu_med"], "init_end_max": i["init_end_max"],
                "fin_max": max(fin), "fin_med": statistics.median(fin), "fin_end_max": max(f["fin_end"] for f in fins),
                "client_cpu": sum(f["cpu"] for f in fins), "children_cpu": cpu}
    sys.exit(f"mpi-init.sh: {' '.join(argv)} failed or hung 3 times")

def measure(launchers, csv_name):
    """Every launcher at every N, alternating, RUNS times after a warm-up round: {(name, n): [results]}."""
    rows = collections.defaultdict(list)
    with open(os.path.join(out, csv_name), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["launcher", "n", "run", *fields])
        for n in ns:
            print(f"mpi-init.sh: N={n} ...", file=sys.stderr, flush=True)
            for i in range(runs + 1):  # round 0: warm-up, not kept
                for name, argv, extra in launchers:
                    m = once(argv(n) + [prog], extra, n)
                    if i:
                        rows[(name, n)].append(m)
                        w.writerow([name, n, i, *(f"{m[k]:.0f}" for k in fields)])
                        f.flush()
    return rows

def med(rows, name, n, key):
    return statistics.median(key(m) if callable(key) else m[key] for m in rows[(name, n)])

ms = lambda us: f"{us / 1000:.0f}"

if mode == "bench":
    launchers = [  # name, argv for N, environment added
        ("mpirun", mpirun, {}),
        ("pmix4j run", run, {}),
        ("pmix4j prun (DVM)", prun(dvm_default), {}),
        ("pmix4j run, gds=hash", run, hash_env),
        ("pmix4j prun (DVM), gds=hash", prun(dvm_hash), hash_env),
    ]
    rows = measure(launchers, "runs.csv")
    print(f"\nmedians of {runs} runs (1 warm-up round first); times in ms from the launcher's start; MPI_Init and "
          f"MPI_Finalize: the slowest rank's (the median rank's); ratios to mpirun's medians\n")
    print("| N | launcher | end to end | last rank created | last rank in main | MPI_Init | last in main → all out of "
          "MPI_Init | MPI_Finalize | last finalize → exit | MPI_Init / mpirun | end to end / mpirun |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for n in ns:
        for name, _, _ in launchers:
            init, e2e = med(rows, name, n, "init_max"), med(rows, name, n, "e2e")
            print(f"| {n} | {name} | {ms(e2e)} | {ms(med(rows, name, n, 'start_max'))} "
                  f"| {ms(med(rows, name, n, 'main_max'))} | {ms(init)} ({ms(med(rows, name, n, 'init_med'))}) "
                  f"| {ms(med(rows, name, n, lambda m: m['init_end_max'] - m['main_max']))} "
                  f"| {ms(med(rows, name, n, 'fin_max'))} ({ms(med(rows, name, n, 'fin_med'))}) "
                  f"| {ms(med(rows, name, n, lambda m: m['e2e'] - m['fin_end_max']))} "
                  f"| {init / med(rows, 'mpirun', n, 'init_max'):.2f}× | {e2e / med(rows, 'mpirun', n, 'e2e'):.2f}× |",
                  flush=True)
    sys.exit(0)

# ---- --profile N ----
n = ns[0]
pdir = os.path.join(out, "profile")
topo = {"OMPI_MCA_hwloc_base_topo_file": os.path.join(out, "topology.xml")}
exit_wait_off = {"PMIX4J_JAVA_OPTS": "-XX:UserThreadWaitAttemptsAtExit=0"}

def timeline():
    launchers = [
        ("mpirun", mpirun, {}),
        ("pmix4j run", run, {}),
        ("pmix4j prun (DVM)", prun(dvm_default), {}),
        ("pmix4j run, JVM exit wait off", run, exit_wait_off),
        ("pmix4j run, topology given", run, topo),
        ("pmix4j run, both", run, {**topo, **exit_wait_off}),
        ("mpirun, topology given", mpirun, topo),
        ("mpirun, gds=hash", mpirun, hash_env),
    ]
    rows = measure(launchers, "profile/runs.csv")
    print(f"\n### Time line and CPU at N = {n} (medians of {runs} runs; ms from the launcher's start; CPU in ms)\n")
    print("| launcher | last rank created | last rank in main | all out of MPI_Init | all out of MPI_Finalize | exit "
          "| MPI_Init (slowest rank) | CPU in MPI_Init (median rank) | CPU of all clients | CPU of the launcher |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for name, _, _ in launchers:
        lcpu = "(in the DVM)" if "prun" in name else ms(med(rows, name, n, lambda m: m["children_cpu"] - m["client_cpu"]))
        print(f"| {name} | {ms(med(rows, name, n, 'start_max'))} | {ms(med(rows, name, n, 'main_max'))} "
              f"| {ms(med(rows, name, n, 'init_end_max'))} | {ms(med(rows, name, n, 'fin_end_max'))} "
              f"| {ms(med(rows, name, n, 'e2e'))} | {ms(med(rows, name, n, 'init_max'))} "
              f"| {ms(med(rows, name, n, 'init_cpu_med'))} | {ms(med(rows, name, n, 'client_cpu'))} | {lcpu} |",
              flush=True)

# PMIx messages the clients send: every writev of libpmix's client (a 16-byte header: index, tag, size;
# then the payload, whose first value is the command, packed as a PMIX_BYTE with its type in front)
commands = ["REQ_JOB_INFO", "ABORT", "COMMIT", "FENCE", "GET", "FINALIZE", "PUBLISH", "LOOKUP", "UNPUBLISH",
            "SPAWN", "CONNECT", "DISCONNECT", "NOTIFY", "REGISTER_EVENTS", "DEREGISTER_EVENTS", "QUERY", "LOG",
            "ALLOC", "JOB_CONTROL"]
hdr = re.compile(r'writev\(\d+, \[\{iov_base="((?:\\x[0-9a-f]{2}){16})", iov_len=16\}(?:, \{iov_base="((?:\\x[0-9a-f]{2})*))?')

def count_messages(name, argv, extra):
    d = os.path.join(pdir, "strace-" + re.sub(r"\W+", "-", name))
    shutil.rmtree(d, ignore_errors=True)
    os.makedirs(d)
    # -ff: one file per traced thread (trace.TID), so the N tracers never write the same file
    trace = ["strace", "-ff", "-qq", "-e", "trace=writev", "-e", "signal=none", "-s", "16", "-xx", "-o",
             os.path.join(d, "trace")]
    once(argv(n) + trace + [prog], extra, n)
    count, size = collections.Counter(), collections.Counter()
    for path in glob.glob(os.path.join(d, "trace*")):
        for line in open(path, errors="replace"):
            m = hdr.search(line)
            if not m:
                continue
            h = bytes.fromhex(m.group(1).replace("\\x", ""))
            body = bytes.fromhex((m.group(2) or "").replace("\\x", ""))
            if not body:
                continue
            cmd = body[1] if body[0] == 2 and len(body) > 1 else body[0]
            kind = commands[cmd] if cmd < len(commands) else f"command {cmd}"
            count[kind] += 1
            size[kind] += int.from_bytes(h[8:12], "big")
    return count, size

def messages():
    print(f"\n### PMIx messages a client sends to its server at N = {n} (strace of the clients' writev; per client; "
          f"bytes: the payloads')\n")
    counted = [(name, count_messages(name, argv, extra)) for name, argv, extra in
               (("mpirun", mpirun, {}), ("mpirun, gds=hash", mpirun, hash_env), ("pmix4j run", run, {}),
                ("pmix4j run, gds=hash", run, hash_env))]
    kinds = sorted({k for _, (c, _) in counted for k in c}, key=lambda k: -sum(c[k] for _, (c, _) in counted))
    print("| command | " + " | ".join(f"{name}: messages (bytes)" for name, _ in counted) + " |")
    print("|---|" + "---|" * len(counted))
    for k in kinds:
        print(f"| {k} | " + " | ".join(f"{c[k] / n:.2f} ({s[k] / n:.0f})" for _, (c, s) in counted) + " |")
    print("| all | " + " | ".join(f"{sum(c.values()) / n:.2f} ({sum(s.values()) / n:.0f})" for _, (c, s) in counted)
          + " |", flush=True)

# CPU samples of the launcher and everything it starts, per program and library (perf record follows children)
def perf():
    if not shutil.which("perf"):
        print("\n(no perf: no CPU samples)")
        return
    for name, argv, extra in (("mpirun", mpirun, {}), ("pmix4j run", run, {})):
        data = os.path.join(pdir, f"perf-{name.split()[0]}.data")
        env = dict(os.environ, **extra, MPI_INIT_T0_US=str(time.time_ns() // 1000))
        r = subprocess.run(["perf", "record", "-F", "499", "-q", "-o", data, "--", *argv(n), prog],
                           stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
        if r.returncode != 0:
            print(f"\n(perf record failed under {name}; no CPU samples)")
            continue
        report = lambda *sort: subprocess.run(["perf", "report", "-i", data, "--stdio", "-n", "--sort", *sort],
                                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL).stdout.decode()
        # per program or thread (a process's comm is its program's name, a JVM thread's its thread's name)
        threads = [re.split(r"\s{2,}", l.strip()) for l in report("comm").splitlines() if not l.startswith("#")]
        threads = [(c[2], int(c[1])) for c in threads if len(c) == 3 and c[0].endswith("%")]
        total = sum(v for _, v in threads)
        print(f"\n### CPU samples under {name} at N = {n}: {total} samples at 499 Hz, ≈ {total / 499:.1f} CPU-seconds "
              f"(perf record: the launcher and its descendants), per program or thread\n")
        print("| program or thread | samples | ≈ CPU ms |")
        print("|---|---|---|")
        for k, v in threads:
            if v >= total / 500:
                print(f"| `{k}` | {v} | {v * 1000 / 499:.0f} |")
        print(f"\nand per program and library (at least 1.5 %):\n")
        print("| share | program | library |")
        print("|---|---|---|")
        for line in report("comm,dso").splitlines():
            cols = re.split(r"\s{2,}", line.strip())
            if len(cols) == 4 and cols[0].endswith("%") and float(cols[0][:-1]) >= 1.5:
                print(f"| {cols[0]} | {cols[2]} | {cols[3]} |")
        sys.stdout.flush()

# the launcher's Java side: a JFR recording (method samples) of `pmix4j run -n N`, its hottest frames
def jfr():
    jfr_file = os.path.join(pdir, "run.jfr")
    # _JAVA_SR_SIGNUM: the JVM suspends threads to sample them with SIGUSR2 by default, and `pmix4j run`
    # passes the SIGUSR2 it sees on to every process of the job, which it kills; another signal avoids that
    # JDK 25+: JFR also times the steps of starting a process, every call (method-timing)
    timed = ["java.lang.ProcessBuilder::start", "org.pmix4j.server.PmixServer::setupFork",
             "org.pmix4j.runtime.LocalProcessLauncher::fork", "org.pmix4j.runtime.LocalProcessLauncher::command",
             "org.pmix4j.runtime.ProcessStarter::startGroupLeader", "org.pmix4j.runtime.iof.IoForwarder::attach"]
    timing = f",method-timing={';'.join(timed)}" if int(java_major) >= 25 else ""
    rec = {"PMIX4J_JAVA_OPTS": f"-XX:StartFlightRecording=filename={jfr_file},settings=profile{timing}",
           "_JAVA_SR_SIGNUM": "39"}
    once(run(n) + [prog], rec, n)
    text = subprocess.run([os.path.join(java_home, "bin", "jfr"), "print", "--events", "jdk.ExecutionSample",
                           "--stack-depth", "64", jfr_file], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL).stdout.decode()
    top, ours, threads = collections.Counter(), collections.Counter(), collections.Counter()
    samples = 0
    for ev in text.split("jdk.ExecutionSample")[1:]:
        frames = re.findall(r"^\s+([\w$.<>/]+)\(", ev, re.M)
        th = re.search(r'sampledThread = "([^"]*)"', ev)
        if not frames:
            continue
        samples += 1
        top[frames[0]] += 1
        threads[re.sub(r"[0-9]+", "#", th.group(1)) if th else "?"] += 1
        mine = next((f for f in frames if f.startswith("org.pmix4j.")), None)
        ours[mine or "(no pmix4j frame)"] += 1
    print(f"\n### The launcher's Java threads at N = {n}: {samples} execution samples (JFR, settings=profile)\n")
    for title, c in (("thread", threads), ("innermost pmix4j frame", ours), ("innermost frame", top)):
        print(f"| {title} | samples |")
        print("|---|---|")
        for k, v in c.most_common(12):
            print(f"| `{k}` | {v} ({100 * v / max(samples, 1):.0f} %) |")
        print(flush=True)

    if timing:
        view = subprocess.run([os.path.join(java_home, "bin", "jfr"), "view", "--width", "200", "method-timing",
                               jfr_file], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL).stdout.decode()
        print("The steps of starting each process (JFR method timing, every call):\n")
        print("| method | calls | minimum | average | maximum |")
        print("|---|---|---|---|---|")
        for line in view.splitlines():
            m = re.match(r"(\S.*?)\s+(\d+)\s+(\S+ \S+)\s+(\S+ \S+)\s+(\S+ \S+)\s*$", line)
            if m and m.group(2) != "0":
                print(f"| `{m.group(1)}` | " + " | ".join(m.group(i) for i in range(2, 6)) + " |")
        print()
    # where its threads wait (JFR's events over its thresholds, 10-20 ms: parks, file reads, socket writes)
    print(f"Where the launcher's threads waited (JFR events over the recording's thresholds): total ms (events)\n")
    print("| event | thread | where | ms (events) |")
    print("|---|---|---|---|")
    waits = collections.Counter(), collections.Counter()
    for event in ("jdk.ThreadPark", "jdk.FileRead", "jdk.SocketWrite", "jdk.SocketRead", "jdk.JavaMonitorEnter"):
        text = subprocess.run([os.path.join(java_home, "bin", "jfr"), "print", "--events", event, "--stack-depth", "16",
                               jfr_file], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL).stdout.decode()
        for ev in text.split(event)[1:]:
            d = re.search(r"duration = ([0-9.]+) (ms|s)\b", ev)
            th = re.search(r'eventThread = "([^"]*)"', ev)
            path = re.search(r'path = "([^"]*)"', ev)
            mine = [f for f in re.findall(r"^\s+([\w$.<>/]+)\(", ev, re.M) if f.startswith("org.pmix4j.")]
            where = re.sub(r"[0-9]+", "#", path.group(1)) if path else " < ".join(
                ".".join(f.split(".")[-2:]) for f in mine[:2]) or "(JDK only)"
            key = (event[4:], re.sub(r"[0-9]+", "#", th.group(1)) if th else "?", where)
            waits[0][key] += float(d.group(1)) * (1000 if d.group(2) == "s" else 1) if d else 0
            waits[1][key] += 1
    for (event, thread, where), total in waits[0].most_common(14):
        print(f"| {event} | `{thread}` | `{where}` | {total:.0f} ({waits[1][(event, thread, where)]}) |")
    print(flush=True)

for part in parts:
    {"timeline": timeline, "messages": messages, "perf": perf, "jfr": jfr}[part]()
PY
