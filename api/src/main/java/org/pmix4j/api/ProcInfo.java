package org.pmix4j.api;

import java.util.Objects;

/**
 * PMIX_PROC_INFO: one row of a process table: the process, where it runs, what it runs, its pid and
 * state. (The C struct also has an exit code, but the 4.2 wire never carries it.)
 *
 * @param proc       the process
 * @param hostname   the node it runs on
 * @param executable the program it runs
 * @param pid        its pid on that node
 * @param state      its state
 */
public record ProcInfo(Proc proc, String hostname, String executable, int pid, ProcState state) implements Value {
    /** Checks the process and state are there. */
    public ProcInfo {
        Objects.requireNonNull(proc, "proc");
        Objects.requireNonNull(state, "state");
    }

    @Override
    public DataType type() {
        return DataType.PROC_INFO;
    }
}
