package org.pmix4j.server.fuzz;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Info;
import org.pmix4j.api.Proc;
import org.pmix4j.wire.protocol.ConnectRequest;
import org.pmix4j.wire.protocol.MessageHeader;
import org.pmix4j.wire.protocol.NativeCredential;
import org.pmix4j.wire.protocol.PeerType;

/**
 * Malformed connect requests (the first message of a connection, {@link ConnectRequest}): valid ones of
 * every peer type mutated, garbage module names and versions, wrong and huge credential lengths, headers
 * whose length disagrees with the body, sizes above the limit, half headers, random bytes.
 */
final class Handshakes {
    /**
     * One first message.
     *
     * @param complete whether the server has all the bytes its header announces (or can tell at once that
     *                 it never will), so it must answer or close; otherwise it may wait for the rest
     */
    record Case(String what, byte[] bytes, boolean complete) {
    }

    private final Random random;
    private final Mutator mutator;
    private final NativeCredential cred;
    private final Proc registered;

    /**
     * @param registered a registered client that hostile handshakes may claim to be (valid ones are accepted)
     */
    Handshakes(Random random, NativeCredential cred, Proc registered) {
        this.random = random;
        this.mutator = new Mutator(random);
        this.cred = cred;
        this.registered = registered;
    }

    /** The header of a connect request announcing {@code length} body bytes, then the body. */
    static byte[] frame(byte[] body) {
        return concat(MessageHeader.connectHeader(body.length), body);
    }

    private static byte[] headerDeclaring(long length) {
        byte[] h = MessageHeader.connectHeader(0);
        ByteBuffer.wrap(h).order(ByteOrder.LITTLE_ENDIAN).putInt(8, (int) length);
        return h;
    }

    /** A well-formed request of {@code type}, which the server may accept or refuse. */
    ConnectRequest valid(PeerType type) {
        int kind = 1 + random.nextInt(2);
        List<Info> info = type.isClient() ? List.of()
                : List.of(Attributes.TOOL_NSPACE.info("fz"), Attributes.CMD_LINE.info("fuzz --tool"));
        String nspace = type.sendsId() ? (random.nextBoolean() ? registered.nspace() : "fz" + random.nextInt(1000))
                : null;
        int rank = type.sendsId() ? (random.nextBoolean() ? registered.rank() : random.nextInt(4)) : 0;
        return new ConnectRequest(NativeCredential.MODULE, cred.encode(), type, cred.uid(), cred.gid(), nspace, rank,
                "4.2.2", "v41", kind, "hash", info);
    }

    /** {@code n} cases, a mix of every kind. */
    List<Case> next(int n) {
        List<Case> out = new ArrayList<>(n);
        PeerType[] types = PeerType.values();
        for (int i = 0; i < n; i++) {
            PeerType type = types[random.nextInt(types.length)];
            byte[] body = valid(type).encode();
            out.add(switch (random.nextInt(10)) {
                case 0, 1, 2 -> {
                    byte[] m = mutator.mutate(body, valid(types[random.nextInt(types.length)]).encode());
                    yield new Case("mutated " + type, frame(m), true);
                }
                case 3 -> oddFields(type);
                case 4 -> {
                    // the header announces more or fewer bytes than follow
                    long declared = Math.max(0, body.length + random.nextInt(41) - 20);
                    yield new Case(type + " body of " + body.length + " announced as " + declared,
                            concat(headerDeclaring(declared), body), declared <= body.length);
                }
                case 5 -> {
                    long[] huge = {ConnectRequest.MAX_BODY + 1L, 0xffff_ffffL, 0x8000_0000L, 1L << 30};
                    long declared = huge[random.nextInt(huge.length)];
                    yield new Case("announces " + declared + " bytes", concat(headerDeclaring(declared),
                            mutator.garbage(random.nextInt(64))), true);
                }
                case 6 -> {
                    // as big as allowed, but only the start is sent: the server waits for the rest
                    yield new Case("announces the limit, sends " + body.length,
                            concat(headerDeclaring(ConnectRequest.MAX_BODY), body), false);
                }
                case 7 -> {
                    int len = random.nextInt(MessageHeader.SIZE);
                    yield new Case("half a header (" + len + " bytes)", Arrays.copyOf(frame(body), len), false);
                }
                case 8 -> {
                    byte[] g = mutator.garbage(random.nextInt(300));
                    yield new Case("random body of " + g.length, frame(g), true);
                }
                default -> new Case("empty body", frame(new byte[0]), true);
            });
        }
        return out;
    }

    /** A body written field by field with one field wrong: module names, version, counts, flags. */
    private Case oddFields(PeerType type) {
        String psec = NativeCredential.MODULE;
        String bfrops = "v41";
        String gds = "hash";
        String version = "4.2.2";
        byte[] credential = cred.encode();
        int credLength = credential.length;
        int flag = type.flag();
        int kind = 1 + random.nextInt(2);
        String nspace = "fz" + random.nextInt(100);
        String what;
        switch (random.nextInt(9)) {
            case 0 -> {
                psec = pick("munge", "none", "", "native\u00ff", longName());
                what = "security module '" + shortly(psec) + "'";
            }
            case 1 -> {
                bfrops = pick("v12", "v20", "v3", "", longName());
                what = "bfrops '" + shortly(bfrops) + "'";
            }
            case 2 -> {
                gds = pick("ds12", "ds21", "shmem", "", longName());
                what = "gds '" + shortly(gds) + "'";
            }
            case 3 -> {
                version = pick("2.0.0", "2.0", "", "99.99", longName());
                what = "version '" + shortly(version) + "'";
            }
            case 4 -> {
                credLength = pick(0, 7, 9, -1, Integer.MAX_VALUE, ConnectRequest.MAX_BODY);
                credential = mutator.garbage(Math.max(0, Math.min(credLength, 64)));
                what = "credential length " + credLength;
            }
            case 5 -> {
                flag = 10 + random.nextInt(246);
                what = "peer type " + flag;
            }
            case 6 -> {
                kind = pick(0, 3, 255);
                what = "buffer kind " + kind;
            }
            case 7 -> {
                nspace = random.nextBoolean() ? "n".repeat(300) : "";
                what = "nspace of " + nspace.length() + " characters";
            }
            default -> {
                credential = new NativeCredential(cred.uid() + 1, cred.gid()).encode();
                what = "credential of another uid";
            }
        }
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        cstring(o, psec);
        u32(o, credLength);
        o.writeBytes(credential);
        o.write(flag);
        PeerType t = PeerType.forFlag(flag) == null ? type : PeerType.forFlag(flag);
        if (t.sendsUidGid()) {
            u32(o, cred.uid());
            u32(o, cred.gid());
        }
        if (t.sendsId()) {
            cstring(o, nspace);
            u32(o, random.nextInt(3));
        }
        cstring(o, version);
        cstring(o, bfrops);
        o.write(kind);
        cstring(o, gds);
        o.write(0);
        return new Case(type + " with " + what, frame(o.toByteArray()), true);
    }

    private String longName() {
        return "x".repeat(1 + random.nextInt(5000));
    }

    private static String shortly(String s) {
        return s.length() > 20 ? s.substring(0, 20) + "...(" + s.length() + ")" : s;
    }

    @SafeVarargs
    private <T> T pick(T... options) {
        return options[random.nextInt(options.length)];
    }

    private static void cstring(ByteArrayOutputStream o, String s) {
        o.writeBytes(s.getBytes(StandardCharsets.UTF_8));
        o.write(0);
    }

    private static void u32(ByteArrayOutputStream o, int v) {
        o.writeBytes(ByteBuffer.allocate(4).putInt(v).array());
    }

    static byte[] concat(byte[] a, byte[] b) {
        byte[] c = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, c, a.length, b.length);
        return c;
    }
}
