package org.pmix4j.runtime.session;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Info;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;

/**
 * The sessions of one runtime: the default session 0 (the runtime's node pool: {@code --host} /
 * {@code --hostfile} slots or the node's default, minus the slots of the other sessions) and those a
 * scheduler instantiated. It assigns each new job to its session in the order of the session spec
 * ({@link #assign}). Thread-safe; callers that must also count running processes ({@link #instantiate},
 * {@link #extend}) hold the job table's placement lock first, so that no job is placed meanwhile.
 */
public final class SessionTable {
    private final int poolSlots;
    private final Path directories;
    private final Session defaultSession;
    private final Map<Integer, Session> sessions = new LinkedHashMap<>();

    /**
     * @param hostname    this node
     * @param poolSlots   the runtime's slots on this node
     * @param directories where sessions' levels of the session-directory tree go ({@code session.<id>}), or
     *                    null when they get none
     * @param uid         the runtime's user (the default session's owner)
     */
    public SessionTable(String hostname, int poolSlots, Path directories, int uid) {
        this.poolSlots = poolSlots;
        this.directories = directories;
        this.defaultSession = new Session(SessionData.DEFAULT_SESSION_ID, null, null, uid, hostname, poolSlots, null, true, 0, null);
    }

    public Session defaultSession() {
        return defaultSession;
    }

    /** The runtime's slots on this node, all sessions together. */
    public int poolSlots() {
        return poolSlots;
    }

    /** A session's slots: the default session has the pool minus what the other sessions hold. */
    public synchronized int slotsOf(Session s) {
        if (!s.isDefault()) {
            return s.slots();
        }
        int held = 0;
        for (Session o : sessions.values()) {
            held += o.slots();
        }
        return Math.max(0, poolSlots - held);
    }

    /** Whether any session but the default one exists (else placement is what it was without sessions). */
    public synchronized boolean hasSessions() {
        return !sessions.isEmpty();
    }

    /** A session by id (0 is the default session), or null. */
    public synchronized Session find(int id) {
        return id == SessionData.DEFAULT_SESSION_ID ? defaultSession : sessions.get(id);
    }

    /** The sessions other than the default one, in creation order. */
    public synchronized List<Session> sessions() {
        return List.copyOf(sessions.values());
    }

    /**
     * The session a new job runs in, in the order of the session spec: PMIX_SESSION_ID if given, else
     * PMIX_ALLOC_ID, else PMIX_ALLOC_REQ_ID, else the parent job's session (the requester is one of our
     * processes), else the default session (a tool, or the launcher's own job).
     *
     * @param parentJobSession the session of the requester's job when the requester is one of our processes
     * @throws PmixException PMIX_ERR_NOT_FOUND naming what was asked when no such session is running here
     */
    public synchronized Session assign(List<Info> directives, Integer parentJobSession) {
        Integer id = Attributes.SESSION_ID.find(directives).orElse(null);
        if (id != null) {
            return running(find(id), "PMIX_SESSION_ID " + Integer.toUnsignedString(id));
        }
        String allocId = Attributes.ALLOC_ID.find(directives).orElse(null);
        if (allocId != null) {
            return running(byAllocId(allocId), "PMIX_ALLOC_ID \"" + allocId + "\"");
        }
        String reqId = Attributes.ALLOC_REQ_ID.find(directives).orElse(null);
        if (reqId != null) {
            return running(byRequestId(reqId), "PMIX_ALLOC_REQ_ID \"" + reqId + "\"");
        }
        if (parentJobSession != null) {
            return running(find(parentJobSession), "the parent job's session " + Integer.toUnsignedString(
                    parentJobSession));
        }
        return defaultSession;
    }

    private static Session running(Session s, String asked) {
        if (s == null) {
            throw new PmixException(PmixStatus.PMIX_ERR_NOT_FOUND, asked + ": no such session in this runtime");
        }
        if (s.state() != Session.State.ACTIVE) {
            throw new PmixException(PmixStatus.PMIX_ERR_NOT_FOUND, asked + ": the session is ending; it takes no"
                    + " new job");
        }
        return s;
    }

    private Session byAllocId(String allocId) {
        for (Session s : sessions.values()) {
            if (allocId.equals(s.allocId())) {
                return s;
            }
        }
        return null;
    }

    private Session byRequestId(String reqId) {
        for (Session s : sessions.values()) {
            if (reqId.equals(s.requestId())) {
                return s;
            }
        }
        return null;
    }

    /**
     * Creates session {@code id} from a scheduler's request; its slots leave the default session.
     *
     * @param ownerUid          the owner when the request names none
     * @param runningInDefault  the processes running in the default session now (they keep their slots)
     * @throws PmixException PMIX_EXISTS for an id in use, PMIX_ERR_BAD_PARAM for id 0 or UINT32_MAX or an
     *                       unknown parent, PMIX_ERR_OUT_OF_RESOURCE for more slots than the default session
     *                       has free
     */
    public synchronized Session instantiate(int id, SessionRequest req, int ownerUid, int runningInDefault) {
        if (id == SessionData.DEFAULT_SESSION_ID || id == -1) {
            throw new PmixException(PmixStatus.PMIX_ERR_BAD_PARAM, "session id " + Integer.toUnsignedString(id)
                    + " cannot be instantiated: 0 is the runtime's default session and 4294967295 means every"
                    + " session");
        }
        if (sessions.containsKey(id)) {
            throw new PmixException(PmixStatus.PMIX_EXISTS, "session " + Integer.toUnsignedString(id)
                    + " already exists in this runtime");
        }
        if (req.slots() < 1) {
            throw new PmixException(PmixStatus.PMIX_ERR_BAD_PARAM, "session " + Integer.toUnsignedString(id)
                    + " needs at least one slot");
        }
        Session parent = null;
        if (req.parent() != null && req.parent() != SessionData.DEFAULT_SESSION_ID) {
            parent = sessions.get(req.parent());
            if (parent == null) {
                throw new PmixException(PmixStatus.PMIX_ERR_BAD_PARAM, "pmix4j.ssn.parent "
                        + Integer.toUnsignedString(req.parent()) + ": no such session in this runtime");
            }
        }
        checkFree(req.slots(), runningInDefault, "session " + Integer.toUnsignedString(id));
        Path dir = directories == null ? null : directories.resolve("session." + Integer.toUnsignedString(id));
        Session s = new Session(id, req.allocId(), req.requestId(), req.owner() != null ? req.owner() : ownerUid,
                defaultSession.node(), req.slots(), parent == null ? null : parent.id(), req.childSep(),
                req.timeSeconds(), dir);
        sessions.put(id, s);
        if (parent != null) {
            parent.addChild(id);
        }
        return s;
    }

    /** Gives a session more slots (and time); the slots leave the default session. */
    public synchronized void extend(Session s, int slots, long seconds, int runningInDefault) {
        if (slots > 0) {
            checkFree(slots, runningInDefault, s.toString());
            s.addSlots(slots);
        }
        if (seconds > 0) {
            s.extendTime(seconds);
        }
    }

    private void checkFree(int slots, int runningInDefault, String what) {
        int free = slotsOf(defaultSession) - runningInDefault;
        if (slots > free) {
            throw new PmixException(PmixStatus.PMIX_ERR_OUT_OF_RESOURCE, what + " asks for " + slots + " slots but"
                    + " only " + Math.max(0, free) + " of the " + poolSlots + " slots of this node are free (the"
                    + " other sessions hold " + (poolSlots - slotsOf(defaultSession)) + ", the default session's"
                    + " processes use " + runningInDefault + ")");
        }
    }

    /**
     * The sessions that end with {@code s}: itself, then its children that are not separated, and theirs,
     * depth first. Each is marked {@link Session.State#ENDING}, so that no job starts in it any more.
     */
    public synchronized List<Session> beginEnding(Session s) {
        List<Session> out = new ArrayList<>();
        collect(s, out);
        return out;
    }

    private void collect(Session s, List<Session> out) {
        if (s.state() != Session.State.ACTIVE) {
            return;
        }
        s.state(Session.State.ENDING);
        out.add(s);
        for (int c : s.children()) {
            Session child = sessions.get(c);
            if (child != null && !child.separated()) {
                collect(child, out);
            }
        }
    }

    /** A session has ended: it is forgotten, its slots go back to the default session, its separated children live on alone. */
    public synchronized void remove(Session s) {
        s.state(Session.State.ENDED);
        sessions.remove(s.id());
        if (s.parent() != null) {
            Session p = sessions.get(s.parent());
            if (p != null) {
                p.removeChild(s.id());
            }
        }
        for (int c : s.children()) {
            Session child = sessions.get(c);
            if (child != null) {
                child.orphan();
            }
        }
    }

    /** A session no longer ends with its parent (PMIX_SESSION_SEP). */
    public void separate(Session s) {
        s.separate();
    }

    /** A job was started in {@code s}. */
    public void jobStarted(Session s, String nspace) {
        if (!s.isDefault()) {
            s.addJob(nspace);
        }
    }

    /** A job that never started is forgotten. */
    public void jobNeverStarted(int sessionId, String nspace) {
        Session s = find(sessionId);
        if (s != null) {
            s.removeJob(nspace);
        }
    }

    /** A job of session {@code sessionId} ended with these statuses (its exit status, PMIX_JOB_TERM_STATUS). */
    public void jobEnded(int sessionId, String nspace, int exitStatus, int termStatus) {
        Session s = find(sessionId);
        if (s != null) {
            s.jobEnded(new SessionJobs.JobEnd(nspace, exitStatus, termStatus));
        }
    }
}
