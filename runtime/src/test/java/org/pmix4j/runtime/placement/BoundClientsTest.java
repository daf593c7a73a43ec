package org.pmix4j.runtime.placement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.DataArray;
import org.pmix4j.api.Info;
import org.pmix4j.api.Proc;
import org.pmix4j.server.PmixServer;
import org.pmix4j.testkit.NativeBuild;
import org.pmix4j.testkit.Run;

/**
 * The whole path with real libpmix 4.2.2 clients: a job is mapped on this machine, registered with
 * {@link PlacementInfo}'s entries, and its processes are started through the binder. Each one reports the
 * CPUs it actually runs on and what PMIx tells it about every rank.
 */
class BoundClientsTest {
    @TempDir
    Path tmp;

    @Test
    void clientsRunWhereTheirCpusetSaysAndSeeEachOthersLocality() throws Exception {
        Path exe = NativeBuild.pmixProgram(Path.of("src/test/c/placement_client.c"));
        NodeTopology topo = NodeTopology.probe();
        CpuBinder binder = CpuBinder.detect(topo);
        int n = PlacementRequest.defaultSlots(topo);
        JobMap map = Mapper.map(PlacementRequest.builder(topo, List.of(new PlacementRequest.App(n, exe.toString())))
                .bindingSupport(binder.support()).build());
        assertTrue(map.procs().stream().allMatch(ProcPlacement::bound), "one process per core is bound: " + map);

        try (PmixServer server = PmixServer.start(null, List.of(Attributes.SERVER_TMPDIR.info(tmp.toString()),
                Attributes.SYSTEM_TMPDIR.info(tmp.toString())))) {
            String host = server.config().hostname();
            String nspace = "placement";
            List<Info> job = new ArrayList<>();
            job.add(Attributes.JOB_SIZE.info(n));
            job.add(Attributes.NODE_MAP.info(PmixServer.generateRegex(host)));
            StringBuilder ranks = new StringBuilder();
            for (int r = 0; r < n; r++) {
                ranks.append(r == 0 ? "" : ",").append(r);
            }
            job.add(Attributes.PROC_MAP.info(PmixServer.generatePpn(ranks.toString())));
            job.addAll(PlacementInfo.jobInfos(map));
            for (ProcPlacement p : map.procs()) {
                List<Info> proc = new ArrayList<>();
                proc.add(Attributes.RANK.info(p.rank()));
                proc.addAll(PlacementInfo.procInfos(p));
                job.add(Info.of(Attributes.PROC_DATA.key(), DataArray.ofInfos(proc)));
            }
            server.registerNspace(nspace, n, job).join();
            var sys = new com.sun.security.auth.module.UnixSystem();
            for (int r = 0; r < n; r++) {
                server.registerClient(new Proc(nspace, r), (int) sys.getUid(), (int) sys.getGid()).join();
            }
            List<Thread> threads = new ArrayList<>();
            Run.Result[] results = new Run.Result[n];
            for (ProcPlacement p : map.procs()) {
                List<String> cmd = new ArrayList<>(binder.bindCommandPrefix(p.cpus()));
                cmd.add(exe.toString());
                Run run = Run.command(cmd).env(server.setupFork(new Proc(nspace, p.rank())))
                        .timeout(Duration.ofSeconds(60));
                Thread t = Thread.ofVirtual().start(() -> results[p.rank()] = run.go());
                threads.add(t);
            }
            for (Thread t : threads) {
                t.join();
            }
            for (ProcPlacement p : map.procs()) {
                Run.Result res = results[p.rank()];
                assertEquals(0, res.exitCode(), res.all());
                String out = res.stdout();
                assertTrue(out.contains("rank " + p.rank() + " runs-on " + p.cpusetString() + "\n"),
                        "rank " + p.rank() + " should run on " + p.cpusetString() + ":\n" + out);
                for (ProcPlacement q : map.procs()) {
                    String line = "rank " + p.rank() + " sees " + q.rank() + " cpuset " + q.cpusetString()
                            + " locality " + q.locality() + " lrank " + q.localRank() + " nrank " + q.nodeRank();
                    assertTrue(out.contains(line + "\n"), "expected '" + line + "' in:\n" + out);
                }
            }
        }
    }
}
