package org.pmix4j.runtime.cluster;

import java.util.Map;
import org.pmix4j.runtime.placement.SlurmAllocation;

/**
 * Which way the launcher starts its daemons: inside a Slurm allocation (a job id in the environment, as
 * PRRTE detects it) through srun, elsewhere through the launch agent. An explicit {@code --launch-agent},
 * or {@code PMIX4J_LAUNCHER=ssh}, keeps the agent inside an allocation too; {@code PMIX4J_LAUNCHER=srun}
 * asks for srun, which needs an allocation.
 */
public final class StarterChoice {
    /** The variable that names the way: {@code ssh} or {@code srun}. */
    public static final String VARIABLE = "PMIX4J_LAUNCHER";

    private StarterChoice() {
    }

    /**
     * @param agent       the launch agent (ssh, or that of --launch-agent)
     * @param agentGiven  whether --launch-agent was given
     * @param env         the launcher's environment
     * @throws IllegalArgumentException naming the variable when its value is unknown, or srun is asked for
     *                                  outside an allocation; naming Slurm's variable when it is malformed
     */
    public static DaemonStarter choose(LaunchAgent agent, boolean agentGiven, Map<String, String> env) {
        String asked = env.getOrDefault(VARIABLE, "").strip();
        switch (asked) {
            case "ssh" -> {
                return new AgentStarter(agent);
            }
            case "srun", "slurm" -> {
                SlurmAllocation allocation = SlurmAllocation.detect(env).orElseThrow(() -> new IllegalArgumentException(
                        VARIABLE + "=" + asked + ": srun starts daemons only inside a Slurm allocation (salloc,"
                                + " sbatch), and SLURM_JOB_ID is not set"));
                return new SrunStarter("srun", allocation);
            }
            case "" -> {
                if (agentGiven) {
                    return new AgentStarter(agent);
                }
                return SlurmAllocation.detect(env).<DaemonStarter>map(a -> new SrunStarter("srun", a))
                        .orElseGet(() -> new AgentStarter(agent));
            }
            default -> throw new IllegalArgumentException(VARIABLE + "=" + asked + ": unknown (valid: ssh, the launch"
                    + " agent; srun, inside a Slurm allocation)");
        }
    }
}
