package org.pmix4j.runtime.frontend;

import java.io.InputStream;
import java.io.OutputStream;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;
import org.pmix4j.client.EventOutcome;
import org.pmix4j.client.PmixEvent;
import org.pmix4j.client.tool.PmixTool;
import org.pmix4j.runtime.AppContext;
import org.pmix4j.runtime.ConnectionLoss;
import org.pmix4j.runtime.LaunchException;
import org.pmix4j.runtime.Launcher;
import org.pmix4j.runtime.iof.IoForwarder;
import org.pmix4j.server.ServerConfig;

/**
 * {@code pmix4j prun} (and {@code pmix4j run --dvm}): the thin front end that hands a job to a running DVM.
 * It is a PMIx tool (PMIX_LAUNCHER) that finds its DVM ({@link DvmLocator}), asks for the job with
 * PMIx_Spawn ({@link SubmitRequest}: the applications and every option of {@code pmix4j run} that the DVM
 * carries out), writes the output the DVM forwards exactly as {@code pmix4j run} would write it
 * ({@link ForwardedOutput}), forwards its stdin ({@link StdinPusher}), signals ({@link FrontEndSignals}) and
 * {@code --timeout} to the job, and exits with the job's status by the rules of {@code pmix4j run}: the DVM's
 * messages about the job (why it failed, the failure summary) arrive as the job's diagnostic output.
 */
public final class Prun {
    /** How long the output of an ended job may still be in flight before we stop waiting for it. */
    private static final long OUTPUT_GRACE_MS = 5000;

    /** What to do when the job, launched paused ({@code --stop-*}), is ready for a debugger. */
    public interface DebugSession {
        /** On a thread of its own; the job stays paused until someone releases it. */
        void ready(PmixTool tool, String nspace);

        /** Nothing: the DVM's message (where the job's diagnostics go) says how to release it. */
        DebugSession NONE = (tool, nspace) -> { };
    }

    private final OutputStream out;
    private final OutputStream err;
    private final InputStream stdin;
    private final Map<String, String> env;

    public Prun(OutputStream out, OutputStream err, InputStream stdin, Map<String, String> env) {
        this.out = out;
        this.err = err;
        this.stdin = stdin;
        this.env = env;
    }

    /** Submits the job, follows it to its end and returns the exit status the front end leaves with. */
    public int run(DvmLocator where, List<AppContext> apps, Launcher.Options options) {
        return run(where, apps, options, SessionTarget.NONE);
    }

    /** Submits the job into the session {@code session} names. */
    public int run(DvmLocator where, List<AppContext> apps, Launcher.Options options, SessionTarget session) {
        return run(where, apps, options, session, DebugSession.NONE);
    }

    /** Submits the job; {@code debug} is called when it is paused and ready for a debugger. */
    public int run(DvmLocator where, List<AppContext> apps, Launcher.Options options, SessionTarget session,
            DebugSession debug) {
        mark("options parsed");
        String hostname = ServerConfig.localHostname();
        SubmitRequest submit = SubmitRequest.of(apps, options, session, env);
        PmixTool tool = where.connect(env, "the DVM", Attributes.LAUNCHER.info(true));
        mark("connected");
        ConnectionLoss loss = ConnectionLoss.watch(tool);
        try (IoForwarder iof = new IoForwarder(submit.output(), out, err, hostname)) {
            ForwardedOutput output = new ForwardedOutput(iof, submit.size());
            // bounded: a stdout that is not read slows the DVM's sending, and then the job, not our heap
            tool.onForwardedOutput(output::accept, ForwardedOutput.QUEUED_LIMIT);
            String nspace;
            mark("spawn request sent");
            try {
                nspace = tool.spawn(submit.jobInfo(), submit.apps());
            } catch (PmixException e) {
                if (e.status() == PmixStatus.PMIX_ERR_LOST_CONNECTION) {
                    // gone, not a refusal: the job may have started, and nobody is left to say
                    throw new LaunchException("lost the connection to the DVM before it answered the spawn;"
                            + " whether the job started is unknown", 1);
                }
                // the DVM said why before it answered: let that be printed first
                tool.awaitDeliveredOutput();
                throw new LaunchException("the DVM refused the job: " + e.getMessage(), 1);
            }
            mark("spawned");
            JobEnd end = new JobEnd(nspace);
            loss.whenLost(end::lost);
            ReadyJobs ready = new ReadyJobs(tool, debug, nspace);
            FrontEndSignals signals = FrontEndSignals.install(tool, nspace, iof::launcherMessage,
                    options.forwardSignals());
            List<Proc> stdinTargets = submit.stdinTargets(nspace);
            StdinPusher pusher = stdinTargets.isEmpty() ? null : StdinPusher.start(stdin, tool, stdinTargets);
            try {
                follow(tool, nspace, end, ready);
                boolean timedOut = awaitEnd(end, options.timeoutSeconds(), options.reportStateOnTimeout(), tool,
                        nspace, iof);
                mark("job ended");
                if (end.event() != null) {
                    // a lost DVM sends no more: what came is written, and nothing is waited for
                    output.awaitComplete(OUTPUT_GRACE_MS);
                }
                iof.awaitAll(OUTPUT_GRACE_MS, TimeUnit.MILLISECONDS);
                mark("output written");
                if (end.event() == null) {
                    iof.launcherMessage("pmix4j prun: lost the connection to the DVM before job " + nspace
                            + " ended; its end is unknown");
                    return 1;
                }
                if (timedOut) {
                    return Launcher.TIMEOUT_STATUS;
                }
                int status = end.exitStatus();
                return signals.caught() != 0 ? 128 + signals.caught() : status;
            } finally {
                signals.uninstall();
                if (pusher != null) {
                    pusher.stop();
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 130;
        } finally {
            tool.close();
            mark("disconnected");
        }
    }

    /**
     * With PMIX4J_FRONTEND_TIMING set (bench/dvm.sh), when each step of a submit is done, on the wall clock
     * the benchmark started us by (microseconds since the epoch), on stderr.
     */
    private void mark(String step) {
        if (env.containsKey("PMIX4J_FRONTEND_TIMING")) {
            java.time.Instant now = java.time.Instant.now();
            String line = "pmix4j prun: " + step + " at " + (now.getEpochSecond() * 1_000_000L + now.getNano() / 1000)
                    + " us since the epoch\n";
            try {
                err.write(line.getBytes(java.nio.charset.StandardCharsets.UTF_8));
                err.flush();
            } catch (java.io.IOException e) {
                // timing is best effort
            }
        }
    }

    /**
     * Registers for our job's end and its readiness for a debugger: after the spawn, both at once (one
     * round trip), each event of our job that came first replayed from the DVM's event cache (kept for
     * exactly this race, the Standard says). The end is asked for our job alone: a registration for every
     * job's end would bring each new front end the cached end of every job of the last two minutes
     * (libpmix's cache), which a busy DVM has many of. The loss of the DVM is watched from the connection
     * on ({@link ConnectionLoss}): no cache replays that.
     */
    private static void follow(PmixTool tool, String nspace, JobEnd end, ReadyJobs ready) {
        List<CompletableFuture<Long>> registered = List.of(
                tool.registerEventHandlerAsync(List.of(PmixStatus.PMIX_EVENT_JOB_END),
                        List.of(Attributes.EVENT_AFFECTED_PROC.info(Proc.wildcard(nspace))), e -> {
                            end.seen(e);
                            return EventOutcome.CONTINUE;
                        }).toCompletableFuture(),
                tool.registerEventHandlerAsync(List.of(PmixStatus.PMIX_READY_FOR_DEBUG), List.of(), e -> {
                    ready.seen(e);
                    return EventOutcome.CONTINUE;
                }).toCompletableFuture());
        for (CompletableFuture<Long> r : registered) {
            try {
                r.join();
            } catch (CompletionException e) {
                // only a lost connection fails a registration: no end will come
                end.lost();
            }
        }
    }

    /**
     * Waits for the job's end or the loss of the DVM; at the time limit, stops the job (as pmix4j run does,
     * saying so) and goes on waiting for its end. True when the time limit stopped it.
     */
    private static boolean awaitEnd(JobEnd end, Integer timeoutSeconds, boolean reportState, PmixTool tool,
            String nspace, IoForwarder iof) throws InterruptedException {
        try {
            if (timeoutSeconds == null) {
                end.done().get();
                return false;
            }
            try {
                end.done().get(timeoutSeconds, TimeUnit.SECONDS);
                return false;
            } catch (TimeoutException e) {
                iof.launcherMessage("pmix4j prun: the time limit for the job was reached (--timeout " + timeoutSeconds
                        + " seconds); stopping it." + (reportState ? states(tool, nspace) : ""));
                tool.jobControlAsync(List.of(Proc.wildcard(nspace)), List.of(Attributes.JOB_CTRL_TERMINATE.info(true)));
                end.done().get();
                return true;
            }
        } catch (ExecutionException e) {
            return false;
        }
    }

    /** --report-state-on-timeout: each process with its pid and state (the DVM's, and the kernel's here). */
    private static String states(PmixTool tool, String nspace) {
        StringBuilder sb = new StringBuilder("\n  job ").append(nspace).append(':');
        for (org.pmix4j.api.ProcInfo p : JobListing.processTable(tool, nspace)) {
            sb.append("\n    rank ").append(p.proc().rank()).append(" pid ").append(p.pid()).append(" on ")
                    .append(p.hostname()).append(": ").append(p.state());
            if (p.hostname().equals(ServerConfig.localHostname())) {
                sb.append(", ").append(org.pmix4j.runtime.ProcessStates.kernelState(p.pid()));
            }
        }
        return sb.toString();
    }

    /**
     * PMIX_READY_FOR_DEBUG of our job (the DVM sends it to us, the requester, once every process is paused),
     * handed to the debug session on a thread of its own (it may run a debugger for as long as the user
     * likes); those of other jobs (replayed from the DVM's cache) are not ours.
     */
    private static final class ReadyJobs {
        private final PmixTool tool;
        private final DebugSession debug;
        private final String nspace;

        ReadyJobs(PmixTool tool, DebugSession debug, String nspace) {
            this.tool = tool;
            this.debug = debug;
            this.nspace = nspace;
        }

        void seen(PmixEvent e) {
            String ns = e.value(Attributes.NSPACE.key()).flatMap(Attributes.NSPACE::read)
                    .orElse(e.affected().isEmpty() ? e.source().nspace() : e.affected().get(0).nspace());
            if (nspace.equals(ns)) {
                Thread.ofPlatform().name("debug-" + ns).daemon(true).start(() -> debug.ready(tool, ns));
            }
        }
    }

    /** The end of our job: PMIX_EVENT_JOB_END naming it (the registration asks for no other). */
    private static final class JobEnd {
        private final CompletableFuture<PmixEvent> done = new CompletableFuture<>();
        private final String nspace;

        JobEnd(String nspace) {
            this.nspace = nspace;
        }

        void seen(PmixEvent e) {
            Proc affected = e.affected().isEmpty() ? e.source() : e.affected().get(0);
            if (nspace.equals(affected.nspace())) {
                done.complete(e);
            }
        }

        /** The connection to the DVM is gone: no end will come. */
        void lost() {
            done.complete(null);
        }

        CompletableFuture<PmixEvent> done() {
            return done;
        }

        PmixEvent event() {
            return done.getNow(null);
        }

        /** PMIX_EXIT_CODE of a failed job (the first failure's status, as pmix4j run exits), else 0 or 1. */
        int exitStatus() {
            PmixEvent e = event();
            Integer code = e.value(Attributes.EXIT_CODE.key()).flatMap(Attributes.EXIT_CODE::read).orElse(null);
            if (code != null) {
                return code == 0 ? 1 : code;
            }
            int term = e.value(Attributes.JOB_TERM_STATUS.key()).flatMap(Attributes.JOB_TERM_STATUS::read)
                    .orElse(PmixStatus.PMIX_SUCCESS);
            return term == PmixStatus.PMIX_SUCCESS ? 0 : 1;
        }
    }

}
