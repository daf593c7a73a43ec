package org.pmix4j.client.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pmix4j.client.programs.AbortProgram;
import org.pmix4j.client.programs.ApiProgram;
import org.pmix4j.client.programs.ModexProgram;
import org.pmix4j.testkit.Run;

/**
 * The Java client under a host of our own built on the real libpmix 4.2.2 server library
 * (src/test/c/host_server.c), which serves the upcalls mpirun does not: every client API the issue lists is
 * exercised here against OpenPMIx itself, and the host's log shows what reached it.
 */
class LibpmixHostClientTest {
    @TempDir
    Path dir;

    @Test
    void modexPublishAndLookup() throws Exception {
        Run.Result r = HostServer.launch(dir, 3, List.of(), JavaProgram.command(ModexProgram.class),
                Duration.ofMinutes(2));
        assertEquals(0, r.exitCode(), r.all());
        String out = r.stdout();
        for (int rank = 0; rank < 3; rank++) {
            String me = "RESULT rank " + rank + " ";
            assertTrue(out.contains(me + "init nspace=hsjob size=3 localPeers=[0, 1, 2]"), out);
            assertTrue(out.contains(me + "gets=[G-from-0, G-from-1, G-from-2]"), out);
            assertTrue(out.contains(me + "lookup=[mx.svc.0=port-0@0, mx.svc.1=port-1@1, mx.svc.2=port-2@2]"), out);
            assertTrue(out.contains("HOST publish hsjob:" + rank + " mx.svc." + rank + "=port-" + rank), out);
            assertTrue(out.contains("HOST unpublish by hsjob:" + rank + " removed 1"), out);
            assertTrue(out.contains("HOST client_finalized hsjob:" + rank), out);
        }
    }

    @Test
    void everyOtherClientApiReachesTheHost() throws Exception {
        List<String> child = JavaProgram.command(ModexProgram.class, "--no-publish");
        List<String> cmd = new ArrayList<>(JavaProgram.command(ApiProgram.class));
        cmd.addAll(child);
        Run.Result r = HostServer.launch(dir, 2, List.of(), cmd, Duration.ofMinutes(2));
        assertEquals(0, r.exitCode(), r.all());
        String out = r.stdout();
        for (int rank = 0; rank < 2; rank++) {
            String me = "RESULT rank " + rank + " ";
            assertTrue(out.contains(me + "events [user from 0 say=\"hello\"]"), out);
            assertTrue(out.contains(me + "query hs.answer=42 namespaces=hsjob"), out);
            assertTrue(out.contains("HOST log by hsjob:" + rank + " pmix.log.stderr=log line from " + rank), out);
            assertTrue(out.contains("HOST allocate by hsjob:" + rank + " directive=1"), out);
            assertTrue(out.contains("HOST job_control by hsjob:" + rank + " ntargets=1 pmix.jctrl.sig=0"), out);
            assertTrue(out.contains(me + "alloc=hs-alloc-1 jobcontrol=0 monitor=ok"), out);
            assertTrue(out.contains(me + "credential=CRED-hsjob-" + rank + " valid=yes forged=PMIX_ERR_INVALID_CRED"),
                    out);
            assertTrue(out.contains(me + "peers=[0, 1] nodes=1"), out);
            assertTrue(out.contains(me + "connect+disconnect"), out);
            assertTrue(out.contains("HOST push_stdin by hsjob:" + rank + " ntargets=1 data=input from " + rank), out);
            assertTrue(out.contains(me + "data pack/unpack"), out);
            assertTrue(out.contains(me + "done"), out);
        }
        // the event went through the server to the host, which answered with one of its own
        assertTrue(out.contains("HOST notify_event code=-3001 source=hsjob:0 range=3"), out);
        // the spawned job ran the modex program in a namespace of its own, known to the parent afterwards
        assertTrue(out.contains("RESULT rank 0 spawned hsjob.spawn.1 size=1"), out);
        assertTrue(out.contains("RESULT rank 0 init nspace=hsjob.spawn.1 size=1 localPeers=[0]"), out);
    }

    @Test
    void stopInInitWaitsForTheDebuggerRelease() throws Exception {
        long t0 = System.nanoTime();
        Run.Result r = HostServer.launch(dir, 2, List.of("--stop-in-init", "--release-delay", "2000"),
                JavaProgram.command(ModexProgram.class, "--no-publish"), Duration.ofMinutes(2));
        long ms = (System.nanoTime() - t0) / 1_000_000;
        assertEquals(0, r.exitCode(), r.all());
        String out = r.stdout();
        // both clients declared themselves ready for the debugger (libpmix aggregates that into one event)
        int ready = out.indexOf("HOST notify_event code=-58");
        int release = out.indexOf("HOST release hsjob");
        assertTrue(ready >= 0 && release > ready, out);
        for (int rank = 0; rank < 2; rank++) {
            int init = out.indexOf("RESULT rank " + rank + " init");
            assertTrue(init > release, "rank " + rank + " left init before the release:\n" + out);
        }
        assertTrue(out.contains("HOST notify_event info pmix.brkpnt=pmix-init"), out);
        assertTrue(ms >= 2000, "the job took only " + ms + " ms although the release came after 2 s");
    }

    @Test
    void abortReachesTheHostWithStatusAndMessage() throws Exception {
        Run.Result r = HostServer.launch(dir, 1, List.of(), JavaProgram.command(AbortProgram.class),
                Duration.ofMinutes(1));
        assertTrue(r.stdout().contains("HOST abort by hsjob:0 status=7 nprocs=0 msg=giving up on purpose"), r.all());
        assertTrue(r.stdout().contains("RESULT abort returned"), r.all());
    }
}
