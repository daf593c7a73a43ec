package org.pmix4j.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;

/**
 * {@code setupFork} is called from the launcher's own threads while namespaces come and go on the server's
 * loop (other jobs spawned and ended). Its answers must be those of one consistent job store, read where
 * the store lives, in the order the calls were made: a namespace whose registration was asked for before
 * the call (done or not yet) is always found, with its own name and rank in the environment; one whose
 * deregistration was asked for before the call, or never registered, is always
 * PMIX_ERR_INVALID_NAMESPACE; a namespace another thread changes during the call gives one of the two; and
 * nothing else ever happens (no exception from a store read half-way through a change, no hang).
 */
class SetupForkRaceTest {
    private static final int REGISTRARS = 3;
    private static final int FORKERS = 4;
    private static final int CHURN_ROUNDS = 60;
    private static final int FORKS_PER_THREAD = 600;
    private static final int STABLE_SIZE = 4;

    @TempDir
    Path tmp;

    @Test
    void setupForkAgainstConcurrentRegistration() throws Exception {
        Path serverTmp = Files.createDirectories(tmp.resolve("server"));
        Path systemTmp = Files.createDirectories(tmp.resolve("system"));
        var sys = new com.sun.security.auth.module.UnixSystem();
        int uid = (int) sys.getUid();
        int gid = (int) sys.getGid();
        try (PmixServer server = PmixServer.start(null, List.of(
                Attributes.SERVER_TMPDIR.info(serverTmp.toString()),
                Attributes.SYSTEM_TMPDIR.info(systemTmp.toString())))) {
            server.registerNspace("stable", STABLE_SIZE, List.of(Attributes.JOB_SIZE.info(STABLE_SIZE))).join();
            for (int r = 0; r < STABLE_SIZE; r++) {
                server.registerClient(new Proc("stable", r), uid, gid).join();
            }
            Queue<String> problems = new ConcurrentLinkedQueue<>();
            AtomicInteger churnFound = new AtomicInteger();
            AtomicInteger churnMissing = new AtomicInteger();
            CountDownLatch go = new CountDownLatch(1);
            ExecutorService pool = Executors.newFixedThreadPool(REGISTRARS + FORKERS);
            List<Future<?>> work = new ArrayList<>();
            try {
                for (int t = 0; t < REGISTRARS; t++) {
                    int thread = t;
                    work.add(pool.submit(() -> {
                        go.await();
                        for (int i = 0; i < CHURN_ROUNDS; i++) {
                            String ns = "churn-" + thread + "-" + i;
                            var registered = server.registerNspace(ns, 2, List.of(Attributes.JOB_SIZE.info(2)));
                            // asked for before the call, even if not done yet: the loop takes them in order
                            check(server, new Proc(ns, 0), true, problems);
                            registered.join();
                            server.registerClient(new Proc(ns, 0), uid, gid).join();
                            server.registerClient(new Proc(ns, 1), uid, gid).join();
                            check(server, new Proc(ns, 1), true, problems);
                            server.deregisterClient(new Proc(ns, 0)).join();
                            var deregistered = server.deregisterNspace(ns);
                            check(server, new Proc(ns, 0), false, problems);
                            deregistered.join();
                            check(server, new Proc(ns, 1), false, problems);
                        }
                        return null;
                    }));
                }
                for (int t = 0; t < FORKERS; t++) {
                    work.add(pool.submit(() -> {
                        go.await();
                        ThreadLocalRandom rnd = ThreadLocalRandom.current();
                        for (int i = 0; i < FORKS_PER_THREAD; i++) {
                            check(server, new Proc("stable", i % STABLE_SIZE), true, problems);
                            check(server, new Proc("never-registered", 0), false, problems);
                            // a namespace that may be coming or going right now: either answer, nothing else
                            Proc churning = new Proc("churn-" + rnd.nextInt(REGISTRARS) + "-"
                                    + rnd.nextInt(CHURN_ROUNDS), rnd.nextInt(2));
                            Boolean found = check(server, churning, null, problems);
                            if (Boolean.TRUE.equals(found)) {
                                churnFound.incrementAndGet();
                            } else if (Boolean.FALSE.equals(found)) {
                                churnMissing.incrementAndGet();
                            }
                        }
                        return null;
                    }));
                }
                go.countDown();
                for (Future<?> f : work) {
                    f.get(120, TimeUnit.SECONDS);
                }
            } finally {
                pool.shutdownNow();
            }
            assertTrue(problems.isEmpty(), problems.size() + " inconsistent results, e.g. " + problems.peek());
            assertEquals(FORKERS * FORKS_PER_THREAD, churnFound.get() + churnMissing.get());
            // the stable job is untouched by the churn around it
            check(server, new Proc("stable", 0), true, problems);
            assertTrue(problems.isEmpty(), String.valueOf(problems.peek()));
        }
    }

    /**
     * Calls setupFork and checks its answer. {@code expectFound}: true, false, or {@code null} for either.
     * Returns whether the namespace was found, or {@code null} after recording a problem.
     */
    private static Boolean check(PmixServer server, Proc proc, Boolean expectFound, Queue<String> problems) {
        Map<String, String> env;
        try {
            env = server.setupFork(proc);
        } catch (PmixException e) {
            if (e.status() != PmixStatus.PMIX_ERR_INVALID_NAMESPACE) {
                problems.add(proc + ": failed with " + PmixStatus.name(e.status()) + ": " + e.getMessage());
                return null;
            }
            if (Boolean.TRUE.equals(expectFound)) {
                problems.add(proc + ": registered but not found");
                return null;
            }
            return false;
        } catch (RuntimeException e) {
            problems.add(proc + ": " + e);
            return null;
        }
        if (Boolean.FALSE.equals(expectFound)) {
            problems.add(proc + ": not registered but found");
            return null;
        }
        if (!proc.nspace().equals(env.get("PMIX_NAMESPACE")) || !Integer.toString(proc.rank()).equals(env.get("PMIX_RANK"))
                || !server.uri().equals(env.get("PMIX_SERVER_URI41")) || !server.uri().equals(env.get("PMIX_SERVER_URI4"))) {
            problems.add(proc + ": wrong environment " + env);
            return null;
        }
        return true;
    }
}
