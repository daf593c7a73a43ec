package org.pmix4j.server.security;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Whether a process descends from another, by the parent chain the kernel keeps (/proc/&lt;pid&gt;/stat).
 *
 * <p>A client is normally the very process its host started; with a fork/exec agent (PMIX_FORKEXEC_AGENT)
 * the host starts the agent and the agent forks the client, so that the client connects from a child of
 * the process the host named. The chain is read from the kernel, never from what the peer says, and walked
 * a bounded number of steps: a chain longer than that is taken for no descent.
 */
public final class ProcessLineage {
    /** How many parents are walked at most: an agent's child, or a shell's between, is a step or two away. */
    static final int MAX_STEPS = 16;

    private final Path proc;

    public ProcessLineage(Path proc) {
        this.proc = proc;
    }

    public static ProcessLineage forThisNode() {
        return new ProcessLineage(Path.of("/proc"));
    }

    /**
     * True when {@code pid} is {@code ancestor} or one of its descendants, as far as /proc says now; false
     * when the chain ends (pid 1 or 0, a process gone) or is longer than {@link #MAX_STEPS}.
     */
    public boolean isSelfOrDescendant(long pid, long ancestor) {
        if (pid <= 0 || ancestor <= 0) {
            return false;
        }
        long p = pid;
        for (int step = 0; step <= MAX_STEPS; step++) {
            if (p == ancestor) {
                return true;
            }
            if (p <= 1) {
                return false;
            }
            p = parentOf(p);
        }
        return false;
    }

    /**
     * The parent pid of {@code pid}, or -1 when it is gone. The fourth field of /proc/&lt;pid&gt;/stat,
     * read after the last ')': the command name before it is in parentheses and may hold spaces and ')'.
     */
    long parentOf(long pid) {
        String stat;
        try {
            stat = Files.readString(proc.resolve(Long.toString(pid)).resolve("stat"));
        } catch (IOException | RuntimeException e) {
            return -1;
        }
        int close = stat.lastIndexOf(')');
        if (close < 0) {
            return -1;
        }
        String[] fields = stat.substring(close + 1).trim().split("\\s+");
        if (fields.length < 2) {
            return -1;
        }
        try {
            return Long.parseLong(fields[1]);
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
