package org.pmix4j.runtime;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.DataArray;
import org.pmix4j.api.Info;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;
import org.pmix4j.api.Rank;
import org.pmix4j.api.Value;
import org.pmix4j.runtime.placement.BindingPolicy;
import org.pmix4j.runtime.placement.BindingSupport;
import org.pmix4j.runtime.placement.ClusterMapper;
import org.pmix4j.runtime.placement.ClusterNode;
import org.pmix4j.runtime.placement.JobMap;
import org.pmix4j.runtime.placement.MappingPolicy;
import org.pmix4j.runtime.placement.NodeTopology;
import org.pmix4j.runtime.placement.PlacementRequest;
import org.pmix4j.runtime.session.SessionTable;

/**
 * The checks on a job with fork/exec agents, the agents' job data and its name. The agents themselves, with a
 * libpmix agent, are tested in the cli module (ForkExecAgentTest).
 */
class ForkExecAgentsTest {
    private static final List<ClusterNode> NODES = List.of(
            new ClusterNode(0, "h1", NodeTopology.flat(2, null), 2, 0, -1),
            new ClusterNode(1, "h2", NodeTopology.flat(2, null), 2, 0, -1));

    private final JobTable table = new JobTable("pmix4j-h1-1", new SessionTable("h1", 2,
            Path.of("/nonexistent/dvm.1"), 1000));

    private Job open(int np, String mapBy) {
        List<AppContext> apps = List.of(AppContext.of(np, List.of("./a.out")));
        return table.open(apps, List.of(), null, (usage, slots) -> ClusterMapper.map(new ClusterMapper.Request(NODES,
                List.of(new PlacementRequest.App(np, "./a.out")), MappingPolicy.parse(mapBy), null,
                BindingPolicy.parse("none"), usage, BindingSupport.SUPPORTED)));
    }

    @Test
    void aJobOnSeveralNodesOrHeldAtExecIsRefusedWithAnAgent() {
        // placed first: a job placed and not started yet holds its slots (JobTable)
        JobMap here = open(2, "slot").placement();
        JobMap spread = open(2, "node:OVERSUBSCRIBE").placement();
        List<Info> fea = List.of(Attributes.FORKEXEC_AGENT.info("/opt/fea"));
        PmixException multi = assertThrows(PmixException.class, () -> ForkExecAgents.check(fea, spread));
        assertEquals(PmixStatus.PMIX_ERR_NOT_SUPPORTED, multi.status());
        assertTrue(multi.detail().startsWith("PMIX_FORKEXEC_AGENT (pmix.fe.agnt) is not supported here: the job is"
                + " placed on 2 nodes"), multi.getMessage());
        assertDoesNotThrow(() -> ForkExecAgents.check(fea, here));
        assertDoesNotThrow(() -> ForkExecAgents.check(List.of(), spread), "no agent, nothing to refuse");
        assertDoesNotThrow(() -> ForkExecAgents.check(List.of(Attributes.FORKEXEC_AGENT.info("")), spread),
                "an empty agent asks for none");
        PmixException onExec = assertThrows(PmixException.class, () -> ForkExecAgents.check(List.of(fea.get(0),
                Attributes.DEBUG_STOP_ON_EXEC.info(true)), here));
        assertEquals(PmixStatus.PMIX_ERR_NOT_SUPPORTED, onExec.status());
    }

    @Test
    void eachAgentRankGetsTheSpawnInstructionsOfTheProcessItStandsFor() {
        Job job = open(2, "slot");
        List<ProcessCommand> commands = List.of(
                new ProcessCommand(new Proc(job.nspace(), 0), job.placement().proc(0), List.of("/bin/app", "x"),
                        Map.of("A", "1", "PMIX_RANK", "0"), "/w0"),
                new ProcessCommand(new Proc(job.nspace(), 1), job.placement().proc(1), List.of("/bin/app", "x"),
                        Map.of("A", "1", "PMIX_RANK", "1"), "/w1"));
        List<Info> data = ForkExecAgents.registration(job.nspace(), "h1", commands);
        assertEquals(2, Attributes.JOB_SIZE.find(data).orElseThrow());
        assertEquals(new Proc(job.nspace(), Rank.WILDCARD), Attributes.DEBUG_TARGET.find(data).orElseThrow());
        List<Info> rank1 = data.stream().filter(i -> i.key().equals(Attributes.PROC_DATA.key()))
                .map(i -> ((DataArray) i.value()).infos()).toList().get(1);
        assertEquals(Attributes.RANK.key(), rank1.get(0).key(), "a process array starts with its rank");
        assertEquals(1, Attributes.RANK.find(rank1).orElseThrow());
        assertEquals(new Proc(job.nspace(), 1), Attributes.DEBUG_TARGET.find(rank1).orElseThrow());
        assertEquals("/w1", Attributes.WDIR.find(rank1).orElseThrow());
        assertEquals(List.of(Value.of("/bin/app"), Value.of("x")), array(rank1, ForkExecAgents.ARGV));
        assertEquals(List.of(Value.of("A=1"), Value.of("PMIX_RANK=1")), array(rank1, ForkExecAgents.ENV));
        assertTrue(!ForkExecAgents.ARGV.startsWith("pmix") && !ForkExecAgents.ENV.startsWith("pmix"),
                "libpmix files no unknown key starting with pmix");
    }

    @Test
    void theAgentsJobIsNamedAsAJobAndForgottenWithIt() {
        Job job = open(1, "slot");
        String agents = table.openAgentJob(job);
        assertTrue(agents.startsWith("pmix4j-h1-1@"), agents);
        assertNotEquals(job.nspace(), agents);
        assertEquals(Map.of(agents, job), table.agentJobs());
        assertNotEquals(agents, open(1, "slot").nspace(), "the next job gets a name of its own");
        assertNull(table.job(agents), "no job of its own: it takes no slots nor node ranks");
        assertEquals(agents, table.closeAgentJob(job));
        assertTrue(table.agentJobs().isEmpty());
        assertNull(table.closeAgentJob(job));
    }

    private static List<Value> array(List<Info> infos, String key) {
        return infos.stream().filter(i -> i.key().equals(key)).map(i -> ((DataArray) i.value()).elements())
                .findFirst().orElseThrow();
    }
}
