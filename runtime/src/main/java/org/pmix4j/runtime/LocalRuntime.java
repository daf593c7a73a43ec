package org.pmix4j.runtime;

import java.io.OutputStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Info;
import org.pmix4j.api.Proc;
import org.pmix4j.runtime.data.DataServer;
import org.pmix4j.runtime.iof.IoForwarder;
import org.pmix4j.runtime.iof.StdinRouter;
import org.pmix4j.server.PmixServer;
import org.pmix4j.server.ServerConfig;

/**
 * The runtime behind {@code pmix4j run} on this node, put together: one PMIx server embedded in this
 * process and the jobs it runs, the one the user asked for and any its processes spawn. It builds the
 * parts, wires each to the collaborators it needs, and closes them at the end; the parts do the work:
 * <pre>
 *   {@link JobTable}            the jobs and their names ({@code pmix4j-<host>-<pid>@N})
 *   {@link JobStarter}          place ({@link JobPlacer}), register, start, hand over
 *   {@link ProcessLauncher}     fork here ({@link LocalProcessLauncher}), report each end
 *   {@link JobSupervisor}       the launcher's rules on each end ({@link ExitClassifier}), events, cleanup
 *   {@link RuntimeHost}         the server's upcalls
 *   {@link RunControl}          stop, kill or signal every job; the time limit
 *   {@link RunOutcome}          the jobs still running and the launcher's exit status
 * </pre>
 */
final class LocalRuntime implements AutoCloseable {
    private final RunPlan plan;
    private final Map<String, String> env;
    private final OutputStream out;
    private final String hostname = ServerConfig.localHostname();
    private final String base = "pmix4j-" + hostname + "-" + ProcessHandle.current().pid();
    private final IoForwarder iof;
    private final Consumer<String> messages;
    private final JobTable jobs = new JobTable(base);
    private final RunOutcome outcome = new RunOutcome();
    private final RunControl control;
    private final DataServer data;
    private final ExitClassifier classifier = new ExitClassifier(hostname);
    private PmixServer server;
    private JobStarter starter;
    private StdinRouter stdin;

    LocalRuntime(RunPlan plan, OutputStream out, OutputStream err, Map<String, String> env) {
        this.plan = plan;
        this.env = env;
        this.out = out;
        this.iof = new IoForwarder(plan.output, out, err, hostname);
        // a launcher message on stderr, never in the middle of a process's line
        this.messages = iof::launcherMessage;
        this.control = new RunControl(jobs, outcome, messages, hostname);
        // every job of this launcher is on this node and in one session
        this.data = new DataServer(new Proc(base + "@0", 0));
    }

    /** Stopping, killing and signalling the jobs (for the launcher's signal handlers). */
    RunControl control() {
        return control;
    }

    /** Writes a launcher message to stderr, never in the middle of a process's line. */
    Consumer<String> messages() {
        return messages;
    }

    /** Starts the embedded server and connects output forwarding to it (PMIx tools can pull output). */
    void start() {
        List<Info> init = List.of(
                Attributes.SERVER_NSPACE.info(base + "@0"),
                Attributes.SERVER_RANK.info(0),
                Attributes.SERVER_TOOL_SUPPORT.info(true),
                Attributes.SERVER_TMPDIR.info(sessionDir().toString()));
        RuntimeHost host = new RuntimeHost(jobs, new RuntimeQueries(jobs, hostname), new RuntimeLog(messages, out),
                data, new JobControl(jobs), classifier, messages);
        server = PmixServer.start(host, init, env);
        HostAttributes.registerAll(server);
        server.onClientLost(proc -> {
            LaunchedProcess p = jobs.process(proc);
            if (p != null) {
                p.markConnectionLost(System.nanoTime());
            }
        });
        JobEvents events = new JobEvents(server, messages);
        iof.addListener(new ToolOutput(server));
        iof.start();
        JobSupervisor supervisor = new JobSupervisor(classifier, events, data, server, outcome, messages, hostname);
        ProcessLauncher launcher = new LocalProcessLauncher(env, plan.childEnvironment(), plan.binder, iof,
                server::setupFork, supervisor);
        starter = new JobStarter(plan, jobs, new JobPlacer(plan, hostname), server, launcher, events, supervisor,
                outcome, out, messages, hostname);
        // the server needed the host to start, the starter needs the server: spawns are served from here on
        // (none can come earlier: no client runs before the user's job is started below)
        host.serveSpawns(starter::startSpawned);
    }

    /** The user's job: the applications of the command line, with the launcher's stdin and time limit. */
    Job launchUserJob(List<AppContext> apps) {
        stdin = StdinRouter.ofLauncherStdin();
        Job job = starter.startUserJob(apps, stdin);
        stdin.start();
        if (plan.options.timeoutSeconds() != null) {
            control.limitTime(plan.options.timeoutSeconds(), plan.options.reportStateOnTimeout());
        }
        return job;
    }

    /** Waits until no job is running any more, spawned ones included; returns the launcher's status. */
    int awaitAll() throws InterruptedException {
        outcome.awaitNoJobRunning();
        iof.awaitAll(10, TimeUnit.SECONDS);
        return outcome.exitStatus();
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
        int uid = (int) new com.sun.security.auth.module.UnixSystem().getUid();
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
