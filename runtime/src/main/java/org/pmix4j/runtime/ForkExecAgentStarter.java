package org.pmix4j.runtime;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.pmix4j.api.Proc;
import org.pmix4j.server.PmixServer;

/**
 * Puts fork/exec agents in the place of a job's processes on the launcher's node ({@link ForkExecAgents}
 * has the protocol): names the agents' job, registers its data (each agent's spawn instructions) with the
 * server, and gives the command that starts each agent; the agents' job is deregistered when the
 * application job ends.
 */
final class ForkExecAgentStarter {
    private final PmixServer server;
    private final JobTable jobs;
    private final String hostname;

    ForkExecAgentStarter(PmixServer server, JobTable jobs, String hostname) {
        this.server = server;
        this.jobs = jobs;
        this.hostname = hostname;
    }

    /**
     * The agents' commands in the place of the application's: agent rank i for the process of rank i,
     * started in its directory and placed (bound) as it was.
     *
     * @param agent        the agent's program (PMIX_FORKEXEC_AGENT), resolved like a program
     * @param applications what would have started the job's processes here, in rank order
     * @param baseEnv      the environment of an agent besides what joins it to the server
     */
    List<ProcessCommand> inPlaceOf(Job job, String agent, List<ProcessCommand> applications,
            Map<String, String> baseEnv) {
        // a missing agent fails the launch before anything is registered
        List<String> programs = new ArrayList<>();
        for (ProcessCommand app : applications) {
            programs.add(Launcher.resolve(agent, baseEnv.get("PATH"), app.wdir()));
        }
        String nspace = jobs.openAgentJob(job);
        server.registerNspace(nspace, applications.size(),
                ForkExecAgents.registration(job.nspace(), hostname, applications)).join();
        job.ended().thenRun(() -> withdraw(job));
        List<ProcessCommand> agents = new ArrayList<>();
        for (int i = 0; i < applications.size(); i++) {
            ProcessCommand app = applications.get(i);
            Map<String, String> env = new HashMap<>(baseEnv);
            // its own name in the environment: libpmix's PMIx_tool_init connects as a tool a server started
            env.putAll(server.setupFork(new Proc(nspace, app.proc().rank())));
            agents.add(new ProcessCommand(app.proc(), app.placement(), List.of(programs.get(i)), env, app.wdir()));
        }
        return agents;
    }

    /** Forgets the agents' job of {@code job} and deregisters it (when the job ended or was taken back). */
    void withdraw(Job job) {
        String nspace = jobs.closeAgentJob(job);
        if (nspace != null) {
            server.deregisterNspace(nspace);
        }
    }
}
