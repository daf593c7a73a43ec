package org.pmix4j.runtime;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.DataArray;
import org.pmix4j.api.DataType;
import org.pmix4j.api.Info;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;
import org.pmix4j.api.Rank;
import org.pmix4j.api.Value;
import org.pmix4j.runtime.placement.JobMap;

/**
 * The fork/exec agents of PMIX_FORKEXEC_AGENT (the Standard's "FEA"): the protocol between this runtime and
 * an agent, which the Standard leaves to the launcher, and the checks on a job that asks for them.
 *
 * <p><b>The protocol.</b> The application job is placed, named and registered as usual: its processes are
 * registered clients of its namespace with their usual ranks, and the agents count in none of its values.
 * In each application process's place the launcher starts the agent (the attribute's path, resolved like a
 * program), as rank i of a second job, the agents' job, for application rank i on the same node. The agents'
 * job has a namespace of its own ({@link JobTable#openAgentJob}) and is registered with the server, but no
 * agent is registered as a client (the Standard: the server shall not register the fork/exec agent as a
 * local client process). An agent's environment is the launcher's and the run's, with
 * {@code PMIX_NAMESPACE} / {@code PMIX_RANK} of its own name and the server's address: libpmix's
 * PMIx_tool_init, seeing them, connects as a tool of that name that a server started. It then reads, with
 * PMIx_Get qualified by its own name:
 * <ul>
 * <li>PMIX_DEBUG_TARGET: the application process it stands for (job level: the application's namespace with
 * rank WILDCARD);</li>
 * <li>{@link #ARGV}: the application process's command line, its program resolved to a path;</li>
 * <li>{@link #ENV}: its whole environment, "NAME=VALUE" strings: what the process would have got, the
 * launcher's, the run's, its application's and the server's for joining as that process;</li>
 * <li>PMIX_WDIR: its working directory.</li>
 * </ul>
 * The agent forks, and the child changes to the directory and execs the command line with that environment
 * (no PATH search: the program is a path). The application process connects as the job's client from the
 * agent's child; the server takes a client from a descendant of the process the host started
 * ({@code ProcessLineage}). The agent waits for it and exits with its status: the launcher sees the agent as
 * the application process (its pid in the job's processes, its exit the process's exit, its output the
 * process's output). The agents' job is deregistered when the application job ends.
 *
 * <p><b>Limits.</b> Only on the launcher's node: a job placed on several nodes is refused with
 * PMIX_ERR_NOT_SUPPORTED (the daemons do not start agents). PMIX_DEBUG_STOP_ON_EXEC is refused with it too:
 * the launcher does not exec the application itself, the agent does. PMIX_DEBUG_STOP_IN_INIT and
 * STOP_IN_APP apply to the application, a libpmix client, as without an agent.
 */
public final class ForkExecAgents {
    // Not "pmix…": libpmix 4.2.2 refuses to file a key with that prefix that is no attribute it knows
    // (pmix_hash_lookup_key: reserved keys must be registered), so the agent could not read it.

    /** The application process's command line: a DATA_ARRAY of STRING, per agent rank. */
    public static final String ARGV = "org.pmix4j.fea.argv";
    /** The application process's environment: a DATA_ARRAY of "NAME=VALUE" STRINGs, per agent rank. */
    public static final String ENV = "org.pmix4j.fea.env";

    private ForkExecAgents() {
    }

    /** The agent a job's directives ask for, or {@code null}. */
    static String agentOf(List<Info> directives) {
        return Attributes.FORKEXEC_AGENT.find(directives).filter(a -> !a.isEmpty()).orElse(null);
    }

    /**
     * Refuses with PMIX_ERR_NOT_SUPPORTED a job with fork/exec agents that this runtime cannot start: one
     * placed on several nodes, or held at exec.
     */
    static void check(List<Info> directives, JobMap map) {
        if (agentOf(directives) == null) {
            return;
        }
        if (map.multiNode()) {
            throw notSupported("the job is placed on " + map.nodes().size() + " nodes, and fork/exec agents are"
                    + " started on the launcher's node only");
        }
        checkDirectives(directives);
    }

    /** Refuses PMIX_DEBUG_STOP_ON_EXEC beside PMIX_FORKEXEC_AGENT (whatever the placement). */
    static void checkDirectives(List<Info> directives) {
        if (agentOf(directives) != null && JobPause.of(directives).onExec()) {
            throw notSupported("PMIX_DEBUG_STOP_ON_EXEC cannot be carried out with it: the agent, not the"
                    + " launcher, execs the application (use PMIX_DEBUG_STOP_IN_INIT)");
        }
    }

    private static PmixException notSupported(String why) {
        return new PmixException(PmixStatus.PMIX_ERR_NOT_SUPPORTED, "PMIX_FORKEXEC_AGENT ("
                + Attributes.FORKEXEC_AGENT.key() + ") is not supported here: " + why);
    }

    /**
     * The agents' job data: its size, the target at job level, and per agent rank its target and the
     * spawn instructions of the application process it stands for (the agent of rank i for the command of
     * application rank i).
     */
    static List<Info> registration(String applicationNspace, String hostname, List<ProcessCommand> commands) {
        List<Info> info = new ArrayList<>();
        info.add(Attributes.JOB_SIZE.info(commands.size()));
        info.add(Attributes.DEBUG_TARGET.info(new Proc(applicationNspace, Rank.WILDCARD)));
        for (ProcessCommand c : commands) {
            List<Value> env = new ArrayList<>();
            for (Map.Entry<String, String> e : new java.util.TreeMap<>(c.env()).entrySet()) {
                env.add(Value.of(e.getKey() + "=" + e.getValue()));
            }
            info.add(Attributes.PROC_DATA.info(DataArray.ofInfos(List.of(
                    Attributes.RANK.info(c.proc().rank()),
                    Attributes.HOSTNAME.info(hostname),
                    Attributes.DEBUG_TARGET.info(c.proc()),
                    Attributes.WDIR.info(c.wdir()),
                    Info.of(ARGV, strings(c.argv())),
                    Info.of(ENV, new DataArray(DataType.STRING, env))))));
        }
        return info;
    }

    private static DataArray strings(List<String> values) {
        return new DataArray(DataType.STRING, values.stream().map(Value::of).map(Value.class::cast).toList());
    }
}
