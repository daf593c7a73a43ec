package org.pmix4j.server.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.DataArray;
import org.pmix4j.api.DataRange;
import org.pmix4j.api.DataType;
import org.pmix4j.api.Info;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.ProcessOwner;
import org.pmix4j.api.Proc;
import org.pmix4j.server.ServerInternals;
import org.pmix4j.server.HostModule;
import org.pmix4j.server.PmixServer;
import org.pmix4j.server.event.EventService;
import org.pmix4j.server.event.LifecycleEvents;
import org.pmix4j.testkit.NativeBuild;

/**
 * Events between real libpmix 4.2.2 clients and tools under a pmix4j server: handler registration and
 * deregistration, notifications from clients and from the host, ranges, affected processes, the cache for
 * late registrants, tools, and python3-pmix.
 */
class EventsInteropTest {
    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final Pattern EVENT = Pattern.compile(
            "EVENT ref=(\\d+) code=(-?\\d+) source=(\\S+) ninfo=(\\d+)");
    private static Path listener;
    private static Path notifier;

    @TempDir
    Path tmp;

    private final List<LiveProcess> procs = new ArrayList<>();
    private PmixServer server;
    private RecordingHost host;

    /** A host that names tools, records the event upcalls, and refuses NODE_OFFLINE registrations. */
    static final class RecordingHost implements HostModule {
        record Upcall(int code, Proc source, DataRange range, List<Info> info) {
        }

        final List<Upcall> notified = new CopyOnWriteArrayList<>();
        final List<List<Integer>> registered = new CopyOnWriteArrayList<>();
        final List<List<Integer>> deregistered = new CopyOnWriteArrayList<>();
        final AtomicInteger tools = new AtomicInteger();

        @Override
        public CompletionStage<Proc> toolConnected(List<Info> info) {
            return CompletableFuture.completedFuture(new Proc("evtool." + tools.incrementAndGet(), 0));
        }

        @Override
        public CompletionStage<Void> registerEvents(List<Integer> codes, List<Info> directives) {
            if (codes.contains(PmixStatus.PMIX_EVENT_NODE_OFFLINE)) {
                return CompletableFuture.failedFuture(new PmixException(PmixStatus.PMIX_ERR_NO_PERMISSIONS,
                        "node states are not for you"));
            }
            registered.add(codes);
            return HostModule.done();
        }

        @Override
        public CompletionStage<Void> deregisterEvents(List<Integer> codes) {
            deregistered.add(codes);
            return HostModule.done();
        }

        @Override
        public CompletionStage<Void> notifyEvent(int code, Proc source, DataRange range, List<Info> info) {
            notified.add(new Upcall(code, source, range, info));
            return HostModule.done();
        }
    }

    /** One event as the listener printed it. */
    record Received(long ref, int code, String source, Map<String, String> info) {
    }

    @BeforeAll
    static void build() {
        listener = NativeBuild.pmixProgram(Path.of("src/test/c/event_listener.c"));
        notifier = NativeBuild.pmixProgram(Path.of("src/test/c/event_notifier.c"));
    }

    @AfterEach
    void tearDown() {
        procs.forEach(LiveProcess::close);
        if (server != null) {
            server.close();
        }
    }

    private void startServer() {
        host = new RecordingHost();
        server = PmixServer.start(host, List.of(Attributes.SERVER_TMPDIR.info(tmp.toString()),
                Attributes.SYSTEM_TMPDIR.info(tmp.toString()), Attributes.SERVER_TOOL_SUPPORT.info(true)));
    }

    private void job(String nspace, int size) {
        String node = server.config().hostname();
        String ranks = IntStream.range(0, size).mapToObj(Integer::toString).collect(Collectors.joining(","));
        server.registerNspace(nspace, size, List.of(Attributes.JOB_SIZE.info(size), Attributes.NODE_MAP.info(node),
                Attributes.PROC_MAP.info(ranks))).join();
        var sys = new com.sun.security.auth.module.UnixSystem();
        for (int r = 0; r < size; r++) {
            server.registerClient(new Proc(nspace, r), (int) sys.getUid(), (int) sys.getGid()).join();
        }
    }

    private LiveProcess client(Proc who, Path exe, String... args) {
        List<String> cmd = new ArrayList<>(List.of(exe.toString()));
        cmd.addAll(List.of(args));
        LiveProcess p = LiveProcess.start(server.setupFork(who), cmd);
        procs.add(p);
        return p;
    }

    /** A listener that has registered (its REGISTERED line says the server confirmed). */
    private LiveProcess registeredListener(Proc who, String... args) {
        LiveProcess p = client(who, listener, args);
        assertEquals("REGISTERED 0", p.awaitLine("REGISTERED", WAIT).replaceFirst(" -?\\d+$", ""), p.output());
        return p;
    }

    private static List<Received> events(LiveProcess p) {
        List<String> lines = p.lines();
        List<Received> out = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            Matcher m = EVENT.matcher(lines.get(i));
            if (!m.matches()) {
                continue;
            }
            int n = Integer.parseInt(m.group(4));
            Map<String, String> info = new LinkedHashMap<>();
            for (int k = 1; k <= n; k++) {
                String l = lines.get(i + k);
                assertTrue(l.startsWith("INFO "), "info line expected after an event: " + l);
                int eq = l.indexOf('=');
                info.put(l.substring(5, eq), l.substring(eq + 1));
            }
            out.add(new Received(Long.parseLong(m.group(1)), Integer.parseInt(m.group(2)), m.group(3), info));
        }
        return out;
    }

    private static void finishedOk(LiveProcess p) {
        assertEquals(0, p.exitCode(WAIT), p.output());
    }

    private static void eventually(BooleanSupplier condition, String what) throws InterruptedException {
        long end = System.nanoTime() + WAIT.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > end) {
                throw new AssertionError("timed out waiting until " + what);
            }
            Thread.sleep(20);
        }
    }

    private List<Integer> registeredCodes(Proc p) {
        return server.call(() -> ServerInternals.parts(server).events().registrations(p).stream()
                .flatMap(r -> r.codes().stream()).toList()).join();
    }

    private static Info text(String key, String value) {
        return Info.of(key, value);
    }

    // ---- client to client ---------------------------------------------------------------------------------

    @Test
    void clientNotifiesNamespaceAndOnlyItsNamespaceHearsIt() throws Exception {
        startServer();
        job("evjob", 2);
        job("other", 1);
        LiveProcess mate = registeredListener(new Proc("evjob", 0), "-c", "-3010", "-f", "-w", "4");
        LiveProcess stranger = registeredListener(new Proc("other", 0), "-c", "-3010", "-x", "-w", "3");
        LiveProcess raiser = client(new Proc("evjob", 1), notifier, "-3010", "3");
        finishedOk(raiser);
        assertTrue(raiser.lines().contains("NOTIFIED 0"), raiser.output());
        // a host that broadcasts the event to every server, this one included, must not make it arrive twice
        RecordingHost.Upcall echo = host.notified.get(0);
        server.notifyEvent(echo.code(), echo.source(), echo.range(), echo.info()).join();

        finishedOk(mate);
        List<Received> got = events(mate);
        assertEquals(1, got.size(), mate.output());
        Received e = got.get(0);
        assertEquals(-3010, e.code());
        assertEquals("evjob:1", e.source());
        assertEquals("hello from evjob:1", e.info().get("evtest.msg"));
        // libpmix's relay mark travels with a client's event
        assertEquals("true", e.info().get(EventService.INTERNAL_NOTIFY_KEY));
        assertEquals(2, e.info().size(), mate.output());

        finishedOk(stranger);
        assertTrue(events(stranger).isEmpty(), stranger.output());

        // a NAMESPACE event goes on to the host for the rest of the namespace, with the mark
        assertEquals(1, host.notified.size());
        RecordingHost.Upcall up = host.notified.get(0);
        assertEquals(-3010, up.code());
        assertEquals(new Proc("evjob", 1), up.source());
        assertEquals(DataRange.NAMESPACE, up.range());
        assertTrue(up.info().stream().anyMatch(i -> i.key().equals(EventService.INTERNAL_NOTIFY_KEY)));
    }

    /**
     * A broadcast reaches only the jobs its sender may act on: a client of uid 65534 ("nobody", through
     * setpriv) raising a GLOBAL event is heard by its own job's other rank, not by root's job on the same
     * server; root's broadcast reaches both. Open MPI aborts on some events, so a stranger's broadcast must
     * not reach a job it does not own.
     */
    @Test
    void anotherUsersBroadcastReachesOnlyThatUsersJobs() throws Exception {
        Assumptions.assumeTrue(ProcessOwner.current().uid() == 0,
                "skipped: a client of another user can only be started by root (setpriv); run the tests as root");
        Assumptions.assumeTrue(Files.isExecutable(Path.of("/usr/bin/setpriv")), "skipped: no /usr/bin/setpriv");
        // the other user's client must reach the server's rendezvous directory
        Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rwxr-xr-x"));
        startServer();
        job("rootjob", 2);
        int nobody = 65534;
        String node = server.config().hostname();
        server.registerNspace("userjob", 2, List.of(Attributes.JOB_SIZE.info(2), Attributes.NODE_MAP.info(node),
                Attributes.PROC_MAP.info("0,1"))).join();
        for (int r = 0; r < 2; r++) {
            server.registerClient(new Proc("userjob", r), nobody, nobody).join();
        }
        String code = "-3020";
        // root's listener ends with its first event: the server delivers events in the order raised, so had the
        // stranger's reached it, that would have been the first
        LiveProcess rootsListener = registeredListener(new Proc("rootjob", 0), "-c", code, "-w", "30");
        LiveProcess usersListener = asNobody(new Proc("userjob", 1), listener, "-c", code, "-n", "2", "-w", "30");
        assertEquals("REGISTERED 0", usersListener.awaitLine("REGISTERED", WAIT).replaceFirst(" -?\\d+$", ""),
                usersListener.output());

        LiveProcess stranger = asNobody(new Proc("userjob", 0), notifier, code, "5");
        finishedOk(stranger);
        assertTrue(stranger.lines().contains("NOTIFIED 0"), stranger.output());
        LiveProcess root = client(new Proc("rootjob", 1), notifier, code, "5");
        finishedOk(root);

        finishedOk(usersListener);
        assertEquals(List.of("userjob:0", "rootjob:1"), events(usersListener).stream().map(Received::source).toList(),
                usersListener.output());
        finishedOk(rootsListener);
        assertEquals(List.of("rootjob:1"), events(rootsListener).stream().map(Received::source).toList(),
                "another user's broadcast reached root's job\n" + rootsListener.output());
    }

    private LiveProcess asNobody(Proc who, Path exe, String... args) {
        List<String> cmd = new ArrayList<>(List.of("setpriv", "--reuid=65534", "--regid=65534", "--clear-groups",
                exe.toString()));
        cmd.addAll(List.of(args));
        Map<String, String> env = new LinkedHashMap<>(server.setupFork(who));
        env.put("TMPDIR", tmp.toString());
        env.put("PMIX_MCA_psec", "native");
        LiveProcess p = LiveProcess.start(env, cmd);
        procs.add(p);
        return p;
    }

    @Test
    void customRangeReachesOnlyTheNamedProcess() {
        startServer();
        job("evjob", 3);
        LiveProcess named = registeredListener(new Proc("evjob", 2), "-c", "-3011");
        LiveProcess unnamed = registeredListener(new Proc("evjob", 0), "-c", "-3011", "-x", "-w", "3");
        LiveProcess raiser = client(new Proc("evjob", 1), notifier, "-3011", "6", "-r", "evjob:2");
        finishedOk(raiser);
        assertTrue(raiser.lines().contains("NOTIFIED 0"), raiser.output());

        finishedOk(named);
        List<Received> got = events(named);
        assertEquals(1, got.size(), named.output());
        assertEquals(-3011, got.get(0).code());
        assertEquals("evjob:1", got.get(0).source());
        assertEquals("array:evjob:2", got.get(0).info().get(Attributes.EVENT_CUSTOM_RANGE.key()));
        assertEquals("hello from evjob:1", got.get(0).info().get("evtest.msg"));
        finishedOk(unnamed);
        assertTrue(events(unnamed).isEmpty(), unnamed.output());
    }

    @Test
    void localRangeReachesEveryLocalPeerAndStaysOnThisNode() {
        startServer();
        job("evjob", 2);
        job("other", 1);
        LiveProcess stranger = registeredListener(new Proc("other", 0), "-c", "-3021");
        LiveProcess raiser = client(new Proc("evjob", 1), notifier, "-3021", "2");
        finishedOk(raiser);
        assertTrue(raiser.lines().contains("NOTIFIED 0"), raiser.output());
        finishedOk(stranger);
        List<Received> got = events(stranger);
        assertEquals(1, got.size(), stranger.output());
        assertEquals("evjob:1", got.get(0).source());
        assertTrue(host.notified.isEmpty(), "a LOCAL event is not for the host");
    }

    @Test
    void customRangeWithAnotherRangeIsRefused() {
        startServer();
        job("evjob", 2);
        // a custom range only goes with PMIX_RANGE_CUSTOM: libpmix refuses it, and so do we
        LiveProcess raiser = client(new Proc("evjob", 1), notifier, "-3011", "3", "-r", "evjob:0");
        assertEquals(1, raiser.exitCode(WAIT), raiser.output());
        assertTrue(raiser.lines().contains("NOTIFIED " + PmixStatus.PMIX_ERR_BAD_PARAM), raiser.output());
        assertTrue(host.notified.isEmpty());
    }

    // ---- handlers, targeting and deregistration ----------------------------------------------------------

    @Test
    void defaultHandlerTakesEventsExceptNonDefaultOnes() {
        startServer();
        job("evjob", 1);
        LiveProcess p = registeredListener(new Proc("evjob", 0));
        server.notifyEvent(-3012, server.self(), DataRange.SESSION,
                List.of(text("evtest.msg", "not for default handlers"), Attributes.EVENT_NON_DEFAULT.info(true)))
                .join();
        server.notifyEvent(-3013, server.self(), DataRange.SESSION, List.of(text("evtest.msg", "for anyone")))
                .join();
        finishedOk(p);
        List<Received> got = events(p);
        assertEquals(1, got.size(), p.output());
        assertEquals(-3013, got.get(0).code());
        assertEquals(server.self().nspace() + ":" + server.self().rank(), got.get(0).source());
        assertEquals(Map.of("evtest.msg", "for anyone"), got.get(0).info());
    }

    @Test
    void affectedProcessFiltersWhatAHandlerGets() {
        startServer();
        job("evjob", 3);
        LiveProcess picky = registeredListener(new Proc("evjob", 0), "-c", "-3014", "-a", "evjob:1", "-f", "-w", "3");
        LiveProcess all = registeredListener(new Proc("evjob", 1), "-c", "-3014", "-n", "2");
        server.notifyEvent(-3014, server.self(), DataRange.SESSION,
                List.of(Attributes.EVENT_AFFECTED_PROC.info(new Proc("evjob", 2)), text("evtest.msg", "about 2")))
                .join();
        server.notifyEvent(-3014, server.self(), DataRange.SESSION,
                List.of(Attributes.EVENT_AFFECTED_PROC.info(new Proc("evjob", 1)), text("evtest.msg", "about 1")))
                .join();
        finishedOk(picky);
        List<Received> got = events(picky);
        assertEquals(1, got.size(), picky.output());
        assertEquals("about 1", got.get(0).info().get("evtest.msg"));
        assertEquals("proc:evjob:1", got.get(0).info().get(Attributes.EVENT_AFFECTED_PROC.key()));

        finishedOk(all);
        assertEquals(List.of("about 2", "about 1"),
                events(all).stream().map(e -> e.info().get("evtest.msg")).toList(), all.output());
    }

    @Test
    void processTerminationReachesTheDefaultHandlersOfItsJob() {
        startServer();
        job("evjob", 2);
        job("other", 1);
        LiveProcess survivor = registeredListener(new Proc("evjob", 0));
        LiveProcess outsider = registeredListener(new Proc("other", 0), "-x", "-w", "3");
        Proc dead = new Proc("evjob", 1);
        int code = LifecycleEvents.procTerminationCode(0, true, false);
        List<Info> info = new ArrayList<>(LifecycleEvents.procTerminated(dead,
                LifecycleEvents.procTermStatus(code, 1), 1, Instant.ofEpochSecond(1_700_000_500L)));
        info.add(Attributes.EVENT_CUSTOM_RANGE.info(new DataArray(DataType.PROC, List.of(Proc.wildcard("evjob")))));
        server.notifyEvent(code, server.self(), DataRange.CUSTOM, info).join();
        finishedOk(survivor);
        List<Received> got = events(survivor);
        assertEquals(1, got.size(), survivor.output());
        assertEquals(PmixStatus.PMIX_ERR_PROC_TERM_WO_SYNC, got.get(0).code());
        assertEquals("proc:evjob:1", got.get(0).info().get(Attributes.EVENT_AFFECTED_PROC.key()));
        assertEquals("status:" + PmixStatus.PMIX_ERR_PROC_TERM_WO_SYNC,
                got.get(0).info().get(Attributes.PROC_TERM_STATUS.key()));
        assertEquals("int:1", got.get(0).info().get(Attributes.EXIT_CODE.key()));
        assertEquals("time:1700000500", got.get(0).info().get(Attributes.EVENT_TIMESTAMP.key()));
        finishedOk(outsider);
        assertTrue(events(outsider).isEmpty(), outsider.output());
    }

    @Test
    void deregisteredHandlerGetsNothing() throws Exception {
        startServer();
        job("evjob", 1);
        Proc who = new Proc("evjob", 0);
        LiveProcess p = client(who, listener, "-c", "-3015", "-d", "-x", "-w", "3");
        p.awaitLine("DEREGISTERED 0", WAIT);
        // DEREGEVENTS has no answer: wait until the server has acted on it
        eventually(() -> registeredCodes(who).isEmpty(), "the server dropped the registration");
        server.notifyEvent(-3015, server.self(), DataRange.SESSION, List.of(text("evtest.msg", "too late"))).join();
        finishedOk(p);
        assertTrue(events(p).isEmpty(), p.output());
    }

    // ---- host side -----------------------------------------------------------------------------------------

    @Test
    void hostEventReachesRegisteredClientsInRange() {
        startServer();
        job("evjob", 2);
        LiveProcess a = registeredListener(new Proc("evjob", 0), "-c", "-3016");
        LiveProcess b = registeredListener(new Proc("evjob", 1), "-c", "-3016");
        Proc reporter = new Proc("rm-daemon", 7);
        server.notifyEvent(-3016, reporter, DataRange.GLOBAL, List.of(text("evtest.msg", "from the host"),
                Attributes.EVENT_TEXT_MESSAGE.info("something happened"))).join();
        for (LiveProcess p : List.of(a, b)) {
            finishedOk(p);
            List<Received> got = events(p);
            assertEquals(1, got.size(), p.output());
            assertEquals(-3016, got.get(0).code());
            assertEquals("rm-daemon:7", got.get(0).source());
            assertEquals(Map.of("evtest.msg", "from the host", Attributes.EVENT_TEXT_MESSAGE.key(),
                    "something happened"), got.get(0).info());
        }
        // the Standard forbids echoing the host's own event back to it
        assertTrue(host.notified.isEmpty());
    }

    @Test
    void hostEventWithMismatchedCustomRangeFails() {
        startServer();
        CompletionException e = assertThrows(CompletionException.class, () -> server.notifyEvent(-3017, server.self(),
                DataRange.SESSION, List.of(Attributes.EVENT_CUSTOM_RANGE.info(new DataArray(DataType.PROC,
                        List.of(new Proc("x", 0)))))).join());
        assertEquals(PmixStatus.PMIX_ERR_BAD_PARAM, ((PmixException) e.getCause()).status());
    }

    @Test
    void systemEventRegistrationsGoToTheHost() throws Exception {
        startServer();
        job("evjob", 2);
        LiveProcess p = registeredListener(new Proc("evjob", 0), "-c", String.valueOf(PmixStatus.PMIX_EVENT_NODE_DOWN));
        assertEquals(List.of(List.of(PmixStatus.PMIX_EVENT_NODE_DOWN)), host.registered);
        server.notifyEvent(PmixStatus.PMIX_EVENT_NODE_DOWN, server.self(), DataRange.SESSION,
                List.of(Attributes.HOSTNAME.info("node17"))).join();
        finishedOk(p);
        assertEquals(PmixStatus.PMIX_EVENT_NODE_DOWN, events(p).get(0).code(), p.output());
        assertEquals("node17", events(p).get(0).info().get(Attributes.HOSTNAME.key()));
        // the peer left: its registrations went with it
        eventually(() -> registeredCodes(new Proc("evjob", 0)).isEmpty(), "the registrations of a gone peer dropped");
        // its last registrant is gone: the host may stop watching
        eventually(() -> host.deregistered.contains(List.of(PmixStatus.PMIX_EVENT_NODE_DOWN)),
                "the host was told nobody watches NODE_DOWN any more");

        // a refusal of the host fails the client's registration
        LiveProcess refused = client(new Proc("evjob", 1), listener, "-c",
                String.valueOf(PmixStatus.PMIX_EVENT_NODE_OFFLINE));
        assertEquals("REGISTERED " + PmixStatus.PMIX_ERR_SERVER_FAILED_REQUEST,
                refused.awaitLine("REGISTERED", WAIT).replaceFirst(" -?\\d+$", ""), refused.output());
        assertTrue(registeredCodes(new Proc("evjob", 1)).isEmpty());
    }

    @Test
    void systemEventRegistrationSucceedsWithoutHostSupport() {
        server = PmixServer.start(null, List.of(Attributes.SERVER_TMPDIR.info(tmp.toString()),
                Attributes.SYSTEM_TMPDIR.info(tmp.toString())));
        job("evjob", 1);
        LiveProcess p = registeredListener(new Proc("evjob", 0), "-c", String.valueOf(PmixStatus.PMIX_EVENT_NODE_DOWN));
        server.notifyEvent(PmixStatus.PMIX_EVENT_NODE_DOWN, server.self(), DataRange.SESSION, List.of()).join();
        finishedOk(p);
        assertEquals(1, events(p).size(), p.output());
    }

    // ---- the cache -----------------------------------------------------------------------------------------

    @Test
    void jobEndOfAShortJobReachesAHandlerRegisteredAfterwards() {
        startServer();
        job("watch", 1);
        Instant ended = Instant.ofEpochSecond(1_700_000_000L);
        // two jobs ended before anybody listened; the watcher cares about one of them
        server.notifyEvent(PmixStatus.PMIX_EVENT_JOB_END, server.self(), DataRange.SESSION,
                LifecycleEvents.jobEnd("otherjob", PmixStatus.PMIX_SUCCESS, ended)).join();
        server.notifyEvent(PmixStatus.PMIX_EVENT_JOB_END, server.self(), DataRange.SESSION,
                LifecycleEvents.jobEnd("shortjob", PmixStatus.PMIX_ERR_JOB_NON_ZERO_TERM, new Proc("shortjob", 1), 7,
                        ended)).join();
        assertEquals(2, server.call(() -> ServerInternals.parts(server).events().cachedEvents()).join());

        // -2: a second registration for the same code must not bring the event a second time
        LiveProcess p = client(new Proc("watch", 0), listener, "-c", String.valueOf(PmixStatus.PMIX_EVENT_JOB_END),
                "-a", "shortjob:*", "-2", "-f", "-w", "3");
        finishedOk(p);
        List<Received> got = events(p);
        assertFalse(got.isEmpty(), p.output());
        Received e = got.get(0);
        assertEquals(PmixStatus.PMIX_EVENT_JOB_END, e.code());
        assertEquals(server.self().nspace() + ":" + server.self().rank(), e.source());
        assertEquals("shortjob", e.info().get(Attributes.NSPACE.key()));
        assertEquals("status:" + PmixStatus.PMIX_ERR_JOB_NON_ZERO_TERM, e.info().get(Attributes.JOB_TERM_STATUS.key()));
        assertEquals("proc:shortjob:1", e.info().get(Attributes.PROCID.key()));
        assertEquals("int:7", e.info().get(Attributes.EXIT_CODE.key()));
        assertEquals("proc:shortjob:*", e.info().get(Attributes.EVENT_AFFECTED_PROC.key()));
        assertEquals("time:1700000000", e.info().get(Attributes.EVENT_TIMESTAMP.key()));
        assertEquals("true", e.info().get(Attributes.EVENT_NON_DEFAULT.key()));
        // never the other job's end; one arrival, on which each handler that exists by then runs once
        assertTrue(got.stream().allMatch(r -> r.info().get(Attributes.NSPACE.key()).equals("shortjob")), p.output());
        assertEquals(got.size(), got.stream().map(Received::ref).distinct().count(), p.output());
    }

    @Test
    void doNotCacheEventsAreNotKept() {
        startServer();
        job("evjob", 2);
        LiveProcess raiser = client(new Proc("evjob", 1), notifier, "-3018", "3", "-C");
        finishedOk(raiser);
        assertEquals(0, server.call(() -> ServerInternals.parts(server).events().cachedEvents()).join());
        LiveProcess late = registeredListener(new Proc("evjob", 0), "-c", "-3018", "-x", "-w", "2");
        finishedOk(late);
        assertTrue(events(late).isEmpty(), late.output());
    }

    // ---- python3-pmix -------------------------------------------------------------------------------------

    @Test
    void pythonHandlerReceivesAHostEvent() {
        NativeBuild.requireTool("python3", "python3-pmix");
        startServer();
        job("pyjob", 1);
        LiveProcess py = LiveProcess.start(server.setupFork(new Proc("pyjob", 0)),
                List.of("/usr/bin/python3", "-W", "ignore", "src/test/python/event_handler.py", "-3019"));
        procs.add(py);
        assertEquals("REGISTERED 0", py.awaitLine("REGISTERED", WAIT), py.output());
        server.notifyEvent(-3019, new Proc("rm-daemon", 3), DataRange.SESSION,
                List.of(text("evtest.msg", "hello python"))).join();
        assertEquals(0, py.exitCode(WAIT), py.output());
        List<String> lines = py.lines();
        assertTrue(lines.contains("EVENT code=-3019 source=rm-daemon:3"), py.output());
        assertTrue(lines.contains("INFO evtest.msg=hello python"), py.output());
        assertTrue(lines.contains("DONE events=1"), py.output());
    }

    // ---- tools ---------------------------------------------------------------------------------------------

    @Test
    void toolRegistersAndReceivesATargetedJobEnd() {
        startServer();
        List<String> cmd = List.of(listener.toString(), "-t", server.uri(), "-c",
                String.valueOf(PmixStatus.PMIX_EVENT_JOB_END), "-a", "launched:*");
        LiveProcess tool = LiveProcess.start(Map.of("TMPDIR", tmp.toString()), cmd);
        procs.add(tool);
        assertEquals("REGISTERED 0", tool.awaitLine("REGISTERED", WAIT).replaceFirst(" -?\\d+$", ""), tool.output());
        Proc toolName = new Proc("evtool.1", 0);
        List<Info> info = new ArrayList<>(LifecycleEvents.jobEnd("launched", PmixStatus.PMIX_SUCCESS, Instant.now()));
        info.add(Attributes.EVENT_CUSTOM_RANGE.info(new DataArray(DataType.PROC, List.of(toolName))));
        server.notifyEvent(PmixStatus.PMIX_EVENT_JOB_END, server.self(), DataRange.CUSTOM, info).join();
        finishedOk(tool);
        List<Received> got = events(tool);
        assertEquals(1, got.size(), tool.output());
        assertEquals(PmixStatus.PMIX_EVENT_JOB_END, got.get(0).code());
        assertEquals("launched", got.get(0).info().get(Attributes.NSPACE.key()));
        assertEquals("status:0", got.get(0).info().get(Attributes.JOB_TERM_STATUS.key()));
        assertEquals("array:evtool.1:0", got.get(0).info().get(Attributes.EVENT_CUSTOM_RANGE.key()));
        assertTrue(tool.output().contains("listener evtool.1:0 up"), tool.output());
    }
}
