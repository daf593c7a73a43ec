package org.pmix4j.runtime;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.pmix4j.api.PmixException;
import org.pmix4j.runtime.placement.DisplayDirectives;

/**
 * {@code pmix4j run}: starts the runtime (a PMIx server in this process), runs the user's job and any jobs
 * it spawns, and returns the exit status the launcher should leave with: the first failure's (the failing
 * process's exit status, 128+N for a death by signal N, the status given to abort), 128+N when the launcher
 * itself was stopped by signal N, else 0. The server's session directories and rendezvous files are gone
 * when it returns.
 */
public final class Launcher {
    /** The exit status of a run stopped because --timeout expired (GNU timeout's convention). */
    public static final int TIMEOUT_STATUS = 124;

    private final OutputStream out;
    private final OutputStream err;
    private final Map<String, String> env;

    /** A launcher writing to this process's stdout and stderr, with its environment. */
    public Launcher() {
        this(new FileOutputStream(FileDescriptor.out), new FileOutputStream(FileDescriptor.err), System.getenv());
    }

    public Launcher(OutputStream out, OutputStream err, Map<String, String> env) {
        this.out = out;
        this.err = err;
        this.env = env;
    }

    /**
     * Options of a run beyond the applications, as the user typed them; {@link #run} checks them and
     * refuses a bad one with an IllegalArgumentException naming it.
     *
     * @param mapBy          --map-by, or null for the default
     * @param rankBy         --rank-by, or null
     * @param bindTo         --bind-to, or null
     * @param hosts          --host values
     * @param hostfile       --hostfile, or null
     * @param output         --output values (combinable)
     * @param streamBuffering --stream-buffering, or null
     * @param stdin          --stdin (all, none or a rank), or null for rank 0
     * @param timeoutSeconds --timeout, or null
     * @param display        --display values (map, bind)
     * @param launchAgent    --launch-agent (what starts daemons on other nodes), or null for ssh
     * @param json           --json: the reports (map, bindings, failure) as JSON lines on stdout
     * @param treeRadix      --tree-radix (how many daemons each daemon starts), or null for the default
     * @param daemonCommand  the command that runs {@code pmix4j daemon} (the same path on every node); empty
     *                       when this launcher cannot start daemons
     * @param forwardSignals --forward-signals: the signals passed on to every process
     */
    public record Options(boolean oversubscribe, boolean noOversubscribe, String mapBy, String rankBy, String bindTo,
            List<String> hosts, String hostfile, List<String> output, String streamBuffering, String stdin,
            Integer timeoutSeconds, boolean reportStateOnTimeout, boolean reportBindings, List<String> display,
            String launchAgent, Integer treeRadix, List<String> daemonCommand, JobPause pause,
            ForwardedSignals forwardSignals, boolean json) {
        public Options {
            forwardSignals = forwardSignals == null ? ForwardedSignals.DEFAULT : forwardSignals;
            pause = pause == null ? JobPause.NONE : pause;
            daemonCommand = List.copyOf(daemonCommand);
            hosts = List.copyOf(hosts);
            output = List.copyOf(output);
            display = List.copyOf(display);
        }

        // The readings below are shared by the launcher (RunPlan) and the DVM's front end (SubmitRequest),
        // so that a bad value fails the same way, with the same message, whichever runs the job.

        /** --oversubscribe (true), --nooversubscribe (false), neither (null); both is an error. */
        public Boolean oversubscription() {
            if (oversubscribe && noOversubscribe) {
                throw new IllegalArgumentException("--oversubscribe and --nooversubscribe contradict each other");
            }
            return oversubscribe ? Boolean.TRUE : noOversubscribe ? Boolean.FALSE : null;
        }

        /** --timeout, checked to be positive; null when not given. */
        public Integer checkedTimeoutSeconds() {
            if (timeoutSeconds != null && timeoutSeconds <= 0) {
                throw new IllegalArgumentException("--timeout " + timeoutSeconds + ": the time limit must be a"
                        + " positive number of seconds");
            }
            return timeoutSeconds;
        }

        /** --display map. Every --display word is checked (PRRTE's directives: {@link DisplayDirectives}). */
        public boolean displaysMap() {
            return displayDirectives().map();
        }

        /** --display bind (or bindings), or --report-bindings. */
        public boolean displaysBindings() {
            return reportBindings || displayDirectives().bindings();
        }

        /** --display, read as prterun reads it. */
        public DisplayDirectives displayDirectives() {
            return DisplayDirectives.parse(display);
        }

        /** --stream-buffering (0, 1, 2), or null. */
        public Integer streamBufferingMode() {
            return streamBuffering == null ? null : org.pmix4j.runtime.iof.StreamBuffering.parse(streamBuffering);
        }

        /** How output is presented: --output, with what --stream-buffering implies. */
        public org.pmix4j.runtime.iof.OutputOptions outputOptions() {
            Integer mode = streamBufferingMode();
            org.pmix4j.runtime.iof.OutputOptions out = org.pmix4j.runtime.iof.OutputOptions.parse(output);
            return mode == null ? out : org.pmix4j.runtime.iof.StreamBuffering.apply(mode, out);
        }

        /** --stdin: a rank, all or none; when not given, rank 0 (none when the launcher's stdin is /dev/null). */
        public org.pmix4j.runtime.iof.StdinTarget stdinTarget() {
            return stdin == null
                    ? org.pmix4j.runtime.iof.StdinTarget.byDefault(org.pmix4j.runtime.iof.StdinTarget.ownStdinIsNull())
                    : org.pmix4j.runtime.iof.StdinTarget.parse(stdin);
        }

        /** Options built by name; what is not set is the launcher's default. */
        public static Builder builder() {
            return new Builder();
        }

        /** Sets options by name, so that no caller writes fourteen positional arguments. */
        public static final class Builder {
            private boolean oversubscribe;
            private boolean noOversubscribe;
            private String mapBy;
            private String rankBy;
            private String bindTo;
            private List<String> hosts = List.of();
            private String hostfile;
            private List<String> output = List.of();
            private String streamBuffering;
            private String stdin;
            private Integer timeoutSeconds;
            private boolean reportStateOnTimeout;
            private boolean reportBindings;
            private List<String> display = List.of();
            private String launchAgent;
            private Integer treeRadix;
            private List<String> daemonCommand = List.of();
            private JobPause pause = JobPause.NONE;
            private ForwardedSignals forwardSignals = ForwardedSignals.DEFAULT;
            private boolean json;

            private Builder() {
            }

            public Builder oversubscribe(boolean on) {
                oversubscribe = on;
                return this;
            }

            public Builder noOversubscribe(boolean on) {
                noOversubscribe = on;
                return this;
            }

            public Builder mapBy(String policy) {
                mapBy = policy;
                return this;
            }

            public Builder rankBy(String policy) {
                rankBy = policy;
                return this;
            }

            public Builder bindTo(String policy) {
                bindTo = policy;
                return this;
            }

            public Builder hosts(List<String> values) {
                hosts = values;
                return this;
            }

            public Builder hostfile(String path) {
                hostfile = path;
                return this;
            }

            public Builder output(List<String> directives) {
                output = directives;
                return this;
            }

            public Builder streamBuffering(String mode) {
                streamBuffering = mode;
                return this;
            }

            public Builder stdin(String target) {
                stdin = target;
                return this;
            }

            public Builder timeoutSeconds(Integer seconds) {
                timeoutSeconds = seconds;
                return this;
            }

            public Builder reportStateOnTimeout(boolean on) {
                reportStateOnTimeout = on;
                return this;
            }

            public Builder reportBindings(boolean on) {
                reportBindings = on;
                return this;
            }

            public Builder display(List<String> values) {
                display = values;
                return this;
            }

            public Builder launchAgent(String command) {
                launchAgent = command;
                return this;
            }

            public Builder treeRadix(Integer radix) {
                treeRadix = radix;
                return this;
            }

            public Builder daemonCommand(List<String> command) {
                daemonCommand = command;
                return this;
            }

            /** --stop-on-exec, --stop-in-init, --stop-in-app: where the job waits for a debugger. */
            public Builder pause(JobPause where) {
                pause = where;
                return this;
            }

            /** --forward-signals: what is passed on to every process. */
            public Builder forwardSignals(ForwardedSignals signals) {
                forwardSignals = signals;
                return this;
            }

            /** --json: the launcher's reports as JSON lines (docs/json.md). */
            public Builder json(boolean on) {
                json = on;
                return this;
            }

            public Options build() {
                return new Options(oversubscribe, noOversubscribe, mapBy, rankBy, bindTo, hosts, hostfile, output,
                        streamBuffering, stdin, timeoutSeconds, reportStateOnTimeout, reportBindings, display,
                        launchAgent, treeRadix, daemonCommand, pause, forwardSignals, json);
            }
        }
    }

    /** Runs the job and returns the exit status the launcher should leave with. */
    public int run(List<AppContext> apps, Options options) {
        String hostname = org.pmix4j.server.ServerConfig.localHostname();
        RunPlan plan = RunPlan.of(options, hostname);
        plan.stdin.checkAgainst(apps.stream().mapToInt(AppContext::np).sum());
        try (LocalRuntime runtime = new LocalRuntime(RuntimeSettings.launcher(env, hostname), plan, out, err, env)) {
            Signals signals = Signals.install(runtime.control(), runtime.messages(), options.forwardSignals());
            try {
                runtime.start();
                runtime.launchUserJob(apps);
                return runtime.awaitAll();
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

    /** argv[0] on the PATH the child will have, as execvp would find it. */
    static String resolve(String cmd, String path, String wdir) {
        if (cmd.contains("/")) {
            Path p = Path.of(cmd);
            Path abs = p.isAbsolute() ? p : Path.of(wdir).resolve(p);
            if (!Files.isExecutable(abs)) {
                throw new LaunchException("cannot run '" + cmd + "': " + (Files.exists(abs) ? "not executable" : "no such file")
                        + " (looked at " + abs + ")", 127);
            }
            return abs.toString();
        }
        for (String dir : (path == null ? "/usr/local/bin:/usr/bin:/bin" : path).split(":")) {
            Path candidate = Path.of(dir.isEmpty() ? "." : dir, cmd);
            if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                return candidate.toAbsolutePath().toString();
            }
        }
        throw new LaunchException("cannot run '" + cmd + "': not found on the PATH", 127);
    }
}
