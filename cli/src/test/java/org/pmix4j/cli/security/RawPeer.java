package org.pmix4j.cli.security;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.pmix4j.api.Info;
import org.pmix4j.wire.BufferKind;
import org.pmix4j.wire.Unpacker;
import org.pmix4j.wire.message.RequestMessage;
import org.pmix4j.wire.protocol.ConnectRequest;
import org.pmix4j.wire.protocol.MessageHeader;
import org.pmix4j.wire.protocol.NativeCredential;
import org.pmix4j.wire.protocol.PeerType;
import org.pmix4j.wire.protocol.Tags;
import org.pmix4j.testkit.Run;

/**
 * A peer that writes its own handshake, built here from the wire module's records and sent by
 * {@code src/test/scripts/raw_peer.py} run as another user: it may claim any uid and gid, in its handshake
 * and in its "native" credential alike, as an attacker's program can.
 */
final class RawPeer {
    private static final Path SCRIPT = Path.of("src/test/scripts/raw_peer.py").toAbsolutePath();
    private static final BufferKind KIND = BufferKind.FULLY_DESCRIBED;

    /** What the server answered: "closed" at connect, the connect status, and the status of each reply. */
    record Outcome(boolean closedAtConnect, Integer connectStatus, List<Integer> replies, String output) {
    }

    private RawPeer() {
    }

    /** A tool's handshake claiming {@code uid}/{@code gid}, asking for a name. */
    static byte[] toolHandshake(int uid, int gid) {
        return frame(new ConnectRequest("native", new NativeCredential(uid, gid).encode(), PeerType.TOOL_NEEDS_ID, uid,
                gid, null, 0, "4.2.2", "v41", KIND.code(), "hash", List.<Info>of()).encode());
    }

    /** A client's handshake as {@code nspace}:{@code rank}, with a credential of {@code uid}/{@code gid}. */
    static byte[] clientHandshake(String nspace, int rank, int uid, int gid) {
        return frame(new ConnectRequest("native", new NativeCredential(uid, gid).encode(), PeerType.SIMPLE_CLIENT, -1,
                -1, nspace, rank, "4.2.2", "v41", KIND.code(), "hash", List.<Info>of()).encode());
    }

    private static byte[] frame(byte[] body) {
        return ByteBuffer.allocate(MessageHeader.SIZE + body.length).put(MessageHeader.connectHeader(body.length))
                .put(body).array();
    }

    /**
     * Runs the raw peer as {@code user} against {@code uri} ("...;tcp4://host:port"): the handshake, then the
     * requests, each answered in turn.
     */
    static Outcome run(SecondUser user, String uri, Path dir, boolean tool, byte[] handshake,
            List<RequestMessage> requests) {
        Matcher m = Pattern.compile("tcp4?://([^:;]+):(\\d+)").matcher(uri);
        if (!m.find()) {
            throw new IllegalArgumentException("no TCP address in the server URI '" + uri + "'");
        }
        try {
            Path work = Files.createTempDirectory(dir, "raw");
            work.toFile().setReadable(true, false);
            work.toFile().setExecutable(true, false);
            Path hs = Files.write(work.resolve("connect.bin"), handshake);
            hs.toFile().setReadable(true, false);
            List<String> cmd = new ArrayList<>(List.of("/usr/bin/python3", SCRIPT.toString(), m.group(1), m.group(2),
                    Integer.toString(tool ? 2 * (260) + 4 : 4), hs.toString()));
            int tag = Tags.DYNAMIC;
            for (RequestMessage r : requests) {
                byte[] payload = r.payload(KIND);
                byte[] bytes = ByteBuffer.allocate(MessageHeader.SIZE + payload.length)
                        .put(new MessageHeader(0, ++tag, payload.length).toBytes()).put(payload).array();
                Path f = Files.write(work.resolve("req-" + tag + ".bin"), bytes);
                f.toFile().setReadable(true, false);
                cmd.add(f.toString());
            }
            Run.Result r = user.run(Map.of(), cmd.toArray(String[]::new));
            return parse(r);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Outcome parse(Run.Result r) {
        boolean closedAtConnect = false;
        Integer connect = null;
        List<Integer> replies = new ArrayList<>();
        for (String line : r.stdout().split("\n")) {
            if (line.equals("closed") && connect == null) {
                closedAtConnect = true;
            } else if (line.startsWith("connect status=")) {
                connect = Integer.parseInt(line.substring("connect status=".length()));
            } else if (line.startsWith("reply tag=")) {
                String hex = line.substring(line.indexOf("hex=") + 4);
                replies.add(new Unpacker(HexFormat.of().parseHex(hex), KIND).status());
            }
        }
        return new Outcome(closedAtConnect, connect, replies, r.all());
    }
}
