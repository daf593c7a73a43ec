package org.pmix4j.runtime.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class StarterChoiceTest {
    private static final LaunchAgent AGENT = new LaunchAgent(List.of("ssh", "-p", "2222"));
    private static final Map<String, String> INSIDE = Map.of("SLURM_JOB_ID", "4", "SLURM_JOB_NODELIST", "n[1-2]",
            "SLURM_TASKS_PER_NODE", "1(x2)");

    private static Map<String, String> with(Map<String, String> env, String name, String value) {
        Map<String, String> out = new HashMap<>(env);
        out.put(name, value);
        return out;
    }

    @Test
    void srunInsideAnAllocationTheAgentElsewhere() {
        assertInstanceOf(SrunStarter.class, StarterChoice.choose(AGENT, false, INSIDE));
        assertInstanceOf(SrunStarter.class, StarterChoice.choose(AGENT, false, Map.of("SLURM_JOBID", "4", "SLURM_NODELIST", "n[1-2]", "SLURM_TASKS_PER_NODE", "1(x2)")));
        DaemonStarter outside = StarterChoice.choose(AGENT, false, Map.of());
        assertInstanceOf(AgentStarter.class, outside);
        assertEquals("ssh", outside.name());
    }

    @Test
    void anExplicitAgentOrSshKeepsTheAgentInsideAnAllocation() {
        assertInstanceOf(AgentStarter.class, StarterChoice.choose(AGENT, true, INSIDE));
        assertInstanceOf(AgentStarter.class, StarterChoice.choose(AGENT, false,
                with(INSIDE, "PMIX4J_LAUNCHER", "ssh")));
        assertInstanceOf(SrunStarter.class, StarterChoice.choose(AGENT, true,
                with(INSIDE, "PMIX4J_LAUNCHER", "srun")));
    }

    @Test
    void badChoicesNameTheVariable() {
        assertEquals("PMIX4J_LAUNCHER=srun: srun starts daemons only inside a Slurm allocation (salloc, sbatch), and"
                + " SLURM_JOB_ID is not set", assertThrows(IllegalArgumentException.class,
                        () -> StarterChoice.choose(AGENT, false, Map.of("PMIX4J_LAUNCHER", "srun"))).getMessage());
        assertEquals("PMIX4J_LAUNCHER=rsh: unknown (valid: ssh, the launch agent; srun, inside a Slurm allocation)",
                assertThrows(IllegalArgumentException.class,
                        () -> StarterChoice.choose(AGENT, false, Map.of("PMIX4J_LAUNCHER", "rsh"))).getMessage());
    }
}
