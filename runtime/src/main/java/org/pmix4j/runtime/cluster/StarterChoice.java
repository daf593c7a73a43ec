package org.pmix4j.runtime.cluster;

import java.util.Map;

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
     *                                  outside an allocation
     */
    public static DaemonStarter choose(LaunchAgent agent, boolean agentGiven, Map<String, String> env) {
        String asked = env.getOrDefault(VARIABLE, "").strip();
        boolean allocation = isSet(env, "SLURM_JOB_ID") || isSet(env, "SLURM_JOBID");
        switch (asked) {
            case "ssh" -> {
                return new AgentStarter(agent);
            }
            case "srun", "slurm" -> {
                if (!allocation) {
                    throw new IllegalArgumentException(VARIABLE + "=" + asked + ": srun starts daemons only inside a"
                            + " Slurm allocation (salloc, sbatch), and SLURM_JOB_ID is not set");
                }
                return new SrunStarter("srun");
            }
            case "" -> {
                return allocation && !agentGiven ? new SrunStarter("srun") : new AgentStarter(agent);
            }
            default -> throw new IllegalArgumentException(VARIABLE + "=" + asked + ": unknown (valid: ssh, the launch"
                    + " agent; srun, inside a Slurm allocation)");
        }
    }

    private static boolean isSet(Map<String, String> env, String name) {
        String v = env.get(name);
        return v != null && !v.isBlank();
    }
}
