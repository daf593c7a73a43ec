package org.pmix4j.runtime;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.pmix4j.api.Info;
import org.pmix4j.api.Proc;
import org.pmix4j.runtime.placement.JobMap;
import org.pmix4j.runtime.placement.NodeUsage;
import org.pmix4j.runtime.placement.ProcPlacement;
import org.pmix4j.runtime.session.Session;
import org.pmix4j.runtime.session.SessionTable;

/**
 * The jobs of one runtime, by namespace, and their names: {@code <base>@N} for jobs, {@code <base>@tool.N}
 * for tools that connect without a namespace. A job is entered when it is placed ({@link #open}) and stays
 * after it ended (queries still report it); the table can be closed to new jobs when the runtime stops.
 * Each job runs in a session of the {@link SessionTable}, chosen when it is placed, and is placed within
 * that session's slots. Thread-safe: launches, upcalls and process watchers all read it.
 */
final class JobTable {
    /** Places a job within its session's slots, beside what runs on the node. */
    interface Placer {
        /**
         * @param usage the session's running processes (its slots' users) and the CPUs every running
         *              process holds (bindings never collide, whatever the session)
         * @param slots the session's slots, or null when the runtime has no session but the default one
         *              (then placement is the runtime's own, as without sessions)
         */
        JobMap place(NodeUsage usage, JobPlacer.SessionSlots slots);
    }

    private final String base;
    private final SessionTable sessions;
    private final Map<String, Job> jobs = new LinkedHashMap<>();
    private int jobCounter;
    private int toolCounter;
    private int nextNodeRank;
    private boolean closed;
    private final java.util.ArrayDeque<String> ended = new java.util.ArrayDeque<>();

    /** How many ended jobs a table keeps for queries; older ones are forgotten (a DVM runs jobs forever). */
    static final int ENDED_JOBS_KEPT = 64;

    /**
     * @param base     the prefix of every namespace ({@code pmix4j-<host>-<pid>})
     * @param sessions the runtime's sessions
     */
    JobTable(String base, SessionTable sessions) {
        this.base = base;
        this.sessions = sessions;
    }

    SessionTable sessions() {
        return sessions;
    }

    /**
     * Assigns a new job to its session ({@link SessionTable#assign}), places, names and enters it.
     * {@code placer} gets what the processes running now take of the node; it runs under the table's lock,
     * so two jobs started at once never take the same CPUs, node ranks or session slots. Refused with a
     * LaunchException once the table is closed, and with PMIX_ERR_NOT_FOUND for a session that is not here.
     */
    synchronized Job open(List<AppContext> apps, List<Info> directives, Proc parent, Placer placer) {
        if (closed) {
            throw new LaunchException("the launcher is stopping; no new job is started", 1);
        }
        // a requester that is none of our processes is a tool
        Job parentJob = parent == null ? null : jobs.get(parent.nspace());
        boolean byTool = parent != null && parentJob == null;
        Session session = sessions.assign(directives, parentJob == null ? null : parentJob.session());
        JobPlacer.SessionSlots slots = null;
        if (!session.isDefault() || sessions.hasSessions()) {
            slots = new JobPlacer.SessionSlots(sessions.slotsOf(session), session.isDefault()
                    ? "of the default session: this node's " + sessions.poolSlots() + " minus those of the"
                    + " scheduler's sessions"
                    : "of " + session);
        }
        JobMap map = placer.place(usage(session.id()), slots);
        String nspace = base + "@" + (++jobCounter);
        nextNodeRank += map.size();
        Job job = new Job(nspace, apps, map, parent, directives, byTool, session.id());
        jobs.put(nspace, job);
        sessions.jobStarted(session, nspace);
        return job;
    }

    /** What the running processes take: those of session {@code session} its slots, all of them their CPUs. */
    private NodeUsage usage(int session) {
        List<ProcPlacement> live = new ArrayList<>();
        int inSession = 0;
        for (Job j : jobs.values()) {
            for (LaunchedProcess p : j.processes()) {
                if (p.isAlive()) {
                    live.add(j.placement().proc(p.proc().rank()));
                    if (j.session() == session) {
                        inSession++;
                    }
                }
            }
        }
        NodeUsage all = NodeUsage.of(live, nextNodeRank);
        return new NodeUsage(inSession, all.busy(), all.nextNodeRank());
    }

    /** The live processes of the jobs of a session. */
    synchronized int runningProcesses(int session) {
        return usage(session).procs();
    }

    /** Runs {@code action} while no job is placed (under the table's lock). */
    synchronized <T> T whileNoJobIsPlaced(java.util.function.Supplier<T> action) {
        return action.get();
    }

    /**
     * The running jobs spawned by processes of {@code parent} that end with it (PRRTE's rule: unless
     * PMIX_SPAWN_CHILD_SEP or PMIX_JOB_CTRL_SEP separated them).
     */
    synchronized List<Job> childJobsEndingWith(Job parent) {
        List<Job> out = new ArrayList<>();
        for (Job j : jobs.values()) {
            if (j.endsWithParentJob() && j.parent().nspace().equals(parent.nspace()) && !j.ended().isDone()) {
                out.add(j);
            }
        }
        return out;
    }

    /**
     * The processes on this node as {@code job} is registered, for its PMIX_LOCAL_PROCS: those of the other
     * jobs that have not ended (started and alive, or placed and not started yet), then every rank of
     * {@code job}, by job and rank. As with PRRTE it is what the node holds at registration; jobs started
     * later are not added to it.
     */
    synchronized List<Proc> procsOnNode(Job job) {
        List<Proc> out = new ArrayList<>();
        for (Job j : jobs.values()) {
            if (j == job || j.ended().isDone()) {
                continue;
            }
            for (ProcPlacement p : j.placement().procs()) {
                LaunchedProcess started = j.process(p.rank());
                if (started == null || started.isAlive()) {
                    out.add(new Proc(j.nspace(), p.rank()));
                }
            }
        }
        for (ProcPlacement p : job.placement().procs()) {
            out.add(new Proc(job.nspace(), p.rank()));
        }
        return out;
    }

    /** A job ended: it is kept for queries until {@link #ENDED_JOBS_KEPT} later jobs have ended too. */
    synchronized void ended(Job job) {
        if (jobs.get(job.nspace()) != job) {
            return;
        }
        sessions.jobEnded(job.session(), job.nspace(), job.exitStatus(), job.termStatus());
        ended.addLast(job.nspace());
        while (ended.size() > ENDED_JOBS_KEPT) {
            jobs.remove(ended.removeFirst());
        }
    }

    /** The running jobs a tool launched that end with it (no PMIX_NOHUP). */
    synchronized List<Job> launchedBy(Proc tool) {
        List<Job> out = new ArrayList<>();
        for (Job j : jobs.values()) {
            if (j.launchedByTool() && tool.equals(j.parent()) && !j.nohup() && !j.ended().isDone()) {
                out.add(j);
            }
        }
        return out;
    }

    /** Forgets a job none of whose processes was started. */
    synchronized void remove(String nspace) {
        Job j = jobs.remove(nspace);
        if (j != null) {
            sessions.jobNeverStarted(j.session(), nspace);
        }
    }

    /** Takes no new job from now on; returns every job it holds (to be stopped). */
    synchronized List<Job> close() {
        closed = true;
        return List.copyOf(jobs.values());
    }

    /** A fresh namespace for a tool that connected without one. */
    synchronized String toolNamespace() {
        return base + "@tool." + (++toolCounter);
    }

    synchronized Job job(String nspace) {
        return jobs.get(nspace);
    }

    synchronized List<Job> jobs() {
        return List.copyOf(jobs.values());
    }

    /** The process of a job, or {@code null}. */
    LaunchedProcess process(Proc p) {
        Job j = job(p.nspace());
        return j == null ? null : j.process(p.rank());
    }
}
