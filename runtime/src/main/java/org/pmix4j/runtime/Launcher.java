package org.pmix4j.runtime;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Info;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.Proc;
import org.pmix4j.server.PmixServer;
import org.pmix4j.server.ServerConfig;

/**
 * {@code pmix4j run}: starts a PMIx server in this process, registers the job, forks its processes with
 * the server's environment, forwards their output, and ends with the job's exit status; the server's
 * session directories and rendezvous files are removed whatever happens.
 */
public final class Launcher {
    private final OutputStream out;
    private final OutputStream errStream;
    private final PrintStream err;
    private final Map<String, String> env;

    /** A launcher writing to this process's stdout and stderr, with its environment. */
    public Launcher() {
        this(new java.io.FileOutputStream(java.io.FileDescriptor.out), new java.io.FileOutputStream(java.io.FileDescriptor.err),
                System.getenv());
    }

    public Launcher(OutputStream out, OutputStream err, Map<String, String> env) {
        this.out = out;
        this.errStream = err;
        this.err = new PrintStream(err, true);
        this.env = env;
    }

    /** Options of a run beyond the applications. */
    public record Options(boolean oversubscribe) {
        public static final Options DEFAULTS = new Options(false);
    }

    /** Runs the job and returns the exit status the launcher should leave with. */
    public int run(List<AppContext> apps, Options options) {
        String host = ServerConfig.localHostname();
        long pid = ProcessHandle.current().pid();
        String base = "pmix4j-" + host + "-" + pid;
        String nspace = base + "@1";
        Placement placement = Placement.onThisNode(apps, Runtime.getRuntime().availableProcessors(),
                options.oversubscribe());
        Job job = new Job(nspace, host, err);
        List<Info> init = List.of(
                Attributes.SERVER_NSPACE.info(base + "@0"),
                Attributes.SERVER_RANK.info(0),
                Attributes.SERVER_TOOL_SUPPORT.info(true),
                Attributes.SERVER_TMPDIR.info(sessionDir(host, pid).toString()));
        Signals signals = Signals.install(job);
        try (PmixServer server = PmixServer.start(new RuntimeHost(job), init, env)) {
            List<String> wdirs = new ArrayList<>();
            for (AppContext app : apps) {
                wdirs.add(app.wdir() != null ? app.wdir() : Path.of("").toAbsolutePath().toString());
            }
            server.registerNspace(nspace, placement.size(), JobRegistration.build(nspace, host, apps, placement, wdirs))
                    .join();
            int uid = (int) new com.sun.security.auth.module.UnixSystem().getUid();
            int gid = (int) new com.sun.security.auth.module.UnixSystem().getGid();
            for (Placement.Slot s : placement.ranks()) {
                server.registerClient(new Proc(nspace, s.rank()), uid, gid).join();
            }
            OutputForwarder stdout = new OutputForwarder(out);
            OutputForwarder stderr = new OutputForwarder(errStream);
            for (Placement.Slot s : placement.ranks()) {
                if (signals.interrupted()) {
                    break;
                }
                job.add(start(server, job, apps.get(s.appnum()), wdirs.get(s.appnum()), s, stdout, stderr));
            }
            job.watch();
            job.awaitEnd();
            return job.exitStatus();
        } catch (LaunchException e) {
            job.terminateAll();
            throw e;
        } catch (PmixException e) {
            job.terminateAll();
            throw new LaunchException(e.getMessage(), 1);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            job.killAll();
            return 130;
        } finally {
            signals.uninstall();
        }
    }

    private LaunchedProcess start(PmixServer server, Job job, AppContext app, String wdir, Placement.Slot s,
            OutputForwarder stdout, OutputForwarder stderr) {
        Proc proc = new Proc(job.nspace(), s.rank());
        Map<String, String> childEnv = new HashMap<>();
        // an outer PMIx environment (pmix4j run inside mpirun …) must not leak into our children
        env.forEach((k, v) -> {
            if (!k.startsWith("PMIX_") || k.startsWith("PMIX_MCA_")) {
                childEnv.put(k, v);
            }
        });
        childEnv.putAll(app.env());
        childEnv.putAll(server.setupFork(proc));
        List<String> argv = new ArrayList<>(app.argv());
        argv.set(0, resolve(argv.get(0), childEnv.get("PATH"), wdir));
        ProcessBuilder pb = new ProcessBuilder(argv).directory(new File(wdir));
        pb.environment().clear();
        pb.environment().putAll(childEnv);
        pb.redirectInput(s.rank() == 0 ? ProcessBuilder.Redirect.INHERIT : ProcessBuilder.Redirect.from(new File("/dev/null")));
        try {
            Process p = pb.start();
            Thread o = stdout.forward(p.getInputStream(), "stdout-" + s.rank());
            Thread e = stderr.forward(p.getErrorStream(), "stderr-" + s.rank());
            return new LaunchedProcess(proc, p, o, e);
        } catch (IOException ex) {
            throw new LaunchException("cannot start process rank " + s.rank() + ": " + String.join(" ", app.argv())
                    + ": " + ex.getMessage(), 127);
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

    /** The server's session directory: {@code <tmp>/pmix4j.<host>.<uid>/run.<pid>}, removed at the end. */
    private Path sessionDir(String host, long pid) {
        String tmp = firstSet("TMPDIR", "TEMP", "TMP");
        long uid = new com.sun.security.auth.module.UnixSystem().getUid();
        return Path.of(tmp == null ? "/tmp" : tmp, "pmix4j." + host + "." + uid, "run." + pid);
    }

    private String firstSet(String... names) {
        for (String n : names) {
            String v = env.get(n);
            if (v != null && !v.isEmpty()) {
                return v;
            }
        }
        return null;
    }

}
