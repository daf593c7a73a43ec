package org.pmix4j.runtime;

import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Info;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;
import org.pmix4j.server.PmixServer;
import org.pmix4j.server.ServerConfig;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The runtime environment behind {@code pmix4j run}: one PMIx server embedded in this process, and the jobs
 * it runs on this node — the one the user asked for and any its processes spawn. It numbers the jobs
 * ({@code pmix4j-<host>-<pid>@N}), registers them with the server, forks their processes with the server's
 * environment, watches them end and applies the launcher's rules to what it sees.
 */
final class Rte implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(Rte.class);

    private final LaunchIo io;
    private final Map<String, String> env;
    private final Launcher.Options options;
    private final String hostname = ServerConfig.localHostname();
    private final String base = "pmix4j-" + hostname + "-" + ProcessHandle.current().pid();
    private final int uid = (int) new com.sun.security.auth.module.UnixSystem().getUid();
    private final int gid = (int) new com.sun.security.auth.module.UnixSystem().getGid();
    private final Map<String, Job> jobs = new LinkedHashMap<>();
    private final int slots = Runtime.getRuntime().availableProcessors();
    private PmixServer server;
    private JobEvents events;
    private int jobCounter;
    private int toolCounter;
    private int active;
    private int exitStatus;
    private boolean interrupted;

    Rte(LaunchIo io, Map<String, String> env, Launcher.Options options) {
        this.io = io;
        this.env = env;
        this.options = options;
    }

    /** Starts the embedded server. */
    void start() {
        List<Info> init = List.of(
                Attributes.SERVER_NSPACE.info(base + "@0"),
                Attributes.SERVER_RANK.info(0),
                Attributes.SERVER_TOOL_SUPPORT.info(true),
                Attributes.SERVER_TMPDIR.info(sessionDir().toString()));
        server = PmixServer.start(new RuntimeHost(this), init, env);
        events = new JobEvents(server, io.err());
    }

    PmixServer server() {
        return server;
    }

    String hostname() {
        return hostname;
    }

    LaunchIo io() {
        return io;
    }

    /** A fresh namespace for a tool that connected without one. */
    synchronized String toolNamespace() {
        return base + "@tool." + (++toolCounter);
    }

    synchronized Job job(String nspace) {
        return jobs.get(nspace);
    }

    synchronized List<Job> jobs() {
        return List.copyOf(jobs.values());
    }

    /** The process of a job, or {@code null}. */
    LaunchedProcess process(Proc p) {
        Job j = job(p.nspace());
        return j == null ? null : j.process(p.rank());
    }

    /**
     * Starts a job: places, registers and forks its processes. {@code parent} is the process that spawned
     * it ({@code null} for the user's job). Blocks until every process is started; never call on the
     * server's loop.
     */
    Job launch(List<AppContext> apps, List<Info> directives, Proc parent) {
        String nspace;
        int busy;
        synchronized (this) {
            if (interrupted) {
                throw new LaunchException("the launcher is stopping; no new job is started", 1);
            }
            nspace = base + "@" + (++jobCounter);
            busy = runningProcesses();
            active++;
        }
        try {
            Placement placement = Placement.onThisNode(apps, slots, busy, oversubscribe(directives));
            Job job = new Job(nspace, apps, placement, parent, directives);
            synchronized (this) {
                jobs.put(nspace, job);
            }
            List<String> wdirs = new ArrayList<>();
            for (AppContext app : apps) {
                wdirs.add(app.wdir() != null ? app.wdir() : Path.of("").toAbsolutePath().toString());
            }
            server.registerNspace(nspace, placement.size(),
                    JobRegistration.build(nspace, hostname, apps, placement, wdirs, parent)).join();
            for (Placement.Slot s : placement.ranks()) {
                server.registerClient(new Proc(nspace, s.rank()), uid, gid).join();
            }
            for (Placement.Slot s : placement.ranks()) {
                LaunchedProcess p = fork(job, apps.get(s.appnum()), wdirs.get(s.appnum()), s);
                job.add(p);
                Thread.ofVirtual().name("wait-" + p.proc()).start(() -> watch(job, p));
            }
            job.ended().thenRun(() -> jobEnded(job));
            events.started(job);
            return job;
        } catch (RuntimeException e) {
            synchronized (this) {
                Job partial = jobs.get(nspace);
                if (partial == null || partial.processes().isEmpty()) {
                    jobs.remove(nspace);
                    active--;
                    notifyAll();
                }
                if (partial != null) {
                    partial.fail(1, "could not start the job: " + e.getMessage(), null,
                            PmixStatus.PMIX_ERR_JOB_FAILED_TO_LAUNCH);
                }
            }
            throw e;
        }
    }

    /** The launcher's choice, unless a spawn request's mapping policy says otherwise. */
    private boolean oversubscribe(List<Info> directives) {
        String mapby = Attributes.MAPBY.find(directives).orElse("").toUpperCase(java.util.Locale.ROOT);
        if (Attributes.NO_OVERSUBSCRIBE.find(directives).orElse(false) || mapby.contains("NOOVERSUBSCRIBE")) {
            return false;
        }
        return options.oversubscribe() || mapby.contains("OVERSUBSCRIBE");
    }

    private int runningProcesses() {
        int n = 0;
        for (Job j : jobs.values()) {
            for (LaunchedProcess p : j.processes()) {
                if (p.isAlive()) {
                    n++;
                }
            }
        }
        return n;
    }

    private LaunchedProcess fork(Job job, AppContext app, String wdir, Placement.Slot s) {
        Proc proc = new Proc(job.nspace(), s.rank());
        Map<String, String> childEnv = new HashMap<>();
        // an outer PMIx environment (pmix4j run inside mpirun …) must not leak into our children
        env.forEach((k, v) -> {
            if (!k.startsWith("PMIX_") || k.startsWith("PMIX_MCA_")) {
                childEnv.put(k, v);
            }
        });
        OpenMpi.recognise(childEnv);
        childEnv.putAll(app.env());
        childEnv.putAll(server.setupFork(proc));
        List<String> argv = new ArrayList<>(app.argv());
        argv.set(0, Launcher.resolve(argv.get(0), childEnv.get("PATH"), wdir));
        ProcessBuilder pb = new ProcessBuilder(argv).directory(new File(wdir));
        pb.environment().clear();
        pb.environment().putAll(childEnv);
        pb.redirectInput(job.parent() == null && s.rank() == 0 ? ProcessBuilder.Redirect.INHERIT
                : ProcessBuilder.Redirect.from(new File("/dev/null")));
        try {
            Process p = pb.start();
            Thread o = io.stdout().forward(p.getInputStream(), "stdout-" + proc);
            Thread e = io.stderr().forward(p.getErrorStream(), "stderr-" + proc);
            return new LaunchedProcess(proc, p, o, e);
        } catch (IOException ex) {
            throw new LaunchException("cannot start process rank " + s.rank() + ": " + String.join(" ", app.argv())
                    + ": " + ex.getMessage(), 127);
        }
    }

    /** Waits for a process and applies the launcher's rules to how it ended. */
    private void watch(Job job, LaunchedProcess p) {
        int status;
        try {
            status = p.waitFor();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return;
        }
        String how = null;
        int jobTerm = PmixStatus.PMIX_SUCCESS;
        if (status != 0) {
            how = "process rank " + p.proc().rank() + " (pid " + p.pid() + ") on node " + hostname + " "
                    + LaunchedProcess.describe(status);
            jobTerm = status > 128 && status < 128 + 65 ? PmixStatus.PMIX_ERR_JOB_ABORTED_BY_SIG
                    : PmixStatus.PMIX_ERR_JOB_NON_ZERO_TERM;
        } else if (p.connected() && !p.finalized()) {
            // PMIx_Init without PMIx_Finalize is an improper exit, as in PRRTE
            how = "process rank " + p.proc().rank() + " (pid " + p.pid() + ") on node " + hostname
                    + " exited without calling PMIx_Finalize";
            jobTerm = PmixStatus.PMIX_ERR_JOB_TERM_WO_SYNC;
            status = 1;
        }
        if (how != null && !job.stopping()) {
            report(job, how);
        }
        events.processEnded(p, p.exitStatus(), how != null);
        server.deregisterClient(p.proc());
        job.exited(p, status, how, jobTerm);
    }

    /** A process of {@code job} called abort. */
    void aborted(Proc requester, int status, String message) {
        Job job = job(requester.nspace());
        if (job == null) {
            return;
        }
        LaunchedProcess p = job.process(requester.rank());
        String why = "process rank " + requester.rank() + (p != null ? " (pid " + p.pid() + ")" : "")
                + " called abort with status " + status + (message == null || message.isEmpty() ? "" : ": " + message);
        if (job.fail(status, why, p, PmixStatus.PMIX_ERR_JOB_ABORTED)) {
            report(job, why);
        }
    }

    private void report(Job job, String why) {
        PrintStream err = io.err();
        synchronized (err) {
            err.println("pmix4j run: " + why + "; the job " + job.nspace() + " is being stopped.");
            err.flush();
        }
    }

    private void jobEnded(Job job) {
        events.ended(job);
        server.deregisterNspace(job.nspace()).exceptionally(e -> {
            LOG.debug("deregistering {}: {}", job.nspace(), e.toString());
            return null;
        });
        synchronized (this) {
            if (exitStatus == 0 && job.exitStatus() != 0) {
                exitStatus = job.exitStatus();
            }
            active--;
            notifyAll();
        }
    }

    /** Stops every job because the launcher was told to (a signal). */
    void interrupt(String signal, int number) {
        List<Job> all;
        synchronized (this) {
            if (!interrupted) {
                interrupted = true;
                if (exitStatus == 0) {
                    exitStatus = 128 + number;
                }
            }
            all = List.copyOf(jobs.values());
        }
        for (Job j : all) {
            j.stop(128 + number, "caught SIG" + signal);
        }
    }

    synchronized boolean interrupted() {
        return interrupted;
    }

    void killAll() {
        jobs().forEach(Job::killAll);
    }

    /** Waits until no job is running any more, spawned ones included; returns the launcher's status. */
    synchronized int awaitAll() throws InterruptedException {
        while (active > 0) {
            wait();
        }
        return exitStatus;
    }

    /** The server's session directory: {@code <tmp>/pmix4j.<host>.<uid>/run.<pid>}, removed at the end. */
    private Path sessionDir() {
        String tmp = null;
        for (String n : List.of("TMPDIR", "TEMP", "TMP")) {
            String v = env.get(n);
            if (v != null && !v.isEmpty()) {
                tmp = v;
                break;
            }
        }
        return Path.of(tmp == null ? "/tmp" : tmp, "pmix4j." + hostname + "." + Integer.toUnsignedString(uid),
                "run." + ProcessHandle.current().pid());
    }

    @Override
    public void close() {
        if (server != null) {
            server.close();
        }
    }
}
