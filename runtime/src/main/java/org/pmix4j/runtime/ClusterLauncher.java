package org.pmix4j.runtime;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.pmix4j.runtime.placement.ProcPlacement;

/**
 * Starts a job across the nodes: the processes placed on this node (node 0) by the {@link LocalProcessLauncher},
 * the others through their daemons ({@link RemoteProcesses}), both at once. Every daemon hears of every job,
 * also one with nothing on its node, so that its server knows the job's data for the processes that meet
 * it (collectives, direct modex, spawn).
 */
final class ClusterLauncher implements ProcessLauncher {
    private final ProcessLauncher local;
    private final RemoteProcesses remote;

    ClusterLauncher(ProcessLauncher local, RemoteProcesses remote) {
        this.local = local;
        this.remote = remote;
    }

    @Override
    public void launch(Request r) {
        List<ProcPlacement> here = new ArrayList<>();
        List<ProcPlacement> there = new ArrayList<>();
        for (ProcPlacement p : r.procs()) {
            (p.node() == 0 ? here : there).add(p);
        }
        CompletableFuture<Void> remoteStart = CompletableFuture.runAsync(() -> remote.launch(with(r, there)),
                command -> Thread.ofVirtual().name("remote-launch").start(command));
        RuntimeException localFailure = null;
        if (!here.isEmpty()) {
            try {
                local.launch(with(r, here));
            } catch (RuntimeException e) {
                localFailure = e;
            }
        }
        try {
            remoteStart.join();
        } catch (CompletionException e) {
            if (localFailure == null) {
                throw e.getCause() instanceof RuntimeException re ? re : e;
            }
        }
        if (localFailure != null) {
            throw localFailure;
        }
    }

    private static Request with(Request r, List<ProcPlacement> procs) {
        return new Request(r.job(), procs, r.wdirs(), r.output(), r.printed(), r.stdin(), r.stdinRanks(),
                r.pushedStdin(), r.registration());
    }
}
