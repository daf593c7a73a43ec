package org.pmix4j.runtime;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.Consumer;
import org.pmix4j.api.IofChannel;
import org.pmix4j.api.Proc;
import org.pmix4j.server.PmixServer;

/**
 * Where the runtime's own messages go. A message about a job that a tool launched with its output forwarded
 * goes to that tool, as the job's diagnostic output (channel STDDIAG from the job's namespace, rank WILDCARD):
 * the user sees it where the job's output is, at {@code pmix4j prun} or the libpmix tool, and the DVM's
 * terminal (usually nobody's) does not get it. Every other message goes to the runtime's stderr, prefixed
 * with the runtime's name and never in the middle of a process's line.
 */
final class RuntimeMessages {
    private final String name;
    private final Consumer<String> stderr;
    private final Consumer<String> stdout;
    private volatile PmixServer server;

    /** @param name "pmix4j run" or "pmix4j dvm"; @param stderr writes one whole line to the runtime's stderr */
    RuntimeMessages(String name, Consumer<String> stderr) {
        this(name, stderr, stderr);
    }

    /** @param stdout writes whole lines to the runtime's stdout (JSON reports) */
    RuntimeMessages(String name, Consumer<String> stderr, Consumer<String> stdout) {
        this.name = name;
        this.stderr = stderr;
        this.stdout = stdout;
    }

    /** The server that carries messages to tools; until it is given, every message goes to stderr. */
    void deliverThrough(PmixServer server) {
        this.server = server;
    }

    /** The runtime's name, as its messages begin. */
    String name() {
        return name;
    }

    /** A message of the runtime's own (not about one job). */
    void say(String text) {
        stderr.accept(name + ": " + text);
    }

    /** A message about {@code job}: to the tool that launched it when that tool takes its diagnostics. */
    void aboutJob(Job job, String text) {
        PmixServer s = server;
        if (s != null && toTool(job)) {
            s.iofDeliver(Proc.wildcard(job.nspace()), IofChannel.STDDIAG, line(text), List.of());
        } else {
            say(text);
        }
    }

    /**
     * A report for scripts about {@code job} (one JSON line, --json): where the job's output goes, to the
     * tool that takes its stdout, else to the runtime's stdout.
     */
    void reportAboutJob(Job job, String line) {
        String text = line.endsWith("\n") ? line : line + "\n";
        PmixServer s = server;
        if (s != null && job.launchedByTool() && (job.forwardedChannels() & IofChannel.STDOUT) != 0) {
            s.iofDeliver(Proc.wildcard(job.nspace()), IofChannel.STDOUT, text.getBytes(StandardCharsets.UTF_8),
                    List.of());
        } else {
            stdout.accept(text);
        }
    }

    /** A message for one tool only (why its request was refused), on its diagnostic channel; also ours. */
    void toTool(Proc tool, String text) {
        PmixServer s = server;
        if (s != null) {
            s.iofDeliverTo(tool, IofChannel.STDDIAG, line(text));
        }
        say(text);
    }

    /** A message as a tool gets it: one whole line, with the runtime's name. */
    private byte[] line(String text) {
        return (name + ": " + text + (text.endsWith("\n") ? "" : "\n")).getBytes(StandardCharsets.UTF_8);
    }

    private static boolean toTool(Job job) {
        return job.launchedByTool() && (job.forwardedChannels() & IofChannel.STDDIAG) != 0;
    }
}
