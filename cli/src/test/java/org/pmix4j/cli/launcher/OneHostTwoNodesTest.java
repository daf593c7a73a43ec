package org.pmix4j.cli.launcher;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pmix4j.server.ServerConfig;
import org.pmix4j.testkit.NativeBuild;

/**
 * A job on two nodes that are one host: the launcher's own and a made-up node whose daemon the launch agent
 * starts here, as bin/pmix4j's training of the daemon's start-up cache does (and as two names of one machine
 * in a hostfile would). Each daemon's server is the node the launcher named it: the name its processes get as
 * PMIX_HOSTNAME, and the one it finds its processes under in the job's maps. With the host's own name, both
 * servers took both ranks for theirs, and the first fence across them never ended.
 */
class OneHostTwoNodesTest {
    private static final String HOST = ServerConfig.localHostname();
    private static final String MADE_UP = "pmix4j-made-up-node";

    @TempDir
    Path tmp;

    @Test
    void aCollectingFenceAndGetsCrossTwoNodesOfOneHost() throws IOException {
        // ssh's way of running a command, without ssh: the host is not used, the command runs here
        Path agent = tmp.resolve("agent-here");
        Files.writeString(agent, "#!/bin/sh\nshift\nexec /bin/sh -c \"exec $*\"\n");
        assertTrue(agent.toFile().setExecutable(true));
        Path exe = NativeBuild.pmixProgram(Path.of("src/test/c/multinode_client.c"));

        Launch.Result r = Launch.run(tmp, "--host", HOST + ":1," + MADE_UP + ":1", "--launch-agent", agent.toString(),
                "-n", "2", exe.toString(), "fence");
        r.assertStatus(0);
        String[] hostOf = {HOST, MADE_UP};
        for (int rank = 0; rank < 2; rank++) {
            assertTrue(r.stdout().contains("rank " + rank + " host " + hostOf[rank] + " nodeid " + rank
                    + " localsize 1 peers " + rank + " size 2"), r.all());
            for (int t = 0; t < 2; t++) {
                assertTrue(r.stdout().contains("get " + rank + " " + t + " value-" + t + "-on-" + hostOf[t] + " host "
                        + hostOf[t]), "rank " + rank + " reading rank " + t + ":\n" + r.all());
            }
            assertTrue(r.stdout().contains("done " + rank), r.all());
        }
    }
}
