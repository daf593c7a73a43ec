package org.pmix4j.runtime.iof;

import java.util.Locale;

/**
 * {@code --stdin rank|all|none}: which processes of the user's job read the launcher's stdin. The default
 * is rank 0, as in PRRTE. Processes that are not targets get {@code /dev/null} as their stdin (PRRTE's
 * {@code prte_iof_base_setup_child} does the same), so they see end-of-file at once rather than a terminal
 * they share with the launcher.
 *
 * @param all   every process of the job
 * @param rank  the one process, when not {@code all}; -1 for none
 */
public record StdinTarget(boolean all, int rank) {
    public static final StdinTarget RANK_0 = new StdinTarget(false, 0);
    public static final StdinTarget ALL = new StdinTarget(true, -1);
    public static final StdinTarget NONE = new StdinTarget(false, -1);

    public StdinTarget {
        if (all && rank != -1) {
            throw new IllegalArgumentException("stdin for all processes names no single rank");
        }
        if (rank < -1) {
            throw new IllegalArgumentException("--stdin: rank " + rank + " is negative");
        }
    }

    /**
     * Parses the option's value: a rank (0, 1 ...), {@code all} or {@code none} (case-insensitive).
     *
     * @throws IllegalArgumentException naming the value otherwise
     */
    public static StdinTarget parse(String value) {
        String v = value == null ? "" : value.strip().toLowerCase(Locale.ROOT);
        switch (v) {
            case "all":
                return ALL;
            case "none":
                return NONE;
            default:
                if (!v.isEmpty() && v.chars().allMatch(c -> c >= '0' && c <= '9')) {
                    try {
                        return new StdinTarget(false, Integer.parseInt(v));
                    } catch (NumberFormatException e) {
                        // too large: reported below
                    }
                }
                throw new IllegalArgumentException("--stdin: '" + value
                        + "' is not valid; use a rank (0, 1, ...), 'all' or 'none'");
        }
    }

    /**
     * The target when {@code --stdin} was not given: rank 0, unless the launcher's own stdin is /dev/null
     * ({@code launcherStdinIsNull}). Then none: rank 0 gets /dev/null itself, which it reads as it would have
     * read the forwarded end of file, with no pipe to make and no end of file to carry (through the DVM, for
     * prun) when a script, a benchmark or a batch job launches.
     */
    public static StdinTarget byDefault(boolean launcherStdinIsNull) {
        return launcherStdinIsNull ? NONE : RANK_0;
    }

    /** Whether this process's stdin is /dev/null (the same file, by device and inode; false when unsure). */
    public static boolean ownStdinIsNull() {
        try {
            return java.nio.file.Files.isSameFile(java.nio.file.Path.of("/proc/self/fd/0"),
                    java.nio.file.Path.of("/dev/null"));
        } catch (java.io.IOException | RuntimeException e) {
            return false;
        }
    }

    /** Whether this rank's stdin is connected to the launcher's. */
    public boolean receives(int r) {
        return all || (rank >= 0 && r == rank);
    }

    /** No process reads the launcher's stdin: the launcher does not read it either. */
    public boolean none() {
        return !all && rank < 0;
    }

    /**
     * Checks the rank against the job. PRRTE silently sends stdin nowhere in that case; a clear error is
     * kinder.
     *
     * @throws IllegalArgumentException if the job has no such rank
     */
    public void checkAgainst(int jobSize) {
        if (!all && rank >= jobSize) {
            throw new IllegalArgumentException("--stdin " + rank + ": the job has only " + jobSize + " process"
                    + (jobSize == 1 ? " (rank 0)" : "es (ranks 0-" + (jobSize - 1) + ")"));
        }
    }

    @Override
    public String toString() {
        return all ? "all" : rank < 0 ? "none" : Integer.toString(rank);
    }
}
