package org.pmix4j.server.fuzz;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Proc;
import org.pmix4j.server.PmixServer;
import org.pmix4j.testkit.Run;

/**
 * A real job on the server under attack: {@code size} libpmix clients (modex_client.c: init, put in every
 * scope, commit, fence collecting data, get each peer's keys, barrier, finalize), each in a namespace of
 * its own that is registered before and deregistered after.
 */
final class RealJob {
    private final PmixServer server;
    private final Path exe;
    private final int uid;
    private final int gid;

    RealJob(PmixServer server, Path exe, int uid, int gid) {
        this.server = server;
        this.exe = exe;
        this.uid = uid;
        this.gid = gid;
    }

    /** Runs the job {@code nspace} to its end; null when every process succeeded, else what went wrong. */
    String run(String nspace, int size) throws Exception {
        String host = server.config().hostname();
        StringBuilder ranks = new StringBuilder();
        for (int r = 0; r < size; r++) {
            ranks.append(r == 0 ? "" : ",").append(r);
        }
        server.registerNspace(nspace, size, List.of(Attributes.JOB_SIZE.info(size), Attributes.NODE_MAP.info(host),
                Attributes.PROC_MAP.info(ranks.toString()))).join();
        try {
            List<CompletableFuture<Run.Result>> procs = new ArrayList<>();
            for (int r = 0; r < size; r++) {
                Proc p = new Proc(nspace, r);
                server.registerClient(p, uid, gid).join();
                var env = server.setupFork(p);
                procs.add(CompletableFuture.supplyAsync(
                        () -> Run.command(exe.toString()).env(env).timeout(Duration.ofSeconds(120)).go(),
                        // a thread each: the ranks meet in a fence, so they must all be running at once
                        task -> Thread.ofPlatform().daemon().name("real " + p).start(task)));
            }
            StringBuilder problems = new StringBuilder();
            for (int r = 0; r < size; r++) {
                Run.Result res = procs.get(r).join();
                if (res.exitCode() != 0 || !res.stdout().contains("modex ok")) {
                    problems.append(nspace).append(':').append(r).append(' ').append(res.all()).append('\n');
                }
            }
            return problems.isEmpty() ? null : problems.toString();
        } finally {
            server.deregisterNspace(nspace).join();
        }
    }
}
