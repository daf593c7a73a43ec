package org.pmix4j.runtime;

import java.util.ArrayList;
import java.util.List;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.DataArray;
import org.pmix4j.api.DataType;
import org.pmix4j.api.Info;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;
import org.pmix4j.api.ProcInfo;
import org.pmix4j.api.ProcState;
import org.pmix4j.api.Query;
import org.pmix4j.api.Value;
import org.pmix4j.runtime.frontend.ProcessStatsQuery;
import org.pmix4j.runtime.placement.JobNode;
import org.pmix4j.runtime.placement.ProcPlacement;
import org.pmix4j.runtime.session.SessionQueries;

/**
 * The queries the runtime answers for its server (what the server's own data cannot): the namespaces it
 * runs, their process tables (PMIX_QUERY_LOCAL_PROC_TABLE: the processes on the node of the server that was
 * asked), their status, what it supports, and its sessions ({@link SessionQueries}). One answer per query
 * key, keyed by it; a key nobody knows is left out, and a query with no answer at all is NOT_FOUND, as
 * libpmix reports. Who may ask about which job the server decides before the query comes here.
 */
final class RuntimeQueries {
    /** The keys about one job (PMIX_NSPACE, else the requester's). */
    private static final List<String> JOB_KEYS = List.of(Attributes.QUERY_PROC_TABLE.key(),
            Attributes.QUERY_LOCAL_PROC_TABLE.key(), Attributes.QUERY_JOB_STATUS.key(), Attributes.JOB_SIZE.key(),
            ProcessStatsQuery.KEY);

    private final JobTable jobs;
    private final String hostname;
    private final SessionQueries sessions;
    private final OutputCounts output;

    RuntimeQueries(JobTable jobs, String hostname, SessionQueries sessions) {
        this(jobs, hostname, sessions, new OutputCounts());
    }

    /** @param output the bytes forwarded from each process (pmix4j top's output rate) */
    RuntimeQueries(JobTable jobs, String hostname, SessionQueries sessions, OutputCounts output) {
        this.jobs = jobs;
        this.hostname = hostname;
        this.sessions = sessions;
        this.output = output;
    }

    List<Info> answer(Proc requester, List<Query> queries) {
        List<Info> out = new ArrayList<>();
        List<String> unknownJobs = new ArrayList<>();
        for (Query q : queries) {
            for (String key : q.keys()) {
                Value v = answer(requester, key, q.qualifiers());
                if (v != null) {
                    out.add(Info.of(key, v));
                } else if (JOB_KEYS.contains(key)) {
                    String ns = Attributes.NSPACE.find(q.qualifiers()).orElse(requester.nspace());
                    if (jobs.job(ns) == null && !unknownJobs.contains(ns)) {
                        unknownJobs.add(ns);
                    }
                }
            }
        }
        if (out.isEmpty()) {
            // a tool that forgot the PMIX_NSPACE qualifier asks about its own namespace, which is no job
            throw new PmixException(PmixStatus.PMIX_ERR_NOT_FOUND, "no answer to " + keys(queries)
                    + (unknownJobs.isEmpty() ? "" : ": this runtime knows no job " + String.join(", ", unknownJobs)
                    + " (name the job with PMIX_NSPACE)"));
        }
        return out;
    }

    private static List<String> keys(List<Query> queries) {
        List<String> k = new ArrayList<>();
        queries.forEach(q -> k.addAll(q.keys()));
        return k;
    }

    private Value answer(Proc requester, String key, List<Info> qualifiers) {
        String ns = Attributes.NSPACE.find(qualifiers).orElse(requester.nspace());
        if (SessionQueries.answers(key)) {
            return sessions.answer(requester);
        }
        // a job is listed until its end was raised: whoever no longer sees it finds its end in the event cache
        if (key.equals(Attributes.QUERY_NAMESPACES.key())) {
            List<String> names = new ArrayList<>();
            for (Job j : jobs.running()) {
                names.add(j.nspace());
            }
            // fork/exec agents' jobs, while the jobs they stand beside run
            names.addAll(jobs.agentJobs().keySet());
            return Value.of(String.join(",", names));
        }
        if (key.equals(Attributes.QUERY_NAMESPACE_INFO.key())) {
            List<Value> rows = new ArrayList<>();
            for (Job j : jobs.running()) {
                rows.add(DataArray.ofInfos(List.of(Attributes.NSPACE.info(j.nspace()),
                        Attributes.CMD_LINE.info(String.join(" ", j.apps().get(0).argv())))));
            }
            return new DataArray(DataType.DATA_ARRAY, rows);
        }
        if (key.equals(Attributes.QUERY_PROC_TABLE.key())) {
            Job job = jobs.job(ns);
            if (job == null && jobs.agentJobs().get(ns) != null) {
                return agentsProcTable(ns, jobs.agentJobs().get(ns));
            }
            return job == null ? null : procTable(job, null);
        }
        if (key.equals(Attributes.QUERY_LOCAL_PROC_TABLE.key())) {
            Job job = jobs.job(ns);
            return job == null ? null : procTable(job, nodeOf(requester));
        }
        if (key.equals(ProcessStatsQuery.KEY)) {
            Job job = jobs.job(ns);
            return job == null ? null : processStats(job);
        }
        if (key.equals(Attributes.QUERY_JOB_STATUS.key())) {
            Job job = jobs.job(ns);
            if (job == null) {
                return null;
            }
            return new Value.Status(job.ended().isDone() ? PmixStatus.PMIX_EVENT_JOB_END : PmixStatus.PMIX_SUCCESS);
        }
        if (key.equals(Attributes.JOB_SIZE.key())) {
            Job job = jobs.job(ns);
            return job == null ? null : new Value.UInt32(job.size());
        }
        if (key.equals(Attributes.NUM_NODES.key())) {
            // the nodes of the job asked about, or of every running job when none was named
            Job job = ns == null ? null : jobs.job(ns);
            if (job != null) {
                return new Value.UInt32(job.placement().nodes().size());
            }
            java.util.Set<Integer> nodes = new java.util.HashSet<>();
            jobs.jobs().forEach(j -> j.placement().nodes().forEach(n -> nodes.add(n.id())));
            return new Value.UInt32(Math.max(1, nodes.size()));
        }
        // what PMIx_Spawn carries out here (SpawnDirectives), and of it what is for debuggers
        if (key.equals(Attributes.QUERY_SPAWN_SUPPORT.key())) {
            return Value.of(keyList(SpawnDirectives.supported()));
        }
        if (key.equals(Attributes.QUERY_DEBUG_SUPPORT.key())) {
            return Value.of(keyList(SpawnDirectives.debuggerSupport()));
        }
        if (key.equals(Attributes.QUERY_NUM_PSETS.key()) || key.equals(Attributes.QUERY_NUM_GROUPS.key())) {
            return new Value.Size(0);
        }
        return null;
    }

    /**
     * The node whose server the requester asked: a process of a job asks its own node's (a daemon relays
     * the query here); a tool connects to the launcher's servers, on this node.
     */
    private String nodeOf(Proc requester) {
        LaunchedProcess p = jobs.process(requester);
        return p != null ? p.node() : hostname;
    }

    /**
     * The proctable of a fork/exec agents' job: the agents are the processes the launcher started for
     * {@code application}, rank for rank.
     */
    private Value agentsProcTable(String nspace, Job application) {
        String agent = ForkExecAgents.agentOf(application.directives());
        List<Value> rows = new ArrayList<>();
        for (LaunchedProcess p : application.processes()) {
            ProcState state = p.isAlive() ? ProcState.RUNNING : ended(p);
            rows.add(new ProcInfo(new Proc(nspace, p.proc().rank()), p.node(), agent, (int) p.pid(), state));
        }
        return new DataArray(DataType.PROC_INFO, rows);
    }

    /** One PROC_INFO per process (on {@code node} only, unless null): rank, host, executable, pid, state. */
    private Value procTable(Job job, String node) {
        // one search per application, not per process
        List<String> executables = new ArrayList<>();
        job.apps().forEach(a -> executables.add(ExecutablePath.of(a, System.getenv("PATH"))));
        // every process of the job, in rank order: one still being started (a rank may ask while the launcher
        // starts the last of its job) is listed where it goes, with no pid yet
        boolean abandoned = job.abandoned();
        List<Value> rows = new ArrayList<>();
        for (ProcPlacement placed : job.placement().procs()) {
            LaunchedProcess p = job.process(placed.rank());
            JobNode planned = job.placement().node(placed.node());
            String where = p != null ? p.node() : planned != null && planned.name() != null ? planned.name() : hostname;
            if (node != null && !node.equals(where)) {
                continue;
            }
            String exe = executables.get(placed.appnum());
            if (p == null) {
                rows.add(new ProcInfo(new Proc(job.nspace(), placed.rank()), where, exe, 0,
                        abandoned ? ProcState.FAILED_TO_START : ProcState.LAUNCH_UNDERWAY));
                continue;
            }
            ProcState state = p.isAlive() ? (p.connected() ? ProcState.CONNECTED : ProcState.RUNNING) : ended(p);
            rows.add(new ProcInfo(p.proc(), p.node(), exe, (int) p.pid(), state));
        }
        return new DataArray(DataType.PROC_INFO, rows);
    }

    /** pmix4j top's sample of a job: each process's PMIX_PROC_STATS (this node's) and output bytes. */
    private Value processStats(Job job) {
        java.util.Set<String> running = new java.util.HashSet<>();
        jobs.running().forEach(j -> running.add(j.nspace()));
        output.retainJobs(running);
        List<Value> rows = new ArrayList<>();
        for (LaunchedProcess p : job.processes()) {
            org.pmix4j.api.ProcStats stats = p.remote() || !p.isAlive() ? null
                    : ProcessSampler.sample(p.proc(), p.pid(), p.node(),
                            job.apps().get(job.placement().proc(p.proc().rank()).appnum()).argv().get(0));
            rows.add(ProcessStatsQuery.row(p.proc().rank(), stats, output.of(p.proc())));
        }
        return new DataArray(DataType.DATA_ARRAY, rows);
    }

    private static ProcState ended(LaunchedProcess p) {
        return p.exitStatus() == 0 ? ProcState.TERMINATED : ProcState.TERM_NON_ZERO;
    }

    private static String keyList(List<org.pmix4j.api.Attribute<?>> attributes) {
        List<String> out = new ArrayList<>();
        attributes.forEach(a -> out.add(a.key()));
        return String.join(",", out);
    }
}
