package org.pmix4j.server.it.services;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pmix4j.api.Attributes;
import org.pmix4j.server.PmixServer;
import org.pmix4j.testkit.Run;

/**
 * Two pmix4j servers on this node, one of them the system server; a libpmix tool (query_servers.c)
 * connected to one asks PMIX_QUERY_AVAIL_SERVERS and is told of both. libpmix 4.2.2 answers this query in
 * the tool library from the rendezvous files under its system tmpdir, so what is tested here is that our
 * servers' files are where and what a 4.2.2 tool looks for.
 */
class AvailableServersInteropTest {
    @TempDir
    Path tmp;

    private PmixServer start(String nspace, Path serverTmpdir, boolean system) {
        return PmixServer.start(new ServiceHost(), List.of(Attributes.SERVER_NSPACE.info(nspace),
                Attributes.SERVER_TMPDIR.info(serverTmpdir.toString()), Attributes.SYSTEM_TMPDIR.info(tmp.toString()),
                Attributes.SERVER_TOOL_SUPPORT.info(true), Attributes.SERVER_SYSTEM_SUPPORT.info(system)));
    }

    @Test
    void aLibpmixToolSeesBothServers() {
        Path exe = Fixture.program("query_servers");
        long pid = ProcessHandle.current().pid();
        try (PmixServer a = start("avail-a", tmp.resolve("a"), true);
                PmixServer b = start("avail-b", tmp.resolve("b"), false)) {
            Run.Result r = Run.command(exe.toString(), b.uri()).env("TMPDIR", tmp.toString())
                    .unsetEnv("PMIX_SYSTEM_TMPDIR").go();
            assertEquals(0, r.exitCode(), r.all());
            // (4.2.2's entries carry PMIX_SERVER_RANK set to the pid, and no PMIX_SERVER_URI nor role: its own
            // reading of the files; the nspace and pid are what a tool then connects with)
            assertTrue(r.stdout().matches("(?s).*server avail-a rank \\d+ pid " + pid + "\n.*"), r.all());
            assertTrue(r.stdout().matches("(?s).*server avail-b rank \\d+ pid " + pid + "\n.*"), r.all());
            assertTrue(r.stdout().contains("found 2\n"), r.all());
        }
    }
}
