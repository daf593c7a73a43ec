package org.pmix4j.runtime;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.pmix4j.api.Info;
import org.pmix4j.api.Proc;
import org.pmix4j.runtime.placement.JobMap;
import org.pmix4j.runtime.placement.NodeUsage;
import org.pmix4j.runtime.placement.ProcPlacement;

/**
 * The jobs of one runtime, by namespace, and their names: {@code <base>@N} for jobs, {@code <base>@tool.N}
 * for tools that connect without a namespace. A job is entered when it is placed ({@link #open}) and stays
 * after it ended (queries still report it); the table can be closed to new jobs when the runtime stops.
 * Thread-safe: launches, upcalls and process watchers all read it.
 */
final class JobTable {
    private final String base;
    private final Map<String, Job> jobs = new LinkedHashMap<>();
    private int jobCounter;
    private int toolCounter;
    private int nextNodeRank;
    private boolean closed;
    private final java.util.ArrayDeque<String> ended = new java.util.ArrayDeque<>();

    /** How many ended jobs a table keeps for queries; older ones are forgotten (a DVM runs jobs forever). */
    static final int ENDED_JOBS_KEPT = 64;

    /** @param base the prefix of every namespace ({@code pmix4j-<host>-<pid>}) */
    JobTable(String base) {
        this.base = base;
    }

    /**
     * Places, names and enters a new job. {@code placer} gets what the processes running now take of the
     * node; it runs under the table's lock, so two jobs started at once never take the same CPUs or node
     * ranks. Refused with a LaunchException once the table is closed.
     */
    synchronized Job open(List<AppContext> apps, List<Info> directives, Proc parent, Function<NodeUsage, JobMap> placer) {
        if (closed) {
            throw new LaunchException("the launcher is stopping; no new job is started", 1);
        }
        JobMap map = placer.apply(usage());
        String nspace = base + "@" + (++jobCounter);
        nextNodeRank += map.size();
        // a requester that is none of our processes is a tool
        boolean byTool = parent != null && !jobs.containsKey(parent.nspace());
        Job job = new Job(nspace, apps, map, parent, directives, byTool);
        jobs.put(nspace, job);
        return job;
    }

    private NodeUsage usage() {
        List<ProcPlacement> live = new ArrayList<>();
        for (Job j : jobs.values()) {
            for (LaunchedProcess p : j.processes()) {
                if (p.isAlive()) {
                    live.add(j.placement().proc(p.proc().rank()));
                }
            }
        }
        return NodeUsage.of(live, nextNodeRank);
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
        jobs.remove(nspace);
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
