package org.pmix4j.runtime;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.OutputStream;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.pmix4j.api.PmixException;
import org.pmix4j.runtime.sched.SchedulerLink;
import org.pmix4j.server.ServerConfig;

/**
 * {@code pmix4j dvm}: a persistent runtime on this node. Its PMIx server is a tool server (tools find it by
 * pid, by namespace or by URI, through the rendezvous files under its session directory
 * {@code <tmp>/pmix4j.<host>.<uid>/dvm.<pid>}) and, with {@code --system-server}, the node's system server
 * and system controller ({@code <tmp>/pmix.sys.<host>}, at most one per node). It runs the jobs tools launch
 * into it (PMIx_Spawn: {@code pmix4j prun}, libpmix tools), many at once and one after another, each with
 * its own namespace, session directories and placement options, until a tool asks it to terminate
 * ({@code pmix4j term}: PMIx_Job_control TERMINATE of the DVM's own namespace) or it gets SIGTERM, SIGINT
 * or SIGHUP; then it stops every job and leaves nothing behind.
 */
public final class Dvm {
    /**
     * The DVM's own options ({@code pmix4j dvm ...}); each job's placement options come with the job.
     *
     * @param reportUri    --report-uri: "-" (stdout), "+" (stderr) or a file; or null
     * @param reportPid    --report-pid: likewise, for the DVM's pid; or null
     * @param systemServer --system-server
     * @param tmpdir       --tmpdir: the directory for the session directories, instead of TMPDIR; or null
     * @param hosts        --host values: other nodes get a daemon each
     * @param hostfile     --hostfile, or null
     * @param launchAgent  --launch-agent, or null for ssh
     * @param treeRadix    --tree-radix, or null
     * @param daemonCommand the command that runs {@code pmix4j daemon} on a node
     */
    public record Options(String reportUri, String reportPid, boolean systemServer, String tmpdir,
            List<String> hosts, String hostfile, String launchAgent, Integer treeRadix, List<String> daemonCommand) {
        public Options {
            hosts = List.copyOf(hosts);
            daemonCommand = List.copyOf(daemonCommand);
        }
    }

    /** What a started DVM tells whoever waits for it: how tools reach it. */
    public record Ready(long pid, String uri, String nspace, java.nio.file.Path sessionDir) {
    }

    private final OutputStream out;
    private final OutputStream err;
    private final Map<String, String> env;

    /** A DVM writing to this process's stdout and stderr, with its environment. */
    public Dvm() {
        this(new FileOutputStream(FileDescriptor.out), new FileOutputStream(FileDescriptor.err), System.getenv());
    }

    public Dvm(OutputStream out, OutputStream err, Map<String, String> env) {
        this.out = out;
        this.err = err;
        this.env = env;
    }

    /**
     * Runs the DVM until it is told to terminate; returns its exit status (0, or 128+N when stopped by signal
     * N). {@code ready} is told once tools can connect (its rendezvous files are written and reported).
     */
    public int run(Options options, java.util.function.Consumer<Ready> ready) {
        String hostname = ServerConfig.localHostname();
        RunPlan plan = RunPlan.of(Launcher.Options.builder().hosts(options.hosts()).hostfile(options.hostfile())
                .launchAgent(options.launchAgent()).treeRadix(options.treeRadix())
                .daemonCommand(options.daemonCommand()).build(), hostname);
        RuntimeSettings settings = RuntimeSettings.dvm(env, hostname, options.tmpdir(), options.systemServer(),
                options.reportUri());
        // the node's system controller attaches to the node's scheduler (docs/sessions.md); another DVM has none
        SchedulerLink scheduler = options.systemServer()
                ? new SchedulerLink(RuntimeDirectories.tmpOf(settings.sessionDir()), hostname) : null;
        try (scheduler; LocalRuntime runtime = scheduler == null ? new LocalRuntime(settings, plan, out, err, env)
                : new LocalRuntime(settings, plan, out, err, env, scheduler, scheduler)) {
            CompletableFuture<Integer> signalled = new CompletableFuture<>();
            Signals signals = Signals.installPersistent(signalled,
                    sig -> runtime.messages().say("caught " + sig + ", stopping every job and terminating"));
            try {
                runtime.start();
                if (scheduler != null) {
                    scheduler.start();
                }
                ReportTarget.write("--report-pid", options.reportPid(), Long.toString(ProcessHandle.current().pid()),
                        out, err);
                ready.accept(new Ready(ProcessHandle.current().pid(), runtime.server().uri(),
                        runtime.server().self().nspace(), settings.sessionDir()));
                return runtime.serveUntilTerminated(signalled);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                runtime.control().killAll();
                return 130;
            } finally {
                signals.uninstall();
            }
        } catch (PmixException e) {
            throw new LaunchException(e.getMessage(), 1);
        }
    }
}
