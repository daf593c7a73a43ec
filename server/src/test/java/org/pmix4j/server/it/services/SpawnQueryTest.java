package org.pmix4j.server.it.services;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pmix4j.api.App;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Info;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;
import org.pmix4j.api.Query;
import org.pmix4j.api.Value;
import org.pmix4j.server.HostModule;
import org.pmix4j.server.PmixServer;
import org.pmix4j.testkit.Run;

/** SPAWN and QUERY from real libpmix clients. */
class SpawnQueryTest {
    @TempDir
    Path tmp;

    @Test
    void spawnReachesTheHostAndTheReplyCarriesTheNewJobsData() throws Exception {
        Path exe = Fixture.program("svc_spawn");
        ServiceHost host = new ServiceHost();
        try (PmixServer s = Fixture.start(host, tmp)) {
            Fixture.job(s, "parent", 1, 1);
            Run.Result r = Fixture.client(s, new Proc("parent", 0), exe);
            assertEquals(0, r.exitCode(), r.all());
            assertTrue(r.stdout().contains("spawn rc=0 nspace=svcspawned"), r.all());
            // PMIX_OPTIONAL: the values were in the spawn reply, the client asked nobody
            assertTrue(r.stdout().contains("child job.size=2"), r.all());
            assertTrue(r.stdout().contains("child svc.spawned=yes"), r.all());

            ServiceHost.Call spawn = host.calls("spawn").get(0);
            assertEquals(new Proc("parent", 0), spawn.requester());
            assertEquals(new Value.Int(42), spawn.find("svc.directive").value());
            @SuppressWarnings("unchecked")
            List<App> apps = (List<App>) spawn.extra();
            assertEquals(1, apps.size());
            assertEquals("/bin/echo", apps.get(0).cmd());
            assertEquals(List.of("echo", "spawned"), apps.get(0).argv());
            assertEquals(2, apps.get(0).maxProcs());
            assertTrue(apps.get(0).cwd() != null && !apps.get(0).cwd().isEmpty(), "the client fills in its cwd");
        }
    }

    @Test
    void spawnWithoutTheUpcallIsNotSupported() throws Exception {
        Path exe = Fixture.program("svc_spawn");
        try (PmixServer s = Fixture.start(HostModule.NONE, tmp)) {
            Fixture.job(s, "parent2", 1, 1);
            Run.Result r = Fixture.client(s, new Proc("parent2", 0), exe);
            assertEquals(0, r.exitCode(), r.all());
            assertTrue(r.stdout().contains("spawn rc=" + PmixStatus.PMIX_ERR_NOT_SUPPORTED), r.all());
        }
    }

    /** The job other clients ask about: 4 processes, 3 here (apps 0: ranks 0-1, 1: ranks 2-3), 1 elsewhere. */
    private static void queriedJob(PmixServer s) {
        Fixture.job(s, "qB", 4, 3, Attributes.APP_INFO_ARRAY.info(org.pmix4j.api.DataArray.ofInfos(List.of(
                Attributes.APPNUM.info(0), Attributes.APP_SIZE.info(2)))), Attributes.APP_INFO_ARRAY.info(
                org.pmix4j.api.DataArray.ofInfos(List.of(Attributes.APPNUM.info(1), Attributes.APP_SIZE.info(2)))),
                Attributes.PROC_INFO_ARRAY.info(org.pmix4j.api.DataArray.ofInfos(List.of(Attributes.RANK.info(0),
                        Attributes.APPNUM.info(0)))),
                Attributes.PROC_INFO_ARRAY.info(org.pmix4j.api.DataArray.ofInfos(List.of(Attributes.RANK.info(1),
                        Attributes.APPNUM.info(0)))),
                Attributes.PROC_INFO_ARRAY.info(org.pmix4j.api.DataArray.ofInfos(List.of(Attributes.RANK.info(2),
                        Attributes.APPNUM.info(1)))),
                Attributes.PROC_INFO_ARRAY.info(org.pmix4j.api.DataArray.ofInfos(List.of(Attributes.RANK.info(3),
                        Attributes.APPNUM.info(1)))),
                Attributes.UNIV_SIZE.info(16), Attributes.JOBID.info("job-qB"));
    }

    @Test
    void queriesAreAnsweredFromTheRegisteredDataThenByTheHost() throws Exception {
        Path exe = Fixture.program("svc_query");
        ServiceHost host = new ServiceHost();
        try (PmixServer s = Fixture.start(host, tmp)) {
            Fixture.job(s, "qA", 1, 1);
            queriedJob(s);
            String hostname = s.config().hostname();
            Run.Result r = Fixture.client(s, new Proc("qA", 0), exe, "qB", hostname);
            assertEquals(0, r.exitCode(), r.all());
            String out = r.stdout();
            // the host does not know the namespaces: the server answers with the registered ones
            assertTrue(out.contains("namespaces rc=0\n  pmix.qry.ns=qA,qB\n"), r.all());
            assertTrue(out.contains("job rc=0\n  pmix.job.size=4\n  pmix.jobid=job-qB\n"), r.all());
            assertTrue(out.contains("node rc=0\n  pmix.local.size=3\n"), r.all());
            assertTrue(out.contains("app rc=0\n  pmix.app.size=2\n"), r.all());
            assertTrue(out.contains("session rc=0\n  pmix.univ.size=16\n"), r.all());
            assertTrue(out.contains("rank rc=0\n  pmix.lrank=1\n"), r.all());
            assertTrue(out.contains("host rc=0\n  svc.host.answer=from the host\n"), r.all());
            assertTrue(out.contains("mixed rc=0\n  pmix.job.size=4\n  svc.host.answer=from the host\n"), r.all());

            // the host saw only what the server could not answer
            List<ServiceHost.Call> queries = host.calls("query");
            for (ServiceHost.Call c : queries) {
                @SuppressWarnings("unchecked")
                List<Query> qs = (List<Query>) c.extra();
                for (Query q : qs) {
                    assertTrue(q.keys().stream().noneMatch(k -> k.equals(Attributes.JOB_SIZE.key())
                            || k.equals(Attributes.LOCAL_SIZE.key())), "the host was asked " + qs);
                }
            }
            assertEquals(new Proc("qA", 0), queries.get(0).requester());
        }
    }

    @Test
    void withoutTheHostUnknownKeysAreNotFoundOrPartial() throws Exception {
        Path exe = Fixture.program("svc_query");
        try (PmixServer s = Fixture.start(HostModule.NONE, tmp)) {
            Fixture.job(s, "qA", 1, 1);
            queriedJob(s);
            Run.Result r = Fixture.client(s, new Proc("qA", 0), exe, "qB", s.config().hostname());
            assertEquals(0, r.exitCode(), r.all());
            String out = r.stdout();
            assertTrue(out.contains("namespaces rc=0\n  pmix.qry.ns=qA,qB\n"), r.all());
            assertTrue(out.contains("job rc=0\n  pmix.job.size=4\n"), r.all());
            assertTrue(out.contains("host rc=" + PmixStatus.PMIX_ERR_NOT_FOUND + "\n"), r.all());
            // a 4.2.2 client reads no answers after a status other than success
            assertTrue(out.contains("mixed rc=" + PmixStatus.PMIX_QUERY_PARTIAL_SUCCESS + "\n"), r.all());
        }
    }

    static Info info(String k, String v) {
        return Info.of(k, v);
    }
}
