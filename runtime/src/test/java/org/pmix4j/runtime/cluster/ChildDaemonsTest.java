package org.pmix4j.runtime.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.EOFException;
import java.io.IOException;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Daemon 0 starting a child through a launch agent that stands in for ssh (a script that writes down what
 * it was given and stays up, as ssh does while the remote daemon runs): the agent gets the host and the
 * command with the parent's addresses, the secret only on its stdin; a stranger connecting to the address
 * the child is told (a non-loopback one when the host has one: what another host would reach) is refused,
 * and the child proving the secret from its stdin joins and is sent the tree's layout.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class ChildDaemonsTest {
    private static final long SILENCE_MS = 10_000;

    record Failure(int id, String host, String why) {
    }

    private static Path agent(Path dir, String body) throws IOException {
        Path script = dir.resolve("agent.sh");
        Files.writeString(script, "#!/bin/sh\n" + body);
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwx------"));
        return script;
    }

    private static DaemonMessage.Layout layout(Path agent) {
        return new DaemonMessage.Layout("rt", List.of("h0", "h1"), 1, List.of(agent.toString()),
                List.of("pmix4j", "daemon"));
    }

    @Test
    void aChildJoinsWithTheSecretFromItsAgentsStdinAndAStrangerIsRefused(@TempDir Path dir) throws Exception {
        Path agent = agent(dir, """
                dir=$(dirname "$0")
                IFS= read -r secret
                { printf '%s\\n' "$secret"; printf '%s\\n' "$@"; } > "$dir/tmp"
                mv "$dir/tmp" "$dir/started"
                echo "agent for $1 is up" >&2
                exec sleep 60
                """);
        LinkSecret secret = LinkSecret.generate();
        BlockingQueue<LoopbackTree.Received> atRoot = new LinkedBlockingQueue<>();
        BlockingQueue<LoopbackTree.Loss> losses = new LinkedBlockingQueue<>();
        BlockingQueue<Failure> failures = new LinkedBlockingQueue<>();
        BlockingQueue<String> stderr = new LinkedBlockingQueue<>();
        DaemonRouter router = new DaemonRouter(0, new DaemonTree(2, 1),
                (o, m) -> atRoot.add(new LoopbackTree.Received(o, m)),
                (d, p, w) -> losses.add(new LoopbackTree.Loss(0, d, p, w)));
        DaemonMessage.Layout layout = layout(agent);
        try (ChildDaemons children = new ChildDaemons(router, layout, agentOf(layout), secret, SILENCE_MS,
                (id, host, why) -> failures.add(new Failure(id, host, why)), stderr::add)) {
            children.start();
            Path started = dir.resolve("started");
            while (!Files.exists(started)) {
                Thread.sleep(20);
            }
            List<String> lines = Files.readAllLines(started);
            assertEquals(secret.encode(), lines.get(0), "the secret is the first line of the agent's stdin");
            List<String> args = lines.subList(1, lines.size());
            assertFalse(String.join(" ", args).contains(secret.encode()), "the secret is on no command line");
            assertEquals(List.of("h1", "pmix4j", "daemon", "--parent"), args.subList(0, 4));
            assertEquals(List.of("--id", "1", "--node", "h1", "--silence-limit", Long.toString(SILENCE_MS)),
                    args.subList(5, 11), "its id, and its node by the name the launcher knows it by");
            List<String> addresses = List.of(args.get(4).split(","));
            assertTrue(addresses.get(addresses.size() - 1).startsWith("127."), "loopback last: " + addresses);
            assertEquals("[h1] agent for h1 is up", stderr.poll(10, TimeUnit.SECONDS));

            // a stranger at the first address (another interface when there is one) without the secret
            String first = addresses.get(0);
            int colon = first.lastIndexOf(':');
            try (DaemonLink stranger = new DaemonLink(new Socket(first.substring(0, colon),
                    Integer.parseInt(first.substring(colon + 1))), "daemon 0", SILENCE_MS)) {
                stranger.send(-1, 1, new DaemonMessage.Hello(1, LinkSecret.nonce()));
                Frame f = stranger.readNow();
                DaemonMessage.Challenge c = assertInstanceOf(DaemonMessage.Challenge.class,
                        DaemonMessage.read(f.kind(), f.body()));
                stranger.send(-1, 1, new DaemonMessage.Proof(LinkSecret.generate().proof("child", 1, c.nonce())));
                // refused: the connection is closed, nothing more is said (no layout)
                assertThrows(EOFException.class, stranger::readNow);
            }

            // the real child, with the secret its agent was given
            try (DaemonLink child = TreeJoin.join(addresses, 1, LinkSecret.decode(lines.get(0)), SILENCE_MS)) {
                Frame f = child.readNow();
                assertEquals(layout, DaemonMessage.read(f.kind(), f.body()), "the joined child learns the tree");
                child.send(0, 1, new DaemonMessage.NodeReport(1, "h1", "", -1, 5, List.of("h1.example.org")));
                assertEquals(new LoopbackTree.Received(1, new DaemonMessage.NodeReport(1, "h1", "", -1, 5, List.of("h1.example.org"))),
                        atRoot.poll(10, TimeUnit.SECONDS));

                // once joined, the id cannot join again, even with the secret
                IOException again = assertThrows(IOException.class,
                        () -> TreeJoin.join(addresses, 1, secret, SILENCE_MS));
                assertInstanceOf(EOFException.class, again);
            }
            assertTrue(failures.isEmpty(), failures.toString());
        } finally {
            router.close();
        }
    }

    @Test
    void anAgentThatEndsBeforeItsDaemonJoinedIsAStartFailureWithItsLastWords(@TempDir Path dir) throws Exception {
        Path agent = agent(dir, """
                echo "ssh: connect to host $1 port 22: Connection refused" >&2
                exit 255
                """);
        BlockingQueue<Failure> failures = new LinkedBlockingQueue<>();
        DaemonRouter router = new DaemonRouter(0, new DaemonTree(2, 1), (o, m) -> { }, (d, p, w) -> { });
        try (ChildDaemons children = new ChildDaemons(router, layout(agent), agentOf(layout(agent)), LinkSecret.generate(), SILENCE_MS,
                (id, host, why) -> failures.add(new Failure(id, host, why)), line -> { })) {
            children.start();
            Failure f = failures.poll(10, TimeUnit.SECONDS);
            assertEquals(1, f.id());
            assertEquals("h1", f.host());
            assertTrue(f.why().contains("exited with status 255 before the daemon joined"), f.why());
            assertTrue(f.why().contains("Connection refused"), f.why());
        } finally {
            router.close();
        }
    }

    @Test
    void anAgentThatCannotBeRunIsAStartFailure(@TempDir Path dir) throws Exception {
        BlockingQueue<Failure> failures = new LinkedBlockingQueue<>();
        DaemonRouter router = new DaemonRouter(0, new DaemonTree(2, 1), (o, m) -> { }, (d, p, w) -> { });
        try (ChildDaemons children = new ChildDaemons(router, layout(dir.resolve("no-such-agent")),
                agentOf(layout(dir.resolve("no-such-agent"))), LinkSecret.generate(), SILENCE_MS, (id, host, why) -> failures.add(new Failure(id, host, why)),
                line -> { })) {
            children.start();
            Failure f = failures.poll(10, TimeUnit.SECONDS);
            assertEquals(1, f.id());
            assertTrue(f.why().contains("no-such-agent"), f.why());
        } finally {
            router.close();
        }
    }

    /** The launch agent of the layout, as TreeMember starts a daemon's children with it. */
    private static DaemonStarter agentOf(DaemonMessage.Layout layout) {
        return new AgentStarter(new LaunchAgent(layout.agent()));
    }
}
