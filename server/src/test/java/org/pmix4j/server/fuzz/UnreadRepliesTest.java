package org.pmix4j.server.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Proc;
import org.pmix4j.server.PmixServer;
import org.pmix4j.wire.BufferKind;
import org.pmix4j.wire.message.JobInfoRequest;
import org.pmix4j.wire.protocol.ConnectRequest;
import org.pmix4j.wire.protocol.MessageHeader;
import org.pmix4j.wire.protocol.NativeCredential;
import org.pmix4j.wire.protocol.PeerType;

/**
 * A client that writes requests and does not read the replies costs the server a bounded amount of memory:
 * the server stops reading its requests while a megabyte or so of replies waits for it, and serves the
 * rest once it reads. Before, 50,000 job-info requests (900 KB) left the server holding 80 to 110 MB of
 * replies (a peer sending a few megabytes more could exhaust its heap), and copying the whole queue for
 * every write kept its loop busy for tens of seconds.
 */
class UnreadRepliesTest {
    private static final int REQUESTS = 50_000;
    private static final long MARGIN = 32L << 20;

    @TempDir
    Path tmp;

    @Test
    void aPeerThatDoesNotReadIsPausedNotQueuedForWithoutBoundAndGetsEveryReplyWhenItReads() throws Exception {
        var sys = new com.sun.security.auth.module.UnixSystem();
        NativeCredential cred = new NativeCredential((int) sys.getUid(), (int) sys.getGid());
        try (PmixServer s = PmixServer.start(null, List.of(Attributes.SERVER_TMPDIR.info(tmp.toString()),
                Attributes.SYSTEM_TMPDIR.info(tmp.toString())))) {
            String h = s.config().hostname();
            s.registerNspace("greedy", 8, List.of(Attributes.JOB_SIZE.info(8), Attributes.NODE_MAP.info(h),
                    Attributes.PROC_MAP.info("0,1,2,3,4,5,6,7"))).join();
            s.registerClient(new Proc("greedy", 0), cred.uid(), cred.gid()).join();
            URI u = URI.create(s.uri().substring(s.uri().indexOf(';') + 1));
            SocketFuzzTest.Memory before = SocketFuzzTest.Memory.settled(s);

            try (Socket sock = new Socket()) {
                sock.connect(new InetSocketAddress(u.getHost(), u.getPort()));
                OutputStream out = sock.getOutputStream();
                DataInputStream in = new DataInputStream(sock.getInputStream());
                ConnectRequest hello = new ConnectRequest(NativeCredential.MODULE, cred.encode(),
                        PeerType.SIMPLE_CLIENT, -1, -1, "greedy", 0, "4.2.2", "v41", 1, "hash", List.of());
                out.write(Handshakes.frame(hello.encode()));
                assertEquals(0, in.readInt(), "the client is accepted");
                in.readInt();

                // the requests, from a thread of their own: once the server stops reading, writing blocks
                byte[] request = new JobInfoRequest().payload(BufferKind.NON_DESCRIBED);
                AtomicInteger written = new AtomicInteger();
                Thread writer = Thread.ofPlatform().daemon().start(() -> {
                    try {
                        for (int i = 0; i < REQUESTS; i++) {
                            out.write(new MessageHeader(0, 101 + i, request.length).toBytes());
                            out.write(request);
                            written.incrementAndGet();
                        }
                    } catch (IOException e) {
                        // the test fails below on the count
                    }
                });
                // until the writer is done or has been stuck for a second
                int seen = -1;
                while (writer.isAlive() && seen != written.get()) {
                    seen = written.get();
                    Thread.sleep(1000);
                }
                SocketFuzzTest.Memory unread = SocketFuzzTest.Memory.settled(s);
                assertTrue(unread.heap() - before.heap() < MARGIN, "with " + written.get() + " requests sent and no"
                        + " reply read, the server's heap went from " + before + " to " + unread);

                // now it reads: every request is answered, in order
                for (int i = 0; i < REQUESTS; i++) {
                    byte[] header = new byte[MessageHeader.SIZE];
                    in.readFully(header);
                    MessageHeader m = MessageHeader.read(ByteBuffer.wrap(header));
                    assertEquals(101 + i, m.tag(), "reply " + i);
                    in.readFully(new byte[(int) m.length()]);
                }
                writer.join();
                assertEquals(REQUESTS, written.get());
            }
            assertEquals(Boolean.TRUE, s.call(() -> Boolean.TRUE).get());
        }
    }
}
