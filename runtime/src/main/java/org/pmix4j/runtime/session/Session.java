package org.pmix4j.runtime.session;

import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One session of the runtime (shared/spec/prrte-sessions-and-jobs.txt): a scheduler's allocation of slots
 * within which the runtime runs jobs, or the default session 0 (the node pool minus the other sessions).
 * Its numeric id is the scheduler's (required), its allocation id the scheduler's name for it and its request
 * id the user's (both optional). It knows its jobs (by namespace, with their exit status once ended), its
 * child sessions (created by requests from within it) and its parent. Only this node for now: its slots are
 * all on {@link #node}. Thread-safe; the {@link SessionTable} changes it under its own lock.
 */
public final class Session {
    /** Where a session is in its life. */
    public enum State {
        /** Jobs may be started in it. */
        ACTIVE,
        /** Being terminated: no new job, its jobs are being stopped. */
        ENDING,
        /** Gone: its jobs stopped, its slots back in the default session. */
        ENDED
    }

    private final int id;
    private final String allocId;
    private final String requestId;
    private final int ownerUid;
    private final String node;
    private final Instant started = Instant.now();
    private final Path directory;
    private final Map<String, SessionJobs.JobEnd> jobs = new LinkedHashMap<>();
    private final Set<Integer> children = new LinkedHashSet<>();
    private int slots;
    private Integer parent;
    private boolean separated;
    private long timeLimitSeconds;
    private State state = State.ACTIVE;
    private final java.util.concurrent.CompletableFuture<Void> gone = new java.util.concurrent.CompletableFuture<>();

    /**
     * @param allocId          PMIX_ALLOC_ID, or null
     * @param requestId        PMIX_ALLOC_REQ_ID, or null
     * @param parent           the session it was requested from, or null
     * @param separated        it lives on when its parent ends (PMIX_ALLOC_CHILD_SEP)
     * @param timeLimitSeconds PMIX_ALLOC_TIME (informational: the scheduler enforces it), 0 for none
     * @param directory        its level of the session-directory tree, or null (the default session's is
     *                         the runtime's own)
     */
    Session(int id, String allocId, String requestId, int ownerUid, String node, int slots, Integer parent,
            boolean separated, long timeLimitSeconds, Path directory) {
        this.id = id;
        this.allocId = allocId;
        this.requestId = requestId;
        this.ownerUid = ownerUid;
        this.node = node;
        this.slots = slots;
        this.parent = parent;
        this.separated = separated;
        this.timeLimitSeconds = timeLimitSeconds;
        this.directory = directory;
    }

    public int id() {
        return id;
    }

    /** The id as the Standard prints it (an unsigned 32-bit number). */
    public String label() {
        return Integer.toUnsignedString(id);
    }

    public boolean isDefault() {
        return id == SessionData.DEFAULT_SESSION_ID;
    }

    public String allocId() {
        return allocId;
    }

    public String requestId() {
        return requestId;
    }

    public int ownerUid() {
        return ownerUid;
    }

    /** The node its slots are on (this node). */
    public String node() {
        return node;
    }

    /** Its nodes' names, in order (one for now). */
    public List<String> nodeNames() {
        return List.of(node);
    }

    public Instant started() {
        return started;
    }

    /** Its level of the session-directory tree (holding its jobs' directories), or null for the default session. */
    public Path directory() {
        return directory;
    }

    /**
     * Its slots. For the default session the {@link SessionTable} computes them ({@link SessionTable#slotsOf});
     * this is a scheduler's session's own count.
     */
    public synchronized int slots() {
        return slots;
    }

    synchronized void addSlots(int more) {
        slots += more;
    }

    /** The session it was requested from, or null. */
    public synchronized Integer parent() {
        return parent;
    }

    synchronized void orphan() {
        parent = null;
    }

    /** It does not end with its parent (PMIX_ALLOC_CHILD_SEP, PMIX_SESSION_SEP). */
    public synchronized boolean separated() {
        return separated;
    }

    synchronized void separate() {
        separated = true;
    }

    /** PMIX_ALLOC_TIME in seconds, 0 for none: the scheduler enforces it, the runtime only reports it. */
    public synchronized long timeLimitSeconds() {
        return timeLimitSeconds;
    }

    synchronized void extendTime(long seconds) {
        timeLimitSeconds += seconds;
    }

    public synchronized State state() {
        return state;
    }

    synchronized void state(State s) {
        state = s;
    }

    /** Completes when the session has ended: its jobs stopped, its directory and slots given back. */
    public java.util.concurrent.CompletableFuture<Void> gone() {
        return gone;
    }

    /** Its child sessions' ids. */
    public synchronized List<Integer> children() {
        return List.copyOf(children);
    }

    synchronized void addChild(int child) {
        children.add(child);
    }

    synchronized void removeChild(int child) {
        children.remove(child);
    }

    /** The namespaces of its jobs, running or ended, in start order. */
    public synchronized List<String> jobs() {
        return List.copyOf(jobs.keySet());
    }

    /** The namespaces of its jobs that have not ended. */
    public synchronized List<String> runningJobs() {
        List<String> out = new ArrayList<>();
        jobs.forEach((ns, status) -> {
            if (status == null) {
                out.add(ns);
            }
        });
        return out;
    }

    /** How each job ended (null while it runs). */
    public synchronized Map<String, SessionJobs.JobEnd> jobEnds() {
        return new LinkedHashMap<>(jobs);
    }

    synchronized void addJob(String nspace) {
        jobs.put(nspace, null);
    }

    synchronized void jobEnded(SessionJobs.JobEnd end) {
        if (jobs.containsKey(end.nspace())) {
            jobs.put(end.nspace(), end);
        }
    }

    /** Forgets a job that never started. */
    synchronized void removeJob(String nspace) {
        jobs.remove(nspace);
    }

    /**
     * What a job of this session registers about it (PMIX_SESSION_INFO_ARRAY): its id, allocation id, node and
     * slots, the slots counted as at least {@code jobSize} (an oversubscribed job's universe is the job).
     */
    public synchronized SessionData data(int jobSize) {
        int n = Math.max(slots, jobSize);
        return new SessionData(id, allocId, n, List.of(new SessionData.Node(node, n)));
    }

    @Override
    public String toString() {
        return "session " + label() + (allocId != null ? " (" + allocId + ")" : "");
    }
}
