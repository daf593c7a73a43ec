package org.pmix4j.runtime.frontend;

import java.io.IOException;
import java.io.PrintStream;
import java.util.List;
import org.pmix4j.api.ProcInfo;
import org.pmix4j.client.tool.PmixTool;
import org.pmix4j.server.ServerConfig;

/**
 * What {@code pmix4j debug launch} does once its job is paused and ready for a debugger: prints the job's
 * process table (rank, pid, host, state, executable: what a debugger attaches by), runs the debugger on one
 * rank when asked ({@code --attach RANK}; {@code gdb -p {pid}} unless {@code --debugger} says otherwise), and
 * when the debugger has exited releases the job (PMIX_DEBUGGER_RELEASE). Without {@code --attach} the job
 * stays paused until someone releases it ({@code pmix4j debug release NSPACE}).
 */
public final class DebugAttach implements Prun.DebugSession {
    /** The debugger's command line (run by /bin/sh); {@code {pid}} stands for the process to attach to. */
    public static final String GDB = "gdb -p {pid}";

    private final Integer rank;
    private final String debugger;
    private final PrintStream err;

    /**
     * @param rank     the rank to attach the debugger to, or {@code null} to leave the job paused
     * @param debugger the debugger's command line for /bin/sh, {@code {pid}} replaced by the process's pid
     */
    public DebugAttach(Integer rank, String debugger, PrintStream err) {
        this.rank = rank;
        this.debugger = debugger;
        this.err = err;
    }

    @Override
    public void ready(PmixTool tool, String nspace) {
        List<ProcInfo> table = JobListing.processTable(tool, nspace);
        // the table in one write: the DVM's own messages, forwarded to the same stderr, must not land inside it
        StringBuilder text = new StringBuilder("pmix4j debug: job " + nspace + " is paused; its processes:\n");
        ProcInfo target = null;
        for (ProcInfo p : table) {
            text.append(String.format("  rank %d pid %d host %s state %s %s%n", p.proc().rank(), p.pid(),
                    p.hostname(), p.state(), p.executable()));
            if (rank != null && p.proc().rank() == rank) {
                target = p;
            }
        }
        synchronized (err) {
            err.print(text);
            err.flush();
        }
        if (rank == null) {
            err.println("pmix4j debug: attach a debugger to any of them; release the job with: pmix4j debug release "
                    + nspace);
            err.flush();
            return;
        }
        if (target == null) {
            err.println("pmix4j debug: job " + nspace + " has no rank " + rank + "; releasing it");
        } else if (!target.hostname().equals(ServerConfig.localHostname())) {
            err.println("pmix4j debug: rank " + rank + " runs on " + target.hostname() + ", not here; attach there"
                    + " (pid " + target.pid() + ") and release with: pmix4j debug release " + nspace);
            err.flush();
            return;
        } else {
            runDebugger(target.pid());
        }
        DebugRelease.send(tool, nspace);
        err.println("pmix4j debug: released job " + nspace);
        err.flush();
    }

    private void runDebugger(long pid) {
        String line = debugger.replace("{pid}", Long.toString(pid));
        List<String> argv = List.of("/bin/sh", "-c", line);
        err.println("pmix4j debug: " + line);
        err.flush();
        try {
            Process p = new ProcessBuilder(argv).inheritIO().start();
            int st = p.waitFor();
            err.println("pmix4j debug: the debugger exited with status " + st);
        } catch (IOException e) {
            err.println("pmix4j debug: cannot start the debugger " + argv + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
