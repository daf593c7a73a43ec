package org.pmix4j.runtime;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.pmix4j.api.Proc;
import org.pmix4j.api.ProcStats;
import org.pmix4j.api.Value;

/**
 * One sample of a local process's resource use as a PMIX_PROC_STATS, read from Linux's
 * {@code /proc/PID/stat} (state, CPU time, priority, threads, sizes, last CPU) and
 * {@code /proc/PID/smaps_rollup} (PSS). CPU time is the process's own user and system time; a rate (the
 * percent a {@code top} shows) is the difference of two samples over their sample times.
 */
final class ProcessSampler {
    /** USER_HZ: the unit of /proc's times, 100 on every Linux ABI the JDK runs on. */
    private static final long TICKS_PER_SECOND = 100;
    private static final double MB = 1024.0 * 1024.0;
    private static final long PAGE = 4096;

    private ProcessSampler() {
    }

    /** The sample, or {@code null} when the process is gone or /proc cannot be read. */
    static ProcStats sample(Proc proc, long pid, String node, String cmd) {
        String stat;
        try {
            stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
        } catch (IOException | RuntimeException e) {
            return null;
        }
        long now = System.currentTimeMillis();
        // the command name is in parentheses and may hold spaces: fields are counted after its ')'
        int close = stat.lastIndexOf(')');
        if (close < 0) {
            return null;
        }
        String[] f = stat.substring(close + 2).trim().split(" ");
        if (f.length < 37) {
            return null;
        }
        // f[0] is field 3 of proc(5): state; utime 14, stime 15, priority 18, num_threads 20, vsize 23, rss 24,
        // processor 39
        char state = f[0].charAt(0);
        long ticks = Long.parseLong(f[11]) + Long.parseLong(f[12]);
        int priority = (int) Long.parseLong(f[15]);
        short threads = (short) Long.parseLong(f[17]);
        float vsize = (float) (Long.parseLong(f[20]) / MB);
        float rss = (float) (Long.parseLong(f[21]) * PAGE / MB);
        short processor = (short) Long.parseLong(f[36]);
        long micros = ticks * (1_000_000 / TICKS_PER_SECOND);
        return new ProcStats(node, proc, (int) pid, cmd, (byte) state,
                new Value.TimeVal(micros / 1_000_000, micros % 1_000_000), priority, threads, pss(pid), vsize, rss,
                processor, new Value.TimeVal(now / 1000, (now % 1000) * 1000));
    }

    /** Proportional set size in MB, or 0 when the kernel does not tell. */
    private static float pss(long pid) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "smaps_rollup"))) {
                if (line.startsWith("Pss:")) {
                    return (float) (Long.parseLong(line.replaceAll("[^0-9]", "")) / 1024.0);
                }
            }
        } catch (IOException | RuntimeException e) {
            // 0 then
        }
        return 0;
    }
}
