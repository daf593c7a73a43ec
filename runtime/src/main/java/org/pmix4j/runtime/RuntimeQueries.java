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
import org.pmix4j.runtime.session.SessionQueries;

/**
 * The queries the runtime answers for its server (what the server's own data cannot): the namespaces it
 * runs, their process tables, their status, what it supports, and its sessions ({@link SessionQueries}). One answer per query key, keyed by it;
 * a key nobody knows is left out, and a query with no answer at all is NOT_FOUND, as libpmix reports.
 */
final class RuntimeQueries {
    private final JobTable jobs;
    private final String hostname;
    private final SessionQueries sessions;

    RuntimeQueries(JobTable jobs, String hostname, SessionQueries sessions) {
        this.jobs = jobs;
        this.hostname = hostname;
        this.sessions = sessions;
    }

    List<Info> answer(Proc requester, List<Query> queries) {
        List<Info> out = new ArrayList<>();
        for (Query q : queries) {
            for (String key : q.keys()) {
                Value v = answer(requester, key, q.qualifiers());
                if (v != null) {
                    out.add(Info.of(key, v));
                }
            }
        }
        if (out.isEmpty()) {
            throw new PmixException(PmixStatus.PMIX_ERR_NOT_FOUND, "no answer to " + keys(queries));
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
        if (key.equals(Attributes.QUERY_NAMESPACES.key())) {
            List<String> names = new ArrayList<>();
            for (Job j : jobs.jobs()) {
                if (!j.ended().isDone()) {
                    names.add(j.nspace());
                }
            }
            // fork/exec agents' jobs, while the jobs they stand beside run
            names.addAll(jobs.agentJobs().keySet());
            return Value.of(String.join(",", names));
        }
        if (key.equals(Attributes.QUERY_NAMESPACE_INFO.key())) {
            List<Value> rows = new ArrayList<>();
            for (Job j : jobs.jobs()) {
                if (!j.ended().isDone()) {
                    rows.add(DataArray.ofInfos(List.of(Attributes.NSPACE.info(j.nspace()),
                            Attributes.CMD_LINE.info(String.join(" ", j.apps().get(0).argv())))));
                }
            }
            return new DataArray(DataType.DATA_ARRAY, rows);
        }
        if (key.equals(Attributes.QUERY_PROC_TABLE.key()) || key.equals(Attributes.QUERY_LOCAL_PROC_TABLE.key())) {
            Job job = jobs.job(ns);
            if (job == null && jobs.agentJobs().get(ns) != null) {
                return agentsProcTable(ns, jobs.agentJobs().get(ns));
            }
            return job == null ? null : procTable(job);
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
        if (key.equals(Attributes.QUERY_SPAWN_SUPPORT.key())) {
            return Value.of(String.join(",", Attributes.WDIR.key(), Attributes.MAPBY.key(),
                    Attributes.NO_OVERSUBSCRIBE.key()));
        }
        if (key.equals(Attributes.QUERY_NUM_PSETS.key()) || key.equals(Attributes.QUERY_NUM_GROUPS.key())) {
            return new Value.Size(0);
        }
        return null;
    }

    /**
     * The proctable of a fork/exec agents' job: the agents are the processes the launcher started for
     * {@code application}, rank for rank.
     */
    private Value agentsProcTable(String nspace, Job application) {
        String agent = ForkExecAgents.agentOf(application.directives());
        List<Value> rows = new ArrayList<>();
        for (LaunchedProcess p : application.processes()) {
            ProcState state = p.isAlive() ? ProcState.RUNNING
                    : p.exitStatus() == 0 ? ProcState.TERMINATED : ProcState.TERM_NON_ZERO;
            rows.add(new ProcInfo(new Proc(nspace, p.proc().rank()), p.node(), agent, (int) p.pid(), state));
        }
        return new DataArray(DataType.PROC_INFO, rows);
    }

    /** One PROC_INFO per process: rank, host, executable, pid, state. */
    private Value procTable(Job job) {
        List<Value> rows = new ArrayList<>();
        for (LaunchedProcess p : job.processes()) {
            ProcState state = p.isAlive() ? (p.connected() ? ProcState.CONNECTED : ProcState.RUNNING)
                    : p.exitStatus() == 0 ? ProcState.TERMINATED : ProcState.TERM_NON_ZERO;
            String exe = job.apps().get(job.placement().proc(p.proc().rank()).appnum()).argv().get(0);
            rows.add(new ProcInfo(p.proc(), p.node(), exe, (int) p.pid(), state));
        }
        return new DataArray(DataType.PROC_INFO, rows);
    }
}
