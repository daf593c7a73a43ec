package org.pmix4j.runtime;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * What {@code --report-state-on-timeout} prints: each process of each job with its pid and its state as
 * the kernel reports it (running, sleeping, stopped …, from /proc/PID/stat), or how it ended.
 */
public final class ProcessStates {
    private ProcessStates() {
    }

    static String describe(List<Job> jobs) {
        StringBuilder sb = new StringBuilder();
        for (Job j : jobs) {
            sb.append("\n  job ").append(j.nspace()).append(':');
            for (LaunchedProcess p : j.processes()) {
                sb.append("\n    rank ").append(p.proc().rank()).append(" pid ").append(p.pid()).append(" on ")
                        .append(p.node()).append(": ");
                if (p.isAlive()) {
                    sb.append(p.kernelState()).append(p.finalized() ? ", finalized"
                            : p.connected() ? ", connected to PMIx" : ", not connected to PMIx");
                } else {
                    sb.append(LaunchedProcess.describe(p.exitStatus()));
                }
            }
        }
        return sb.toString();
    }

    /** The state letter of /proc/PID/stat in words. */
    public static String kernelState(long pid) {
        char st = stateLetter(pid);
        return switch (st) {
            case 'R' -> "running";
            case 'S' -> "sleeping";
            case 'D' -> "in uninterruptible wait";
            case 'T', 't' -> "stopped";
            case 'Z' -> "zombie";
            case 0 -> "state unknown";
            default -> "state " + st;
        };
    }

    /**
     * Whether {@code process} has ended: gone, or a zombie whose parent has yet to reap it (the JDK's
     * {@code isAlive()} and {@code onExit()} wait for the reaping, which an init process may do late or never).
     */
    public static boolean ended(ProcessHandle process) {
        return !process.isAlive() || stateLetter(process.pid()) == 'Z';
    }

    /** The state letter of /proc/PID/stat (after the command's closing parenthesis), 0 when unreadable. */
    private static char stateLetter(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            int close = stat.lastIndexOf(')');
            return close > 0 && close + 2 < stat.length() ? stat.charAt(close + 2) : '?';
        } catch (IOException e) {
            return 0;
        }
    }
}
