package org.pmix4j.runtime.cluster;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;

/**
 * A daemon joining the tree ({@link TreeMember#join}) under a stand-in parent that is a bare router over
 * loopback: it proves the secret, learns the layout, is reachable for messages and the direct modex, and
 * hears of its parent's loss with who and why.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class TreeMemberTest {
    private static final long SILENCE_MS = 10_000;
    private static final DaemonMessage.Layout LAYOUT = new DaemonMessage.Layout("pmix4j-rt", List.of("h0", "h1"), 1,
            List.of("ssh"), List.of("pmix4j", "daemon"));

    record Lost(int id, String host, String why) {
    }

    /** What the joined daemon hears. */
    static final class Heard implements TreeMember.Events {
        final BlockingQueue<LoopbackTree.Received> messages = new LinkedBlockingQueue<>();
        final BlockingQueue<Lost> lost = new LinkedBlockingQueue<>();

        @Override
        public void message(int origin, DaemonMessage m) {
            messages.add(new LoopbackTree.Received(origin, m));
        }

        @Override
        public void daemonLost(int id, String host, String why) {
            lost.add(new Lost(id, host, why));
        }
    }

    private static <T> T next(BlockingQueue<T> q) throws InterruptedException {
        T t = q.poll(10, TimeUnit.SECONDS);
        if (t == null) {
            throw new AssertionError("nothing arrived");
        }
        return t;
    }

    /** Daemon 1's server: it runs rank 1 of "job" and answers for it with "data of 1". */
    private static TreeMember.LocalServer server() {
        return new TreeMember.LocalServer(procs -> Set.of(0, 1), p -> p.rank() % 2, p -> p.rank() == 1
                ? CompletableFuture.completedFuture(("data of " + p.rank()).getBytes(StandardCharsets.UTF_8))
                : CompletableFuture.failedFuture(new PmixException(PmixStatus.PMIX_ERR_NOT_FOUND, "not here")));
    }

    @Test
    void aDaemonJoinsLearnsTheTreeAndHearsItsParentsLoss() throws Exception {
        LinkSecret secret = LinkSecret.generate();
        BlockingQueue<LoopbackTree.Received> atRoot = new LinkedBlockingQueue<>();
        BlockingQueue<LoopbackTree.Loss> rootLosses = new LinkedBlockingQueue<>();
        DaemonRouter root = new DaemonRouter(0, new DaemonTree(2, 1), (o, m) -> atRoot.add(
                new LoopbackTree.Received(o, m)), (d, p, w) -> rootLosses.add(new LoopbackTree.Loss(0, d, p, w)));
        Heard heard = new Heard();
        try (ServerSocket listener = new ServerSocket(0, 5, InetAddress.getLoopbackAddress())) {
            CompletableFuture<Void> parent = CompletableFuture.runAsync(() -> {
                try {
                    Socket s = listener.accept();
                    DaemonLink link = new DaemonLink(s, "daemon 1 on h1", SILENCE_MS);
                    int id = TreeJoin.accept(link, secret, c -> c == 1);
                    root.attach(id, link);
                    root.send(id, LAYOUT);
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
            String address = "127.0.0.1:" + listener.getLocalPort();
            try (TreeMember member = TreeMember.join(List.of(address), 1, secret.encode() + "\n", SILENCE_MS, heard,
                    server(), line -> { })) {
                parent.get(10, TimeUnit.SECONDS);
                assertEquals(1, member.self());
                assertEquals("pmix4j-rt", member.nspace());
                assertEquals(List.of("h0", "h1"), member.hosts());

                member.send(0, new DaemonMessage.NodeReport(1, "h1", "topo", -1, 77, List.of()));
                assertEquals(new LoopbackTree.Received(1, new DaemonMessage.NodeReport(1, "h1", "topo", -1, 77, List.of())),
                        next(atRoot));
                root.send(1, new DaemonMessage.JobEnded("job"));
                assertEquals(new LoopbackTree.Received(0, new DaemonMessage.JobEnded("job")), next(heard.messages));

                // the direct modex: daemon 0 asks for rank 1, whose node is daemon 1's
                root.send(1, new DaemonMessage.DmodexAsk(41, new Proc("job", 1), List.of()));
                DaemonMessage.DmodexAnswer answer = assertInstanceOf(DaemonMessage.DmodexAnswer.class,
                        next(atRoot).message());
                assertEquals(41, answer.request());
                assertEquals(PmixStatus.PMIX_SUCCESS, answer.status());
                assertArrayEquals("data of 1".getBytes(StandardCharsets.UTF_8), answer.data());
                root.send(1, new DaemonMessage.DmodexAsk(42, new Proc("job", 3), List.of()));
                answer = assertInstanceOf(DaemonMessage.DmodexAnswer.class, next(atRoot).message());
                assertEquals(42, answer.request());
                assertEquals(PmixStatus.PMIX_ERR_NOT_FOUND, answer.status(), "the server's refusal travels back");

                // daemon 1 asks daemon 0 in turn; the stand-in answers by hand
                CompletableFuture<byte[]> asked = member.directModex().ask(new Proc("job", 0), List.of());
                LoopbackTree.Received ask = next(atRoot);
                DaemonMessage.DmodexAsk question = assertInstanceOf(DaemonMessage.DmodexAsk.class, ask.message());
                assertEquals(new Proc("job", 0), question.target());
                root.send(1, new DaemonMessage.DmodexAnswer(question.request(), PmixStatus.PMIX_SUCCESS,
                        new byte[] {7}));
                assertArrayEquals(new byte[] {7}, asked.get(10, TimeUnit.SECONDS));

                // a collective in progress when the parent goes
                CompletableFuture<byte[]> fence = member.collectives().contribute(List.of(new Proc("job", 0),
                        new Proc("job", 1)), new byte[] {1});
                assertInstanceOf(DaemonMessage.FenceUp.class, next(atRoot).message());
                root.close();
                Lost lost = next(heard.lost);
                assertEquals(0, lost.id());
                assertEquals("h0", lost.host());
                assertTrue(lost.why().startsWith("its connection"), lost.why());
                ExecutionException e = assertThrows(ExecutionException.class, () -> fence.get(10, TimeUnit.SECONDS));
                PmixException pe = assertInstanceOf(PmixException.class, e.getCause());
                assertEquals(PmixStatus.PMIX_ERR_UNREACH, pe.status());
                assertTrue(pe.getMessage().contains("the parent daemon (h0) is lost"), pe.getMessage());
            }
        } finally {
            root.close();
        }
    }

    @Test
    void aSecretLineThatIsNotHexIsRefusedBeforeConnecting() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> TreeMember.join(
                List.of("127.0.0.1:1"), 1, "not a secret", SILENCE_MS, new Heard(), server(), line -> { }));
        assertTrue(e.getMessage().contains("64 hex digits"), e.getMessage());
    }

    @Test
    void aParentThatSendsSomethingElseThanTheLayoutIsRefused() throws Exception {
        LinkSecret secret = LinkSecret.generate();
        try (ServerSocket listener = new ServerSocket(0, 5, InetAddress.getLoopbackAddress())) {
            CompletableFuture<DaemonLink> parent = CompletableFuture.supplyAsync(() -> {
                try {
                    DaemonLink link = new DaemonLink(listener.accept(), "daemon 1", SILENCE_MS);
                    int id = TreeJoin.accept(link, secret, c -> c == 1);
                    link.send(id, 0, new DaemonMessage.Shutdown("no layout"));
                    return link;
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
            IOException e = assertThrows(IOException.class, () -> TreeMember.join(
                    List.of("127.0.0.1:" + listener.getLocalPort()), 1, secret.encode(), SILENCE_MS, new Heard(),
                    server(), line -> { }));
            assertTrue(e.getMessage().contains("instead of the tree's layout"), e.getMessage());
            parent.get(10, TimeUnit.SECONDS).close();
        }
    }

    @Test
    void aRootAloneHandlesWhatItSendsToEveryDaemon() throws Exception {
        Heard heard = new Heard();
        DaemonMessage.Layout alone = new DaemonMessage.Layout("rt", List.of("h0"), 2, List.of("ssh"), List.of("x"));
        try (TreeMember root = TreeMember.root(alone, new AgentStarter(new LaunchAgent(alone.agent())), SILENCE_MS,
                heard, server(), line -> { })) {
            assertEquals(0, root.self());
            root.toEvery(new DaemonMessage.JobEnded("j"));
            assertEquals(new LoopbackTree.Received(0, new DaemonMessage.JobEnded("j")), next(heard.messages));
            CompletableFuture<byte[]> f = root.directModex().ask(new Proc("job", 0), List.of());
            ExecutionException e = assertThrows(ExecutionException.class, () -> f.get(10, TimeUnit.SECONDS));
            assertEquals(PmixStatus.PMIX_ERR_NOT_FOUND, ((PmixException) e.getCause()).status());
        }
    }
}
