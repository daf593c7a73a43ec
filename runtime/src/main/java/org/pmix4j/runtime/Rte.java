package org.pmix4j.runtime;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Info;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;
import org.pmix4j.runtime.data.DataServer;
import org.pmix4j.runtime.iof.IoForwarder;
import org.pmix4j.runtime.iof.OutputOptions;
import org.pmix4j.runtime.iof.ProcessOutput;
import org.pmix4j.runtime.iof.StdinRouter;
import org.pmix4j.runtime.placement.BindingPolicy;
import org.pmix4j.runtime.placement.JobMap;
import org.pmix4j.runtime.placement.Mapper;
import org.pmix4j.runtime.placement.MappingPolicy;
import org.pmix4j.runtime.placement.NodeUsage;
import org.pmix4j.runtime.placement.PlacementException;
import org.pmix4j.runtime.placement.PlacementReports;
import org.pmix4j.runtime.placement.PlacementRequest;
import org.pmix4j.runtime.placement.ProcPlacement;
import org.pmix4j.runtime.placement.RankingPolicy;
import org.pmix4j.server.PmixServer;
import org.pmix4j.server.ServerConfig;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The runtime environment behind {@code pmix4j run}: one PMIx server embedded in this process, and the jobs
 * it runs on this node — the one the user asked for and any its processes spawn. It numbers the jobs
 * ({@code pmix4j-<host>-<pid>@N}), places them ({@link Mapper}), registers them with the server, forks their
 * processes (bound with taskset where asked), forwards their IO, watches them end and applies the
 * launcher's rules to what it sees.
 */
final class Rte implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(Rte.class);

    private final RunPlan plan;
    private final Map<String, String> env;
    private final String hostname = ServerConfig.localHostname();
    private final String base = "pmix4j-" + hostname + "-" + ProcessHandle.current().pid();
    private final int uid = (int) new com.sun.security.auth.module.UnixSystem().getUid();
    private final int gid = (int) new com.sun.security.auth.module.UnixSystem().getGid();
    private final Map<String, Job> jobs = new LinkedHashMap<>();
    private final IoForwarder iof;
    private final OutputStream out;
    private final PrintStream err;
    private final DataServer dataServer;
    private StdinRouter stdin;
    private PmixServer server;
    private JobEvents events;
    private int jobCounter;
    private int toolCounter;
    private int nextNodeRank;
    private int active;
    private int exitStatus;
    private boolean interrupted;

    Rte(RunPlan plan, OutputStream out, OutputStream errStream, Map<String, String> env) {
        this.plan = plan;
        this.env = env;
        this.out = out;
        this.err = new PrintStream(errStream, true);
        this.iof = new IoForwarder(plan.output, out, errStream, hostname);
        // every job of this launcher is on this node and in one session
        this.dataServer = new DataServer(new Proc(base + "@0", 0));
    }

    DataServer dataServer() {
        return dataServer;
    }

    /** Starts the embedded server and connects output forwarding to it (PMIx tools can pull output). */
    void start() {
        List<Info> init = List.of(
                Attributes.SERVER_NSPACE.info(base + "@0"),
                Attributes.SERVER_RANK.info(0),
                Attributes.SERVER_TOOL_SUPPORT.info(true),
                Attributes.SERVER_TMPDIR.info(sessionDir().toString()));
        server = PmixServer.start(new RuntimeHost(this), init, env);
        HostAttributes.registerAll(server);
        server.onClientLost(proc -> {
            LaunchedProcess p = process(proc);
            if (p != null) {
                p.markConnectionLost(System.nanoTime());
            }
        });
        events = new JobEvents(server, this::message);
        iof.addListener(new ToolOutput(server));
        iof.start();
    }

    PmixServer server() {
        return server;
    }

    String hostname() {
        return hostname;
    }

    OutputStream stdoutStream() {
        return out;
    }

    PrintStream stderr() {
        return err;
    }

    /** A launcher message on stderr, never in the middle of a process's line. */
    void message(String text) {
        iof.launcherMessage(text);
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

    /** The user's job: the applications of the command line, with the launcher's stdin and time limit. */
    Job launchUserJob(List<AppContext> apps) {
        stdin = StdinRouter.ofLauncherStdin();
        Job job = launch(apps, List.of(), null);
        stdin.start();
        if (plan.options.timeoutSeconds() != null) {
            Thread.ofVirtual().name("timeout").start(() -> timeout(plan.options.timeoutSeconds()));
        }
        return job;
    }

    /**
     * Starts a job: places, registers and forks its processes. {@code parent} is the process that spawned
     * it ({@code null} for the user's job). Blocks until every process is started; never call on the
     * server's loop.
     */
    Job launch(List<AppContext> apps, List<Info> directives, Proc parent) {
        String nspace;
        JobMap map;
        synchronized (this) {
            if (interrupted) {
                throw new LaunchException("the launcher is stopping; no new job is started", 1);
            }
            map = place(apps, directives);
            nspace = base + "@" + (++jobCounter);
            nextNodeRank += map.size();
            active++;
        }
        Job job = new Job(nspace, apps, map, parent, directives);
        synchronized (this) {
            jobs.put(nspace, job);
        }
        try {
            List<String> wdirs = new ArrayList<>();
            for (AppContext app : apps) {
                wdirs.add(app.wdir() != null ? app.wdir() : Path.of("").toAbsolutePath().toString());
            }
            OutputOptions output = parent == null ? plan.output : plan.output.withDirectives(directives);
            List<Info> registration = JobRegistration.build(nspace, hostname, apps, map, wdirs, parent);
            registration.addAll(output.registrationInfos());
            server.registerNspace(nspace, map.size(), registration).join();
            for (ProcPlacement s : map.procs()) {
                server.registerClient(new Proc(nspace, s.rank()), uid, gid).join();
            }
            if (plan.displayMap()) {
                printStdout(PlacementReports.jobMap(nspace, hostname, map));
            }
            if (plan.reportBindings()) {
                PlacementReports.bindingLines(hostname, ProcessHandle.current().pid(), map).forEach(this::message);
            }
            for (ProcPlacement s : map.procs()) {
                LaunchedProcess p = fork(job, output, apps.get(s.appnum()), wdirs.get(s.appnum()), s);
                job.add(p);
                Thread.ofVirtual().name("wait-" + p.proc()).start(() -> watch(job, p));
            }
            // the start events go out before the end can be reported: a process that fails at once ends
            // the job on its watcher thread, and thenRun on an already ended job runs here, after them
            events.started(job);
            job.ended().thenRun(() -> jobEnded(job));
            return job;
        } catch (RuntimeException e) {
            boolean anyStarted = !job.processes().isEmpty();
            if (anyStarted) {
                job.fail(new Job.Failure(1, "could not start the job: " + e.getMessage(), null,
                        PmixStatus.PMIX_ERR_JOB_FAILED_TO_LAUNCH, System.nanoTime()));
                job.ended().thenRun(() -> jobEnded(job));
                job.abandonUnstarted();
            } else {
                synchronized (this) {
                    jobs.remove(nspace);
                    active--;
                    notifyAll();
                }
                server.deregisterNspace(nspace);
            }
            throw e;
        }
    }

    /** Places a job on this node, sharing it with the processes already running. */
    private JobMap place(List<AppContext> apps, List<Info> directives) {
        List<PlacementRequest.App> reqApps = new ArrayList<>();
        for (AppContext a : apps) {
            reqApps.add(new PlacementRequest.App(a.np(), a.argv().get(0)));
        }
        List<ProcPlacement> live = new ArrayList<>();
        for (Job j : jobs.values()) {
            for (LaunchedProcess p : j.processes()) {
                if (p.isAlive()) {
                    live.add(j.placement().proc(p.proc().rank()));
                }
            }
        }
        MappingPolicy mapping = Attributes.MAPBY.find(directives).map(MappingPolicy::parse).orElse(plan.mapping);
        RankingPolicy ranking = Attributes.RANKBY.find(directives).map(RankingPolicy::parse).orElse(plan.ranking);
        BindingPolicy binding = Attributes.BINDTO.find(directives).map(BindingPolicy::parse).orElse(plan.binding);
        PlacementRequest.Builder req = PlacementRequest.builder(plan.topology, reqApps)
                .mapping(mapping).binding(binding).usage(NodeUsage.of(live, nextNodeRank))
                .bindingSupport(plan.binder.support()).hostname(hostname);
        if (ranking != null) {
            req.ranking(ranking);
        }
        if (plan.hosts != null) {
            req.slots(plan.hosts.slots(PlacementRequest.defaultSlots(plan.topology)), "from " + plan.hosts.option())
                    .maxSlots(plan.hosts.maxSlots());
        }
        try {
            JobMap map = Mapper.map(req.build());
            map.notes().forEach(n -> LOG.info("placement: {}", n));
            return map;
        } catch (PlacementException e) {
            throw new LaunchException(e.getMessage(), 1);
        }
    }

    private LaunchedProcess fork(Job job, OutputOptions output, AppContext app, String wdir, ProcPlacement s) {
        Proc proc = new Proc(job.nspace(), s.rank());
        Map<String, String> childEnv = new HashMap<>();
        // an outer PMIx environment (pmix4j run inside mpirun …) must not leak into our children
        env.forEach((k, v) -> {
            if (!k.startsWith("PMIX_") || k.startsWith("PMIX_MCA_")) {
                childEnv.put(k, v);
            }
        });
        OpenMpi.recognise(childEnv, job.placement().oversubscribed());
        childEnv.putAll(plan.childEnvironment());
        childEnv.putAll(app.env());
        childEnv.putAll(server.setupFork(proc));
        List<String> argv = new ArrayList<>(plan.binder.bindCommandPrefix(s.cpus()));
        List<String> program = new ArrayList<>(app.argv());
        program.set(0, Launcher.resolve(program.get(0), childEnv.get("PATH"), wdir));
        argv.addAll(program);
        ProcessBuilder pb = new ProcessBuilder(argv).directory(new File(wdir));
        pb.environment().clear();
        pb.environment().putAll(childEnv);
        boolean stdinTarget = job.parent() == null && plan.stdin.receives(s.rank());
        pb.redirectInput(stdinTarget ? ProcessBuilder.Redirect.PIPE : ProcessBuilder.Redirect.from(new File("/dev/null")));
        try {
            Process p = pb.start();
            ProcessOutput po = iof.attach(proc, p.pid(), job.size(), output, p.getInputStream(), p.getErrorStream());
            if (stdinTarget) {
                stdin.addTarget(proc, p.getOutputStream());
            }
            return new LaunchedProcess(proc, p, po);
        } catch (IOException ex) {
            throw new LaunchException("cannot start process rank " + s.rank() + ": " + String.join(" ", app.argv())
                    + ": " + ex.getMessage(), 127);
        }
    }

    private void printStdout(String text) {
        synchronized (out) {
            try {
                out.write(text.getBytes(java.nio.charset.StandardCharsets.UTF_8));
                out.flush();
            } catch (IOException e) {
                LOG.debug("cannot print to stdout: {}", e.toString());
            }
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
        if (status != 0 && p.killedByCommand()) {
            how = "process rank " + p.proc().rank() + " (pid " + p.pid() + ") on node " + hostname
                    + " was killed by a job-control request (" + LaunchedProcess.describe(status) + ")";
            jobTerm = PmixStatus.PMIX_ERR_JOB_KILLED_BY_CMD;
        } else if (status != 0) {
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
        // record the failure before reporting it: of two ranks failing at once, the one named is the one
        // whose status the launcher exits with
        if (how != null) {
            p.recordFailure(how);
            job.fail(new Job.Failure(status, how, p, jobTerm, p.endNanos()));
        }
        events.processEnded(p, p.exitStatus());
        dataServer.processTerminated(p.proc());
        server.deregisterClient(p.proc());
        job.exited();
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
        job.fail(new Job.Failure(status, why, p, PmixStatus.PMIX_ERR_JOB_ABORTED, System.nanoTime()));
    }

    private void report(Job job, String why) {
        message("pmix4j run: " + why + "; the job " + job.nspace() + " was stopped.");
    }

    private void jobEnded(Job job) {
        Job.Failure first = job.firstFailure();
        if (first != null) {
            report(job, first.why());
            String summary = FailureSummary.of(job, hostname);
            if (summary != null) {
                message(summary);
            }
        }
        events.ended(job);
        dataServer.namespaceTerminated(job.nspace());
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

    /** --timeout: when the time is up, say so (with each process's state if asked) and stop every job. */
    private void timeout(int seconds) {
        try {
            Thread.sleep(TimeUnit.SECONDS.toMillis(seconds));
        } catch (InterruptedException e) {
            return;
        }
        synchronized (this) {
            if (active == 0 || interrupted) {
                return;
            }
        }
        StringBuilder sb = new StringBuilder("pmix4j run: the time limit for the job was reached (--timeout "
                + seconds + " seconds); stopping it.");
        if (plan.options.reportStateOnTimeout()) {
            sb.append(ProcessStates.describe(jobs(), hostname));
        }
        message(sb.toString());
        stopAll(Launcher.TIMEOUT_STATUS, "the time limit was reached");
    }

    /** Stops every job because the launcher was told to (a signal). */
    void interrupt(String signal, int number) {
        stopAll(128 + number, "caught SIG" + signal);
    }

    private void stopAll(int status, String why) {
        List<Job> all;
        synchronized (this) {
            if (!interrupted) {
                interrupted = true;
                if (exitStatus == 0) {
                    exitStatus = status;
                }
            }
            all = List.copyOf(jobs.values());
        }
        for (Job j : all) {
            j.stop(status, why);
        }
    }

    synchronized boolean interrupted() {
        return interrupted;
    }

    void killAll() {
        jobs().forEach(Job::killAll);
    }

    /** Sends a signal (by name) to every process of every running job and what they started. */
    void signalAll(String signal) {
        List<Long> pids = new ArrayList<>();
        for (Job j : jobs()) {
            for (LaunchedProcess p : j.processes()) {
                if (p.isAlive()) {
                    p.process().descendants().forEach(d -> pids.add(d.pid()));
                    pids.add(p.pid());
                }
            }
        }
        Kill.send(signal, pids);
    }

    /** Waits until no job is running any more, spawned ones included; returns the launcher's status. */
    int awaitAll() throws InterruptedException {
        synchronized (this) {
            while (active > 0) {
                wait();
            }
        }
        iof.awaitAll(10, TimeUnit.SECONDS);
        synchronized (this) {
            return exitStatus;
        }
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
        if (stdin != null) {
            stdin.close();
        }
        if (server != null) {
            server.close();
        }
        iof.close();
    }

}
