package org.pmix4j.runtime.session;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Consumer;
import org.pmix4j.api.Attribute;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Info;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;

/**
 * PMIx_Session_control at the runtime (docs/sessions.md, "Scheduler → runtime"): instantiate, terminate,
 * separate, extend, signal, pause and resume, one at a time. Only a persistent runtime (a DVM, the system
 * controller) serves it, and only to tools of its own user or root, as the kernel named them at connect.
 * Session id UINT32_MAX (-1) names every session. Each request is carried out on a thread of its own; a
 * terminate is answered once its sessions are gone.
 */
public final class SessionControl {
    private final SessionTable table;
    private final SessionJobs jobs;
    private final SessionEvents events;
    private final SessionDirectoryTree tree;
    private final ToolUsers tools;
    private final SessionListener listener;
    private final boolean serves;
    private final int runtimeUid;
    private final String hostname;
    private final Consumer<String> messages;

    /**
     * @param serves     whether this runtime serves session control (a DVM) or refuses it ({@code pmix4j run})
     * @param runtimeUid the runtime's user
     * @param messages   the runtime's messages (to its stderr)
     */
    public SessionControl(SessionTable table, SessionJobs jobs, SessionEvents events, SessionDirectoryTree tree,
            ToolUsers tools, SessionListener listener, boolean serves, int runtimeUid, String hostname,
            Consumer<String> messages) {
        this.table = table;
        this.jobs = jobs;
        this.events = events;
        this.tree = tree;
        this.tools = tools;
        this.listener = listener;
        this.serves = serves;
        this.runtimeUid = runtimeUid;
        this.hostname = hostname;
        this.messages = messages;
    }

    /** The operations, by the directive that asks for each. */
    private static final List<Attribute<?>> OPERATIONS = List.of(Attributes.SESSION_INSTANTIATE,
            Attributes.SESSION_TERMINATE, Attributes.SESSION_SEP, Attributes.SESSION_EXTEND,
            Attributes.SESSION_SIGNAL, Attributes.SESSION_PAUSE, Attributes.SESSION_RESUME);

    /** Operations of the Standard this runtime cannot carry out. */
    private static final List<Attribute<?>> UNSUPPORTED = List.of(Attributes.SESSION_PREEMPT,
            Attributes.SESSION_RESTORE, Attributes.SESSION_PROVISION_NODES, Attributes.SESSION_PROVISION_IMAGE,
            Attributes.SESSION_JOB, Attributes.SESSION_APP);

    /**
     * Carries out one request. A refusal is also said in the runtime's messages: the answer on the wire
     * carries the status only, and whoever started the DVM must learn why.
     */
    public CompletionStage<List<Info>> control(Proc requester, int sessionId, List<Info> directives) {
        return attempt(requester, sessionId, directives).whenComplete((ok, e) -> {
            if (e != null) {
                Throwable why = e instanceof java.util.concurrent.CompletionException && e.getCause() != null
                        ? e.getCause() : e;
                messages.accept("session control of session " + (sessionId == -1 ? "(all)"
                        : Integer.toUnsignedString(sessionId)) + " by " + requester + " was refused: "
                        + why.getMessage());
            }
        });
    }

    private CompletableFuture<List<Info>> attempt(Proc requester, int sessionId, List<Info> directives) {
        try {
            if (!serves) {
                throw new PmixException(PmixStatus.PMIX_ERR_NOT_SUPPORTED, "pmix4j run serves no session control:"
                        + " sessions are run by a persistent runtime (pmix4j dvm --system-server)");
            }
            int uid = authorize(requester);
            Attribute<?> op = operation(directives);
            CompletableFuture<List<Info>> answer = new CompletableFuture<>();
            Thread.ofVirtual().name("session-control").start(() -> {
                try {
                    answer.complete(carryOut(op, uid, sessionId, directives));
                } catch (RuntimeException e) {
                    answer.completeExceptionally(e);
                }
            });
            return answer;
        } catch (PmixException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    /** The requester's uid: a tool of the runtime's user or root; anyone else is refused. */
    private int authorize(Proc requester) {
        Integer uid = tools.uid(requester);
        if (uid == null) {
            throw new PmixException(PmixStatus.PMIX_ERR_NO_PERMISSIONS, "session control is for the scheduler and"
                    + " tools of this runtime's user; " + requester + " is a process of a job");
        }
        if (uid != runtimeUid && uid != 0) {
            throw new PmixException(PmixStatus.PMIX_ERR_NO_PERMISSIONS, "session control is for tools of this"
                    + " runtime's user (uid " + Integer.toUnsignedString(runtimeUid) + ") or root; " + requester
                    + " runs as uid " + Integer.toUnsignedString(uid));
        }
        return uid;
    }

    private static Attribute<?> operation(List<Info> directives) {
        for (Attribute<?> a : UNSUPPORTED) {
            if (a.isIn(directives)) {
                throw new PmixException(PmixStatus.PMIX_ERR_NOT_SUPPORTED, a.macroName() + " is not supported by"
                        + " this runtime's session control");
            }
        }
        List<Attribute<?>> asked = new ArrayList<>();
        for (Attribute<?> a : OPERATIONS) {
            // a flag set to false asks for nothing; the signal is asked for by its presence
            boolean given = a.javaType() == Boolean.class ? Boolean.TRUE.equals(a.find(directives).orElse(null))
                    : a.isIn(directives);
            if (given) {
                asked.add(a);
            }
        }
        if (asked.size() != 1) {
            throw new PmixException(PmixStatus.PMIX_ERR_BAD_PARAM, asked.isEmpty()
                    ? "session control without an operation (PMIX_SESSION_INSTANTIATE, _TERMINATE, _SEP, _EXTEND,"
                    + " _SIGNAL, _PAUSE or _RESUME)"
                    : "session control asks for " + asked.stream().map(Attribute::macroName).toList()
                    + " at once; one operation per request");
        }
        return asked.get(0);
    }

    private List<Info> carryOut(Attribute<?> op, int uid, int sessionId, List<Info> directives) {
        if (op == Attributes.SESSION_INSTANTIATE) {
            return instantiate(uid, sessionId, directives);
        }
        List<Session> targets = targets(sessionId, op);
        if (op == Attributes.SESSION_TERMINATE) {
            String why = SessionKeys.REASON.find(directives).orElse("terminated by its scheduler");
            terminate(targets, why);
        } else if (op == Attributes.SESSION_SEP) {
            targets.forEach(table::separate);
        } else if (op == Attributes.SESSION_EXTEND) {
            SessionRequest more = SessionRequest.of(directives, hostname, false);
            for (Session s : targets) {
                jobs.whileNoJobIsPlaced(() -> {
                    table.extend(s, more.slots(), more.timeSeconds(), jobs.runningProcesses(SessionData.DEFAULT_SESSION_ID));
                    return null;
                });
            }
        } else {
            String signal = op == Attributes.SESSION_PAUSE ? "STOP" : op == Attributes.SESSION_RESUME ? "CONT"
                    : signalNumber(Attributes.SESSION_SIGNAL.find(directives).orElse(0));
            for (Session s : targets) {
                jobs.signal(s.runningJobs(), signal);
            }
        }
        return sessionId == -1 ? List.of() : List.of(Attributes.SESSION_ID.info(sessionId));
    }

    private static String signalNumber(int sig) {
        if (sig <= 0 || sig > 64) {
            throw new PmixException(PmixStatus.PMIX_ERR_BAD_PARAM, "PMIX_SESSION_SIGNAL " + sig
                    + " is not a signal number");
        }
        return Integer.toString(sig);
    }

    /** The sessions an operation other than instantiate names: one, or every one (-1). */
    private List<Session> targets(int sessionId, Attribute<?> op) {
        if (sessionId == -1) {
            return table.sessions();
        }
        if (sessionId == SessionData.DEFAULT_SESSION_ID) {
            throw new PmixException(PmixStatus.PMIX_ERR_BAD_PARAM, op.macroName() + " of session 0: the runtime's"
                    + " default session is not a scheduler's to control");
        }
        Session s = table.find(sessionId);
        if (s == null) {
            throw new PmixException(PmixStatus.PMIX_ERR_NOT_FOUND, "session " + Integer.toUnsignedString(sessionId)
                    + ": no such session in this runtime");
        }
        return List.of(s);
    }

    private List<Info> instantiate(int uid, int sessionId, List<Info> directives) {
        SessionRequest req = SessionRequest.of(directives, hostname, true);
        Session s = jobs.whileNoJobIsPlaced(() -> table.instantiate(sessionId, req, uid,
                jobs.runningProcesses(SessionData.DEFAULT_SESSION_ID)));
        try {
            tree.create(s);
        } catch (PmixException e) {
            table.remove(s);
            throw e;
        }
        messages.accept(s + " instantiated: " + s.slots() + " slots on " + s.node()
                + (s.parent() != null ? ", child of session " + Integer.toUnsignedString(s.parent()) : "")
                + (s.separated() ? ", separated" : ""));
        events.started(s);
        List<Info> out = new ArrayList<>(List.of(Attributes.SESSION_ID.info(s.id())));
        if (s.allocId() != null) {
            out.add(Attributes.ALLOC_ID.info(s.allocId()));
        }
        return out;
    }

    /**
     * Ends the sessions and those that end with them (their children unless separated); returns once all
     * are gone, including those another request was already ending.
     */
    public void terminate(List<Session> targets, String why) {
        Map<Integer, Session> ending = new LinkedHashMap<>();
        List<CompletableFuture<Void>> waits = new ArrayList<>();
        for (Session t : targets) {
            List<Session> started = table.beginEnding(t);
            started.forEach(s -> ending.put(s.id(), s));
            waits.add(t.gone());
        }
        for (Session s : ending.values()) {
            String reason = targets.contains(s) ? why
                    : "its parent session " + Integer.toUnsignedString(s.parent()) + " ended";
            Thread.ofVirtual().name("session-end").start(() -> end(s, reason));
            waits.add(s.gone());
        }
        CompletableFuture.allOf(waits.toArray(CompletableFuture[]::new)).join();
    }

    /** Tells the session's processes, stops its jobs, removes its directory, gives its slots back. */
    private void end(Session s, String why) {
        try {
            messages.accept(s + " ends (" + why + "): stopping its jobs " + s.runningJobs());
            events.ending(s, why);
            List<SessionJobs.JobEnd> stopped = jobs.stop(s.runningJobs(), s + " ended: " + why).join();
            Map<String, SessionJobs.JobEnd> ends = s.jobEnds();
            stopped.forEach(e -> ends.put(e.nspace(), e));
            List<SessionJobs.JobEnd> all = new ArrayList<>();
            ends.forEach((ns, e) -> all.add(e != null ? e : new SessionJobs.JobEnd(ns, 0, PmixStatus.PMIX_SUCCESS)));
            tree.remove(s);
            table.remove(s);
            try {
                listener.sessionEnded(new SessionListener.EndedSession(s.id(), s.allocId(), all));
            } catch (RuntimeException e) {
                messages.accept("telling of the end of " + s + " failed: " + e);
            }
            s.gone().complete(null);
        } catch (RuntimeException e) {
            messages.accept("ending " + s + " failed: " + e);
            table.remove(s);
            s.gone().complete(null);
        }
    }
}
