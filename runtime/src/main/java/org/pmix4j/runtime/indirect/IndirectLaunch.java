package org.pmix4j.runtime.indirect;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.DataArray;
import org.pmix4j.api.DataRange;
import org.pmix4j.api.DataType;
import org.pmix4j.api.Info;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;
import org.pmix4j.api.Rank;
import org.pmix4j.client.tool.KeepalivePipe;
import org.pmix4j.runtime.LaunchException;
import org.pmix4j.server.PmixServer;
import org.pmix4j.server.event.LifecycleEvents;

/**
 * The runtime as the intermediate launcher (IL) of the tools chapter's indirect launch: a tool (the
 * initiator) started {@code pmix4j run} or {@code pmix4j dvm} with PMIX_LAUNCHER_RNDZ_URI and/or
 * PMIX_KEEPALIVE_PIPE in its environment.
 * <ol>
 * <li>{@link #begin}, once the runtime's server is up (and its PMIX_LAUNCHER_RNDZ_FILE written): watches the
 * keepalive pipe, connects back to the initiator ({@link Initiator}), stopping there while the initiator
 * asked for PMIX_DEBUG_STOP_IN_INIT, reads its PMIX_LAUNCH_DIRECTIVES and tells it PMIX_LAUNCHER_READY;</li>
 * <li>{@link #directivesForUserJob} (IL-based command line parsing, {@code pmix4j run}): the launch
 * directives merged into the user's job, or the run refused naming those it does not carry out;</li>
 * <li>{@link #userJobStarted}: PMIX_LAUNCH_COMPLETE to the initiator, through the runtime's server (the
 * initiator attached there to follow the job).</li>
 * </ol>
 * When the keepalive pipe closes (the initiator died), or the initiator tells us PMIX_EVENT_JOB_END for
 * ourselves (the chapter's way of ending an IL that idles as a server), {@code initiatorGone} is told, and
 * the runtime ends as on SIGTERM.
 */
public final class IndirectLaunch implements AutoCloseable {
    static final String RNDZ_URI = "PMIX_LAUNCHER_RNDZ_URI";
    static final String KEEPALIVE = "PMIX_KEEPALIVE_PIPE";

    private final PmixServer server;
    private final Initiator initiator;
    private final KeepalivePipe keepalive;
    private final LaunchDirectives directives;

    private IndirectLaunch(PmixServer server, Initiator initiator, KeepalivePipe keepalive,
            LaunchDirectives directives) {
        this.server = server;
        this.initiator = initiator;
        this.keepalive = keepalive;
        this.directives = directives;
    }

    /**
     * Acts on the initiator's variables in {@code env}: nothing when there are none. Blocks while the
     * initiator holds the launcher in init.
     *
     * @param initiatorGone told, once, who the initiator is and why we are to end (the keepalive pipe
     *                      closed, or the initiator ended us): stop every job and end
     * @throws LaunchException when the initiator cannot be reached, went away before releasing us, or asks
     *                         the launcher for what it does not do
     */
    public static IndirectLaunch begin(Map<String, String> env, PmixServer server,
            BiConsumer<Proc, String> initiatorGone) {
        String uri = blankToNull(env.get(RNDZ_URI));
        String pipe = blankToNull(env.get(KEEPALIVE));
        CompletableFuture<Proc> gone = new CompletableFuture<>();
        CompletableFuture<Proc> knownInitiator = new CompletableFuture<>();
        // the first of the keepalive pipe and the initiator's PMIX_EVENT_JOB_END ends us; the other is moot
        Consumer<String> end = why -> {
            Proc who = knownInitiator.getNow(new Proc(KEEPALIVE, Rank.UNDEF));
            if (gone.complete(who)) {
                initiatorGone.accept(who, why);
            }
        };
        KeepalivePipe watch = pipe == null ? null
                : watch(pipe, () -> end.accept("that started this launcher is gone (its keepalive pipe closed)"));
        if (uri == null) {
            return new IndirectLaunch(server, null, watch, LaunchDirectives.none());
        }
        // connecting may stop in init until the initiator releases us: a dead initiator must end that wait
        CompletableFuture<Initiator> connected = CompletableFuture.supplyAsync(() -> Initiator.connect(uri),
                r -> Thread.ofVirtual().name("pmix4j-initiator").start(r));
        try {
            Object first = CompletableFuture.anyOf(connected, gone).get();
            if (first instanceof Proc who) {
                connected.thenAccept(Initiator::close);
                throw new LaunchException("the initiator " + who + " went away before it released this launcher", 143);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LaunchException("interrupted while connecting back to the initiator", 130);
        } catch (ExecutionException e) {
            stop(watch);
            throw e.getCause() instanceof LaunchException le ? le
                    : new LaunchException("cannot connect back to the initiator: " + e.getCause().getMessage(), 1);
        }
        Initiator initiator = connected.join();
        knownInitiator.complete(initiator.parent());
        LaunchDirectives d;
        try {
            d = initiator.launchDirectives();
            initiator.onEnd(() -> end.accept("ended this launcher (PMIX_EVENT_JOB_END)"));
            initiator.announceReady(server.uri(), server.self());
        } catch (RuntimeException e) {
            initiator.close();
            stop(watch);
            throw e;
        }
        return new IndirectLaunch(server, initiator, watch, d);
    }

    /**
     * The initiator's launch directives for {@code pmix4j run}'s own job (IL-based command line parsing);
     * none when there is no initiator.
     *
     * @throws LaunchException naming the directives the runtime does not carry out
     */
    public List<Info> directivesForUserJob() {
        try {
            return directives.forUserJob();
        } catch (LaunchException e) {
            if (initiator != null) {
                initiator.tellLaunchFailed(e.getMessage());
            }
            throw e;
        }
    }

    /** For {@code pmix4j dvm}: the jobs come with their own directives; launch directives are refused. */
    public void refuseDirectivesForPersistentRuntime() {
        directives.refuseForPersistentRuntime();
    }

    /** PMIX_LAUNCH_COMPLETE for the job in {@code nspace}, to the initiator (when there is one). */
    public void userJobStarted(String nspace) {
        if (initiator == null) {
            return;
        }
        List<Info> info = new ArrayList<>(LifecycleEvents.launchComplete(nspace, Instant.now()));
        info.add(Attributes.EVENT_CUSTOM_RANGE.info(new DataArray(DataType.PROC, List.of(initiator.parent()))));
        server.notifyEvent(PmixStatus.PMIX_LAUNCH_COMPLETE, server.self(), DataRange.CUSTOM, info);
    }

    @Override
    public void close() {
        stop(keepalive);
        if (initiator != null) {
            initiator.close();
        }
    }

    private static KeepalivePipe watch(String fd, Runnable gone) {
        try {
            return KeepalivePipe.watch(Integer.parseInt(fd), gone);
        } catch (NumberFormatException e) {
            throw new LaunchException("PMIX_KEEPALIVE_PIPE='" + fd + "' is not a file descriptor number", 1);
        } catch (IllegalArgumentException e) {
            throw new LaunchException(e.getMessage(), 1);
        }
    }

    private static void stop(KeepalivePipe w) {
        if (w != null) {
            w.stop();
        }
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s.strip();
    }
}
