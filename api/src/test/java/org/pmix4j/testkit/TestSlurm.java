package org.pmix4j.testkit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;

/**
 * A real Slurm (Debian's slurm-wlm) on {@link TestHosts}: slurmctld on the first host and one slurmd per
 * host, each node named as its host, in one partition; {@code srun --mpi=pmix} then starts jobs across the
 * hosts under Slurm's own PMIx server (libpmix inside slurmstepd).
 *
 * <p>How it is built, and why:
 * <ul>
 * <li>MUNGE: a munged of the kit's own (its own key; run on the first host) in a directory that is
 *     bind-mounted over /run/munge in every host's mount namespace. libmunge looks for munged only at
 *     /run/munge/munge.socket.2, and not only
 *     Slurm's daemons use it: the PMIx server in slurmstepd offers its "munge" security module only when it
 *     gets a token there. A site's munged, if any, is neither used nor disturbed.
 * <li>slurm.conf as measured to work without systemd or cgroups: proctrack/linuxproc, task/none,
 *     SlurmUser=root, no accounting; every state, spool, pid and log file under the kit's directory, the
 *     per-node ones named with {@code %n}. TmpFS is each host's own TMPDIR: slurmstepd's PMIx plugin makes
 *     a directory named only by user and step there, which two nodes sharing one /tmp would both make.
 * <li>The daemons run in the foreground ({@code -D}), children of this JVM; the slurmstepd processes they
 *     fork are detached from them, so {@link #close} finds those by their network namespace.
 * </ul>
 *
 * <p>Tests are skipped (a JUnit assumption) when the hosts cannot be built, when munged is missing or when
 * slurmctld, slurmd, srun or sinfo is not installed.
 */
public final class TestSlurm implements AutoCloseable {
    private static final Path SLURMCTLD = Path.of("/usr/sbin/slurmctld");
    private static final Path SLURMD = Path.of("/usr/sbin/slurmd");
    private static final List<Path> CLIENTS = List.of(Path.of("/usr/bin/srun"), Path.of("/usr/bin/sinfo"));
    private static final Path MUNGE_RUN_DIR = MungeDaemon.DEFAULT_SOCKET.getParent();
    private static final Duration READY = Duration.ofSeconds(30);

    private final TestHosts hosts;
    private final Path dir;
    private final Path conf;
    private final List<Process> daemons = new ArrayList<>();
    private final Thread closeOnExit = new Thread(this::close, "test-slurm-close");
    private MungeDaemon munged;
    private boolean closed;

    private TestSlurm(TestHosts hosts, Path dir) {
        this.hosts = hosts;
        this.dir = dir;
        this.conf = dir.resolve("slurm.conf");
    }

    /** Skips the calling test unless test hosts can be built and Slurm and MUNGE are installed. */
    public static void assumeAvailable() {
        TestHosts.assumeAvailable();
        MungeDaemon.assumeAvailable();
        for (Path p : Stream.concat(Stream.of(SLURMCTLD, SLURMD), CLIENTS.stream()).toList()) {
            Assumptions.assumeTrue(Files.isExecutable(p),
                    p + " is not installed: run bin/install-test-deps (Debian package 'slurm-wlm')");
        }
    }

    /** Slurm on every host of {@code hosts}, its daemons started as Slurm ships them. */
    public static TestSlurm start(TestHosts hosts) {
        return start(hosts, Map.of());
    }

    /**
     * Slurm on every host, slurmd (and with it each slurmstepd and the PMIx server in it) run with
     * {@code daemonEnv} added to its environment (e.g. PMIX_MCA_psec=munge: a PMIx server that accepts
     * munge only). Returns once {@code sinfo} shows every node idle.
     */
    public static TestSlurm start(TestHosts hosts, Map<String, String> daemonEnv) {
        assumeAvailable();
        TestSlurm s = new TestSlurm(hosts, hosts.dir().resolve("slurm"));
        Runtime.getRuntime().addShutdownHook(s.closeOnExit);
        try {
            s.bringUp(daemonEnv);
            return s;
        } catch (RuntimeException | Error e) {
            s.close();
            throw e;
        }
    }

    /** The controller's host: the first one. */
    public String controller() {
        return hosts.hosts().get(0).name();
    }

    public Path conf() {
        return conf;
    }

    /** What Slurm's commands need to find this cluster ({@code SLURM_CONF}). */
    public Map<String, String> env() {
        return Map.of("SLURM_CONF", conf.toString());
    }

    /** A command (srun, salloc, sinfo ...) to run on a host with this cluster's environment. */
    public Run on(String host, String... command) {
        return hosts.on(host, command).env(env());
    }

    /** Runs a command on a host with this cluster's environment and waits for it (60 s at most). */
    public Run.Result run(String host, String... command) {
        return on(host, command).go();
    }

    /** The logs of slurmctld and every slurmd, for a failing test's message. */
    public String logs() {
        StringBuilder sb = new StringBuilder();
        try (Stream<Path> s = Files.list(dir.resolve("log"))) {
            List<Path> files = s.filter(p -> p.toString().endsWith(".log") || p.toString().endsWith(".out")).sorted()
                    .toList();
            for (Path p : files) {
                sb.append("--- ").append(p.getFileName()).append('\n').append(Files.readString(p));
            }
        } catch (IOException e) {
            sb.append("(logs unreadable: ").append(e.getMessage()).append(")\n");
        }
        return sb.toString();
    }

    private void bringUp(Map<String, String> daemonEnv) {
        try {
            for (String d : List.of("state", "log", "spool")) {
                Files.createDirectories(dir.resolve(d));
            }
            Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
            Files.writeString(conf, slurmConf());
            if (!Files.isDirectory(MUNGE_RUN_DIR)) {
                // a mount point for the hosts' own /run/munge; left in place (empty) since a test JVM
                // running at the same time may have started a munged there meanwhile
                Files.createDirectories(MUNGE_RUN_DIR);
                Files.setPosixFilePermissions(MUNGE_RUN_DIR, PosixFilePermissions.fromString("rwxr-xr-x"));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        // on the first host: its holder takes munged with it should this JVM be killed
        munged = MungeDaemon.inDirectory(dir.resolve("munge"), hosts.onHost(controller(), List.of()));
        for (TestHosts.Host h : hosts.hosts()) {
            Run.Result r = hosts.run(h.name(), "mount", "--bind", munged.socket().getParent().toString(),
                    MUNGE_RUN_DIR.toString());
            if (r.exitCode() != 0) {
                throw new IllegalStateException("cannot mount the test's munged at " + MUNGE_RUN_DIR + " on "
                        + h.name() + ": " + r.all());
            }
        }
        daemons.add(daemon(controller(), "slurmctld", Map.of(), SLURMCTLD.toString(), "-D", "-f", conf.toString()));
        for (TestHosts.Host h : hosts.hosts()) {
            daemons.add(daemon(h.name(), "slurmd-" + h.name(), daemonEnv, SLURMD.toString(), "-D", "-N", h.name(),
                    "-f", conf.toString()));
        }
        awaitIdle();
    }

    private String slurmConf() {
        StringBuilder sb = new StringBuilder();
        String first = hosts.hosts().get(0).name();
        sb.append("ClusterName=pmix4j\n")
                .append("SlurmctldHost=").append(first).append('(').append(hosts.host(first).address()).append(")\n")
                .append("SlurmUser=root\nSlurmdUser=root\n")
                .append("AuthType=auth/munge\nCredType=cred/munge\n")
                .append("StateSaveLocation=").append(dir.resolve("state")).append('\n')
                .append("SlurmdSpoolDir=").append(dir.resolve("spool")).append("/%n\n")
                .append("SlurmctldPidFile=").append(dir.resolve("log/slurmctld.pid")).append('\n')
                .append("SlurmdPidFile=").append(dir.resolve("log")).append("/slurmd-%n.pid\n")
                .append("SlurmctldLogFile=").append(dir.resolve("log/slurmctld.log")).append('\n')
                .append("SlurmdLogFile=").append(dir.resolve("log")).append("/slurmd-%n.log\n")
                .append("TmpFS=").append(tmpFs()).append('\n')
                .append("ProctrackType=proctrack/linuxproc\nTaskPlugin=task/none\nSwitchType=switch/none\n")
                .append("MpiDefault=none\n")
                .append("SelectType=select/cons_tres\nSelectTypeParameters=CR_Core\nSchedulerType=sched/backfill\n")
                .append("AccountingStorageType=accounting_storage/none\nJobCompType=jobcomp/none\n")
                .append("JobAcctGatherType=jobacct_gather/none\n")
                .append("MailProg=/bin/true\nReturnToService=2\n");
        int cpus = Runtime.getRuntime().availableProcessors();
        for (TestHosts.Host h : hosts.hosts()) {
            sb.append("NodeName=").append(h.name()).append(" NodeAddr=").append(h.address())
                    .append(" CPUs=").append(cpus).append(" State=UNKNOWN\n");
        }
        sb.append("PartitionName=test Nodes=ALL Default=YES MaxTime=INFINITE State=UP\n");
        return sb.toString();
    }

    /** The hosts' TMPDIRs as one pattern ({@code <dir>/%n}); TestHosts puts them side by side, named as the hosts. */
    private String tmpFs() {
        Path parent = hosts.hosts().get(0).tmpDir().getParent();
        for (TestHosts.Host h : hosts.hosts()) {
            if (!h.tmpDir().equals(parent.resolve(h.name()))) {
                throw new IllegalStateException("test hosts' TMPDIRs are not <dir>/<host>: " + h.tmpDir());
            }
        }
        return parent + "/%n";
    }

    private Process daemon(String host, String name, Map<String, String> env, String... command) {
        ProcessBuilder pb = new ProcessBuilder(hosts.onHost(host, List.of(command))).redirectErrorStream(true)
                .redirectOutput(dir.resolve("log/" + name + ".out").toFile());
        pb.environment().putAll(env);
        try {
            return pb.start();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + name + " on " + host, e);
        }
    }

    /** Waits until sinfo lists every node idle; fails with the daemons' logs when one exits or time runs out. */
    private void awaitIdle() {
        long deadline = System.nanoTime() + READY.toNanos();
        String last = "";
        while (System.nanoTime() < deadline) {
            for (Process p : daemons) {
                if (!p.isAlive()) {
                    throw new IllegalStateException("a Slurm daemon exited " + p.exitValue() + " at start: "
                            + p.info().commandLine().orElse("?") + "\n" + logs());
                }
            }
            Run.Result r = on(controller(), "sinfo", "-h", "-N", "-o", "%N %T").timeout(Duration.ofSeconds(10)).go();
            last = r.all();
            Map<String, String> states = new LinkedHashMap<>();
            for (String line : r.stdout().split("\n")) {
                String[] f = line.trim().split("\\s+");
                if (f.length == 2) {
                    states.put(f[0], f[1]);
                }
            }
            if (hosts.hosts().stream().allMatch(h -> "idle".equals(states.get(h.name())))) {
                return;
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while Slurm started");
            }
        }
        throw new IllegalStateException("Slurm's nodes were not all idle within " + READY.toSeconds()
                + " s; last sinfo: " + last + "\n" + logs());
    }

    /**
     * Kills the job steps (slurmstepd and the tasks under it, found in the hosts' network namespaces), the
     * slurmd and slurmctld, and munged; the files go with the test hosts' directory.
     */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            Runtime.getRuntime().removeShutdownHook(closeOnExit);
        } catch (IllegalStateException shuttingDown) {
            // we are the hook
        }
        for (TestHosts.Host h : hosts.hosts()) {
            killSteps(hosts.namespace(h.name()));
        }
        for (Process p : daemons) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
        }
        for (Process p : daemons) {
            try {
                p.waitFor();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        if (munged != null) {
            for (TestHosts.Host h : hosts.hosts()) {
                hosts.run(h.name(), "umount", MUNGE_RUN_DIR.toString());
            }
            munged.close();
        }
    }

    /** SIGKILLs each slurmstepd in the namespace and what runs under it. */
    private static void killSteps(String namespace) {
        Run.Result pids = Run.command("ip", "netns", "pids", namespace).timeout(Duration.ofSeconds(20)).go();
        for (String pid : pids.stdout().split("\n")) {
            if (pid.isBlank()) {
                continue;
            }
            ProcessHandle.of(Long.parseLong(pid.trim())).ifPresent(ph -> {
                if (isStepDaemon(ph)) {
                    ph.descendants().forEach(ProcessHandle::destroyForcibly);
                    ph.destroyForcibly();
                }
            });
        }
    }

    private static boolean isStepDaemon(ProcessHandle ph) {
        try {
            return Files.readString(Path.of("/proc", Long.toString(ph.pid()), "comm")).strip().equals("slurmstepd");
        } catch (IOException e) {
            return false;
        }
    }
}
