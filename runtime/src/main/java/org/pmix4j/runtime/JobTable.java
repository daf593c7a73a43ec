package org.pmix4j.runtime;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.TreeMap;
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
final class JobTable implements JobsByNamespace {
    /** Places a job within its session's slots, beside what runs on the node. */
    interface Placer {
        /**
         * @param usage by node id: on this node (0) the session's running processes (its slots' users) and
         *              the CPUs every running process holds (bindings never collide, whatever the session); on
         *              the other nodes every running process there
         * @param slots the session's slots, or null when the runtime has no session but the default one
         *              (then placement is the runtime's own, as without sessions)
         */
        JobMap place(Map<Integer, NodeUsage> usage, JobPlacer.SessionSlots slots);
    }

    private final String base;
    private final SessionTable sessions;
    private final Map<String, Job> jobs = new LinkedHashMap<>();
    private int jobCounter;
    private int toolCounter;
    /** By node id: the node rank the next process placed there gets. */
    private final Map<Integer, Integer> nextNodeRank = new HashMap<>();
    private boolean closed;
    private final java.util.ArrayDeque<String> ended = new java.util.ArrayDeque<>();
    /** The jobs of fork/exec agents (PMIX_FORKEXEC_AGENT) by namespace, each with the job it stands beside. */
    private final Map<String, Job> agentJobs = new LinkedHashMap<>();

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
        for (ProcPlacement p : map.procs()) {
            nextNodeRank.merge(p.node(), 1, Integer::sum);
        }
        Job job = new Job(nspace, apps, map, parent, directives, byTool, session.id());
        jobs.put(nspace, job);
        sessions.jobStarted(session, nspace);
        return job;
    }

    /**
     * What the running processes take, by node id: on this node (0) those of session {@code session} its
     * slots, all of them their CPUs (sessions are this node's for now); on another node all of them. A
     * node without live processes but with node ranks given out is there too.
     */
    private Map<Integer, NodeUsage> usage(int session) {
        Map<Integer, List<ProcPlacement>> live = new TreeMap<>();
        int inSession = 0;
        for (Job j : jobs.values()) {
            // debugger daemons take no slots (DaemonPlacement): a job placed later does not count them
            if (j.debuggerDaemons()) {
                continue;
            }
            boolean ended = j.ended().isDone();
            for (ProcPlacement placed : j.placement().procs()) {
                LaunchedProcess p = j.process(placed.rank());
                // a rank not started yet is as busy as a running one: on another node its start is reported
                // later, and a spawn its job's first process makes may be placed before that report
                if (p == null ? !ended : p.isAlive()) {
                    live.computeIfAbsent(placed.node(), n -> new ArrayList<>()).add(placed);
                    if (j.session() == session && placed.node() == 0) {
                        inSession++;
                    }
                }
            }
        }
        Map<Integer, NodeUsage> out = new HashMap<>();
        for (Integer node : union(live.keySet(), nextNodeRank.keySet())) {
            NodeUsage all = NodeUsage.of(live.getOrDefault(node, List.of()), nextNodeRank.getOrDefault(node, 0));
            out.put(node, node == 0 ? new NodeUsage(inSession, all.busy(), all.nextNodeRank()) : all);
        }
        out.putIfAbsent(0, NodeUsage.IDLE);
        return out;
    }

    private static java.util.Set<Integer> union(java.util.Set<Integer> a, java.util.Set<Integer> b) {
        java.util.Set<Integer> out = new java.util.TreeSet<>(a);
        out.addAll(b);
        return out;
    }

    /** The live processes of the jobs of a session (on this node, where sessions are). */
    synchronized int runningProcesses(int session) {
        return usage(session).get(0).procs();
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

    /** The processes on this node (node 0) as {@code job} is registered: {@link #procsOnNode(Job, int)}. */
    synchronized List<Proc> procsOnNode(Job job) {
        return procsOnNode(job, 0);
    }

    /**
     * The processes on node {@code node} as {@code job} is registered, for its PMIX_LOCAL_PROCS there: those
     * of the other jobs that have not ended (started and alive, or placed and not started yet), then the
     * ranks of {@code job} there, by job and rank. As with PRRTE it is what the node holds at registration;
     * jobs started later are not added to it.
     */
    synchronized List<Proc> procsOnNode(Job job, int node) {
        List<Proc> out = new ArrayList<>();
        for (Job j : jobs.values()) {
            if (j == job || j.ended().isDone()) {
                continue;
            }
            for (ProcPlacement p : j.placement().procs()) {
                if (p.node() != node) {
                    continue;
                }
                LaunchedProcess started = j.process(p.rank());
                if (started == null || started.isAlive()) {
                    out.add(new Proc(j.nspace(), p.rank()));
                }
            }
        }
        for (ProcPlacement p : job.placement().procsOn(node)) {
            out.add(new Proc(job.nspace(), p.rank()));
        }
        return out;
    }

    /** {@link #procsOnNode(Job, int)} for each node of {@code job}, by node id in the job's node order. */
    synchronized Map<Integer, List<Proc>> procsByNode(Job job) {
        Map<Integer, List<Proc>> out = new LinkedHashMap<>();
        for (org.pmix4j.runtime.placement.JobNode n : job.placement().nodes()) {
            out.put(n.id(), procsOnNode(job, n.id()));
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

    /**
     * Names the job of the fork/exec agents of {@code application} (a namespace as any job's) and keeps it,
     * for queries, until {@link #closeAgentJob}. Its processes are the application's: it is entered as no
     * job of its own, so that it takes no slots, node ranks nor places among the node's processes.
     */
    synchronized String openAgentJob(Job application) {
        String nspace = base + "@" + (++jobCounter);
        agentJobs.put(nspace, application);
        return nspace;
    }

    /** Forgets the agents' job of {@code application}; its namespace, or {@code null} if it had none. */
    synchronized String closeAgentJob(Job application) {
        for (Map.Entry<String, Job> e : agentJobs.entrySet()) {
            if (e.getValue() == application) {
                agentJobs.remove(e.getKey());
                return e.getKey();
            }
        }
        return null;
    }

    /** The agents' jobs open now, by namespace, each with the job it stands beside. */
    synchronized Map<String, Job> agentJobs() {
        return new LinkedHashMap<>(agentJobs);
    }

    /** A fresh namespace for a tool that connected without one. */
    synchronized String toolNamespace() {
        return base + "@tool." + (++toolCounter);
    }

    @Override
    public synchronized Job job(String nspace) {
        return jobs.get(nspace);
    }

    synchronized List<Job> jobs() {
        return List.copyOf(jobs.values());
    }

    /**
     * The jobs whose end has not been handled yet ({@link #ended} not called): a job stays listed until its
     * PMIX_EVENT_JOB_END was raised, so a tool that sees it gone from PMIX_QUERY_NAMESPACES finds its end cached.
     */
    synchronized List<Job> running() {
        return jobs.values().stream().filter(j -> !ended.contains(j.nspace())).toList();
    }

    /** The process of a job, or {@code null}. */
    LaunchedProcess process(Proc p) {
        Job j = job(p.nspace());
        return j == null ? null : j.process(p.rank());
    }
}
