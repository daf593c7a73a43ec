package org.pmix4j.cli;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import org.pmix4j.runtime.Dvm;
import org.pmix4j.runtime.LaunchException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code pmix4j dvm}: a persistent runtime that tools launch jobs into, as PRRTE's prte. */
@Command(name = "dvm", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Start a persistent runtime (a DVM) on this node: a PMIx server that runs the jobs tools hand "
                + "it (pmix4j prun, pmix4j run --dvm, any PMIx tool calling PMIx_Spawn), many at once and one after "
                + "another, until pmix4j term (or SIGTERM/SIGINT/SIGHUP) stops it. Each job brings its own placement "
                + "and output options.",
            "",
            "Tools find it by pid, by namespace, by URI, or with --system-server as the node's system server."},
        footer = {"", "Examples:",
            "  pmix4j dvm --daemonize --report-pid -",
            "  pmix4j dvm --system-server --report-uri /tmp/dvm.uri &"})
final class DvmCommand implements Callable<Integer> {
    /** Set in the environment of a daemonized DVM: where it says it is ready. */
    static final String READY_FILE = "PMIX4J_DVM_READY_FILE";

    @Option(names = "--daemonize", description = "Detach and run in the background; return once the DVM is ready.")
    boolean daemonize;

    @Option(names = "--report-uri", paramLabel = "FILE|-|+",
            description = "Write the DVM's PMIx URI to FILE, stdout (-) or stderr (+).")
    String reportUri;

    @Option(names = "--report-pid", paramLabel = "FILE|-|+",
            description = "Write the DVM's process id to FILE, stdout (-) or stderr (+).")
    String reportPid;

    @Option(names = "--system-server", description = "Be the node's system server and system controller "
            + "(pmix.sys.<host>): at most one per node.")
    boolean systemServer;

    @Option(names = "--tmpdir", paramLabel = "DIR", description = "Where the session directory goes, instead of TMPDIR.")
    String tmpdir;

    @Option(names = {"-H", "--host"}, paramLabel = "HOST[:SLOTS],...", split = ",",
            description = "The DVM's hosts and slots (only this node for now).")
    List<String> hosts = new ArrayList<>();

    @Option(names = {"--hostfile", "--machinefile"}, paramLabel = "FILE", description = "Hosts file.")
    String hostfile;

    @Override
    public Integer call() {
        try {
            if (daemonize) {
                return daemonize();
            }
            Dvm.Options options = new Dvm.Options(reportUri, reportPid, systemServer, tmpdir, hosts, hostfile);
            String readyFile = System.getenv(READY_FILE);
            return new Dvm().run(options, ready -> {
                if (readyFile != null) {
                    writeReady(Path.of(readyFile), ready);
                }
            });
        } catch (LaunchException e) {
            return fail("pmix4j dvm: " + e.getMessage(), e.exitStatus());
        } catch (IllegalArgumentException e) {
            return fail("pmix4j dvm: " + e.getMessage(), 2);
        }
    }

    /** Says why the DVM could not start: on stderr, and to the waiting parent when daemonized. */
    private static int fail(String message, int status) {
        System.err.println(message);
        String readyFile = System.getenv(READY_FILE);
        if (readyFile != null) {
            try {
                Files.writeString(Path.of(readyFile + ".failed"), message + "\n", StandardCharsets.UTF_8);
            } catch (IOException e) {
                // the parent still sees the exit status
            }
        }
        return status;
    }

    private static void writeReady(Path file, Dvm.Ready ready) {
        try {
            Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
            Files.writeString(tmp, ready.pid() + "\n" + ready.uri() + "\n", StandardCharsets.UTF_8);
            Files.move(tmp, file, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new LaunchException("cannot say that the DVM is ready in " + file + ": " + e.getMessage(), 1);
        }
    }

    /**
     * Starts this same command again without --daemonize, in a new session (setsid) with no terminal and
     * its output discarded, and waits until it is ready (or says why it is not). "-" and "+" reports are
     * printed here, since the daemon has no stdout.
     */
    private int daemonize() {
        ProcessHandle.Info self = ProcessHandle.current().info();
        String java = self.command().orElseThrow(() -> new LaunchException("cannot find this JVM's command", 1));
        List<String> args = new ArrayList<>(List.of(self.arguments().orElseThrow(
                () -> new LaunchException("cannot read this JVM's arguments", 1))));
        args.removeIf(a -> a.equals("--daemonize"));
        List<String> cmd = new ArrayList<>(List.of("setsid", java));
        cmd.addAll(args);
        Path ready;
        try {
            ready = Files.createTempFile("pmix4j-dvm-ready", "");
            Files.delete(ready);
        } catch (IOException e) {
            throw new LaunchException("cannot make a temporary file: " + e.getMessage(), 1);
        }
        Path failed = Path.of(ready + ".failed");
        // a daemon has no terminal: what it would print goes nowhere, as with PRRTE's --daemonize
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.DISCARD);
        pb.environment().put(READY_FILE, ready.toString());
        try {
            Process p = pb.start();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (!Files.exists(ready)) {
                if (!p.isAlive()) {
                    String why = Files.exists(failed) ? Files.readString(failed, StandardCharsets.UTF_8).strip() : "";
                    System.err.println(why.isEmpty() ? "pmix4j dvm: the DVM ended at start with status " + p.exitValue()
                            : why);
                    return p.exitValue() == 0 ? 1 : p.exitValue();
                }
                if (System.nanoTime() > deadline) {
                    p.destroy();
                    throw new LaunchException("the DVM did not become ready within 60 s", 1);
                }
                Thread.sleep(20);
            }
            List<String> lines = Files.readAllLines(ready, StandardCharsets.UTF_8);
            report(reportPid, lines.get(0));
            report(reportUri, lines.get(1));
            return 0;
        } catch (IOException e) {
            throw new LaunchException("cannot start the DVM: " + e.getMessage(), 1);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 130;
        } finally {
            try {
                Files.deleteIfExists(ready);
                Files.deleteIfExists(failed);
            } catch (IOException e) {
                // temporary files; nothing depends on them any more
            }
        }
    }

    private static void report(String where, String text) {
        if ("-".equals(where)) {
            System.out.println(text);
        } else if ("+".equals(where)) {
            System.err.println(text);
        }
    }
}
