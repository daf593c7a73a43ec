package org.pmix4j.runtime.frontend;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.Proc;
import org.pmix4j.client.tool.PmixTool;
import org.pmix4j.runtime.LaunchException;

/**
 * {@code pmix4j term}: asks a DVM to terminate (PMIx_Job_control with PMIX_JOB_CTRL_TERMINATE of the DVM's
 * own namespace) and waits until its process is gone, so that when term returns the DVM's jobs are stopped
 * and its files removed.
 */
public final class Term {
    /** How long the DVM may take to stop its jobs and end. */
    private static final long WAIT_MS = 30_000;

    private final Map<String, String> env;

    public Term(Map<String, String> env) {
        this.env = env;
    }

    /** Returns 0 once the DVM has ended. */
    public int run(DvmLocator where) {
        PmixTool tool = where.connect(env, "the DVM");
        Proc dvm = tool.server().orElseThrow(() -> new LaunchException("connected, but to no server", 1));
        java.util.concurrent.CompletableFuture<Void> gone = org.pmix4j.runtime.ConnectionLoss.watch(tool).future();
        try {
            try {
                tool.jobControl(List.of(Proc.wildcard(dvm.nspace())), List.of(Attributes.JOB_CTRL_TERMINATE.info(true)));
            } catch (PmixException e) {
                // a DVM with nothing to stop may close its connections before its answer leaves
                if (e.status() != org.pmix4j.api.PmixStatus.PMIX_ERR_LOST_CONNECTION) {
                    throw e;
                }
            }
            // the DVM closes its server last, after its jobs ended: then its connections close
            gone.get(WAIT_MS, java.util.concurrent.TimeUnit.MILLISECONDS);
            Optional<ProcessHandle> process = dvmProcess(dvm);
            if (process.isPresent()) {
                awaitEnd(process.get());
            }
        } catch (PmixException e) {
            throw new LaunchException("the DVM " + dvm.nspace() + " refused to terminate: " + e.getMessage(), 1);
        } catch (java.util.concurrent.TimeoutException e) {
            throw new LaunchException("the DVM " + dvm.nspace() + " did not end within " + WAIT_MS / 1000 + " s", 1);
        } catch (java.util.concurrent.ExecutionException e) {
            // it is gone
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 130;
        } finally {
            tool.close();
        }
        return 0;
    }

    /**
     * Waits until {@code process} has ended, a zombie included ({@link org.pmix4j.runtime.ProcessStates#ended}),
     * looking every few milliseconds: a daemonized DVM's parent is the node's init, which reaps it when it will
     * (this machine's, 1.5-1.8 s later; a container's that never reaps would have kept term waiting its whole
     * limit).
     */
    private static void awaitEnd(ProcessHandle process) throws InterruptedException,
            java.util.concurrent.TimeoutException {
        long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.MILLISECONDS.toNanos(WAIT_MS);
        while (!org.pmix4j.runtime.ProcessStates.ended(process)) {
            if (System.nanoTime() > deadline) {
                throw new java.util.concurrent.TimeoutException();
            }
            Thread.sleep(5);
        }
    }

    /** The DVM's process: its namespace is {@code pmix4j-<host>-<pid>@0} (our runtime's naming). */
    private static Optional<ProcessHandle> dvmProcess(Proc dvm) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("-(\\d+)@0$").matcher(dvm.nspace());
        return m.find() ? ProcessHandle.of(Long.parseLong(m.group(1))) : Optional.empty();
    }
}
