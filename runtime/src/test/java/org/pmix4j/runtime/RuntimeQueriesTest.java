package org.pmix4j.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.DataArray;
import org.pmix4j.api.Info;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;
import org.pmix4j.api.ProcInfo;
import org.pmix4j.api.ProcState;
import org.pmix4j.api.Query;
import org.pmix4j.api.Value;
import org.pmix4j.runtime.placement.BindingPolicy;
import org.pmix4j.runtime.placement.BindingSupport;
import org.pmix4j.runtime.placement.ClusterMapper;
import org.pmix4j.runtime.placement.ClusterNode;
import org.pmix4j.runtime.placement.MappingPolicy;
import org.pmix4j.runtime.placement.NodeTopology;
import org.pmix4j.runtime.placement.PlacementRequest;
import org.pmix4j.runtime.session.SessionQueries;
import org.pmix4j.runtime.session.SessionTable;
import org.pmix4j.runtime.session.ToolUsers;

/**
 * {@link RuntimeQueries}' answers about jobs: the full process table with every node's processes, the local
 * one with the asking server's node's only, and the namespaces, listed until the end of a job was handled.
 */
class RuntimeQueriesTest {
    private static final List<ClusterNode> NODES = List.of(
            new ClusterNode(0, "h1", NodeTopology.flat(2, null), 2, 0, -1),
            new ClusterNode(1, "h2", NodeTopology.flat(2, null), 2, 0, -1));

    private final SessionTable sessions = new SessionTable("h1", 2, Path.of("/nonexistent/dvm.1"), 1000);
    private final JobTable table = new JobTable("pmix4j-h1-1", sessions);
    private final RuntimeQueries queries = new RuntimeQueries(table, "h1", new SessionQueries(sessions,
            new ToolUsers(), 1000));
    private final Proc tool = new Proc("pmix4j-h1-1@tool.1", 0);

    /** A job of three processes, mapped by node: ranks 0 and 2 on h1, rank 1 on h2; pid 100 + rank. */
    private Job runningJob() {
        return jobStartedUpTo(3);
    }

    /** The same job with only its first {@code started} ranks spawned so far. */
    private Job jobStartedUpTo(int started) {
        List<AppContext> apps = List.of(AppContext.of(3, List.of("/bin/app")));
        Job job = table.open(apps, List.of(), null, (usage, slots) -> ClusterMapper.map(new ClusterMapper.Request(
                NODES, List.of(new PlacementRequest.App(3, "/bin/app")), MappingPolicy.parse("node:OVERSUBSCRIBE"),
                null, BindingPolicy.parse("none"), usage, BindingSupport.SUPPORTED)));
        for (int rank = 0; rank < started; rank++) {
            job.add(new LaunchedProcess(new Proc(job.nspace(), rank), new Running(100 + rank, rank == 1 ? "h2" : "h1")));
        }
        return job;
    }

    /**
     * A rank may ask while the launcher still starts the last of its job: the table lists the whole job, the
     * processes not started yet where they go, without a pid; those a failed launch gave up on as failed.
     */
    @Test
    void aJobBeingLaunchedIsListedWhole() {
        Job job = jobStartedUpTo(1);
        assertTrue(!job.spawned().isDone(), "two of three processes are still to be spawned");
        assertEquals(List.of("0@h1:100 /bin/app " + ProcState.RUNNING, "1@h2:0 /bin/app " + ProcState.LAUNCH_UNDERWAY,
                "2@h1:0 /bin/app " + ProcState.LAUNCH_UNDERWAY), table(tool, Attributes.QUERY_PROC_TABLE.key(),
                job.nspace()));
        assertEquals(List.of("0@h1:100 /bin/app " + ProcState.RUNNING, "2@h1:0 /bin/app " + ProcState.LAUNCH_UNDERWAY),
                table(new Proc(job.nspace(), 0), Attributes.QUERY_LOCAL_PROC_TABLE.key(), job.nspace()));

        job.add(new LaunchedProcess(new Proc(job.nspace(), 1), new Running(101, "h2")));
        job.abandonUnstarted();
        assertTrue(job.spawned().isDone(), "a launch that gave up on the rest has spawned all it will");
        assertEquals(List.of("0@h1:100 /bin/app " + ProcState.RUNNING, "1@h2:101 /bin/app " + ProcState.RUNNING,
                "2@h1:0 /bin/app " + ProcState.FAILED_TO_START), table(tool, Attributes.QUERY_PROC_TABLE.key(),
                job.nspace()));
    }

    @Test
    void aJobIsSpawnedWhenItsLastProcessIs() {
        Job job = jobStartedUpTo(2);
        assertTrue(!job.spawned().isDone());
        job.add(new LaunchedProcess(new Proc(job.nspace(), 2), new Running(102, "h1")));
        assertTrue(job.spawned().isDone());
    }

    private List<String> table(Proc requester, String key, String nspace) {
        List<Info> answer = queries.answer(requester, List.of(new Query(List.of(key),
                List.of(Attributes.NSPACE.info(nspace)))));
        return ((DataArray) answer.get(0).value()).elements().stream().map(v -> (ProcInfo) v)
                .map(p -> p.proc().rank() + "@" + p.hostname() + ":" + p.pid() + " " + p.executable() + " " + p.state())
                .toList();
    }

    private String namespaces() {
        List<Info> answer = queries.answer(tool, List.of(new Query(List.of(Attributes.QUERY_NAMESPACES.key()),
                List.of())));
        return ((Value.Str) answer.get(0).value()).value();
    }

    @Test
    void theFullTableHasEveryNodesProcesses() {
        Job job = runningJob();
        assertEquals(List.of("0@h1:100 /bin/app " + ProcState.RUNNING, "1@h2:101 /bin/app " + ProcState.RUNNING,
                "2@h1:102 /bin/app " + ProcState.RUNNING), table(tool, Attributes.QUERY_PROC_TABLE.key(),
                job.nspace()));
    }

    @Test
    void theLocalTableHasTheAskingServersNodesProcessesOnly() {
        Job job = runningJob();
        // a tool asks the launcher's server, on h1
        assertEquals(List.of("0@h1:100 /bin/app " + ProcState.RUNNING, "2@h1:102 /bin/app " + ProcState.RUNNING),
                table(tool, Attributes.QUERY_LOCAL_PROC_TABLE.key(), job.nspace()));
        // rank 1 asks its own node's server, on h2, which relays the query here
        assertEquals(List.of("1@h2:101 /bin/app " + ProcState.RUNNING), table(new Proc(job.nspace(), 1),
                Attributes.QUERY_LOCAL_PROC_TABLE.key(), job.nspace()));
    }

    @Test
    void aJobIsListedUntilItsEndWasHandled() {
        Job job = runningJob();
        Job other = runningJob();
        assertEquals(job.nspace() + "," + other.nspace(), namespaces());
        table.ended(job);
        assertEquals(other.nspace(), namespaces());
        // its table stays readable for a while
        assertEquals(3, table(tool, Attributes.QUERY_PROC_TABLE.key(), job.nspace()).size());
    }

    @Test
    void aTableOfAnUnknownJobIsNotFoundNamingTheJob() {
        PmixException e = assertThrows(PmixException.class, () -> table(tool, Attributes.QUERY_PROC_TABLE.key(),
                "nosuchjob"));
        assertEquals(PmixStatus.PMIX_ERR_NOT_FOUND, e.status());
        assertTrue(e.getMessage().contains("knows no job nosuchjob"), e.getMessage());
    }

    /** A process that runs until the test ends. */
    private record Running(long pid, String node) implements ProcessBody {
        @Override
        public boolean isAlive() {
            return true;
        }

        @Override
        public int waitFor() {
            throw new UnsupportedOperationException("runs on");
        }

        @Override
        public boolean waitForExit(long timeout, TimeUnit unit) {
            return false;
        }

        @Override
        public long exitNanos() {
            return Long.MAX_VALUE;
        }

        @Override
        public void signalTree(String signal) {
        }

        @Override
        public void killGroup() {
        }

        @Override
        public String kernelState() {
            return "running";
        }
    }
}
