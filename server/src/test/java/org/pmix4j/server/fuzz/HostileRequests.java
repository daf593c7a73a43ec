package org.pmix4j.server.fuzz;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Supplier;
import net.jqwik.api.Arbitrary;
import org.pmix4j.wire.BufferKind;
import org.pmix4j.wire.Packer;
import org.pmix4j.wire.ValueArbitraries;
import org.pmix4j.wire.message.MessageArbitraries;
import org.pmix4j.wire.message.RequestMessage;
import org.pmix4j.wire.protocol.PmixCommand;
import org.pmix4j.wire.protocol.Tags;

/**
 * The frames a hostile peer sends once it is connected, made from the wire module's request records
 * ({@link MessageArbitraries#requests}, one generator or more per command of {@link PmixCommand}): valid
 * records, records naming live processes ({@link TargetedRequests}), valid records mutated ({@link Mutator}), the body of one command under another's command byte
 * (every field read as the wrong type), a record packed in the other buffer kind, payloads under the
 * untagged tags (heartbeat, IO, notify, unassigned), and tiny payloads.
 */
final class HostileRequests {
    /** How a frame was made. */
    enum Form {
        VALID, TARGETED, MUTATED, OTHER_BODY, OTHER_KIND, UNTAGGED, TINY
    }

    /** One framed message about {@code command}. */
    record Frame(Form form, String what, PmixCommand command, int tag, byte[] payload) {
    }

    /** The command byte 0xee: no command has it, so the server answers PMIX_ERR_NOT_SUPPORTED at once. */
    static final int UNKNOWN_COMMAND = 0xee;

    private final Random random;
    private final Mutator mutator;
    private final Map<PmixCommand, List<RequestMessage>> records;
    private final List<RequestMessage> all = new ArrayList<>();
    private final TargetedRequests targeted;
    private final Supplier<List<String>> live;

    /**
     * Draws {@code perGenerator} records from every request generator of the wire module, with {@code seed};
     * {@code live} names the namespaces that exist when a frame is made ({@link TargetedRequests}).
     */
    HostileRequests(long seed, int perGenerator, Supplier<List<String>> live) {
        this.random = new Random(seed);
        this.targeted = new TargetedRequests(random);
        this.live = live;
        this.mutator = new Mutator(random);
        this.records = new EnumMap<>(PmixCommand.class);
        int g = 0;
        // jqwik's sampling session is one per JVM, not per thread: the workers take turns
        synchronized (HostileRequests.class) {
            for (Arbitrary<RequestMessage> a : MessageArbitraries.requests()) {
                for (RequestMessage m : ValueArbitraries.sample(a, perGenerator, seed * 1000 + g++)) {
                    records.computeIfAbsent(m.command(), c -> new ArrayList<>()).add(m);
                    all.add(m);
                }
            }
        }
    }

    /** The commands the records cover (every one of {@link PmixCommand}, or the wire's tests fail). */
    List<PmixCommand> commands() {
        return List.copyOf(records.keySet());
    }

    /** The payload a peer with {@code kind} sends to ask the unknown command: the sentinel of a batch. */
    static byte[] unknownCommand(BufferKind kind) {
        return new Packer(kind).command(UNKNOWN_COMMAND).toByteArray();
    }

    /** A valid payload of {@code command}, packed in {@code kind}. */
    byte[] valid(PmixCommand command, BufferKind kind) {
        List<RequestMessage> l = records.get(command);
        return l.get(random.nextInt(l.size())).payload(kind);
    }

    /**
     * A hostile frame about {@code command}: mostly a request record, valid or broken, sometimes an
     * untagged message or a tiny payload. Tags of requests come from {@code tag}.
     */
    Frame next(PmixCommand command, BufferKind kind, int tag) {
        byte[] valid = valid(command, kind);
        int pick = random.nextInt(100);
        if (pick < 20) {
            return new Frame(Form.VALID, "valid " + command, command, tag, valid);
        }
        if (pick < 30) {
            RequestMessage m = targeted.next(command, live.get());
            if (m != null) {
                return new Frame(Form.TARGETED, m.toString(), command, tag, m.payload(kind));
            }
            return new Frame(Form.VALID, "valid " + command, command, tag, valid);
        }
        if (pick < 70) {
            byte[] m = mutator.mutate(valid, any(kind));
            // an empty request ends the connection (libpmix's sign of a lost peer): rarely, below
            return new Frame(Form.MUTATED, "mutated " + command, command, tag, m.length == 0 ? mutator.garbage(1) : m);
        }
        if (pick < 80) {
            RequestMessage other = all.get(random.nextInt(all.size()));
            return new Frame(Form.OTHER_BODY, command + " with the body of " + other.command(), command, tag,
                    Handshakes.concat(new Packer(kind).command(command.code()).toByteArray(), body(other, kind)));
        }
        if (pick < 88) {
            BufferKind otherKind = kind == BufferKind.NON_DESCRIBED ? BufferKind.FULLY_DESCRIBED
                    : BufferKind.NON_DESCRIBED;
            return new Frame(Form.OTHER_KIND, command + " packed " + otherKind, command, tag, valid(command, otherKind));
        }
        if (pick < 96) {
            int[] untagged = {Tags.NOTIFY, Tags.HEARTBEAT, Tags.IOF, Tags.IOF, 3 + random.nextInt(Tags.DYNAMIC - 2)};
            int t = untagged[random.nextInt(untagged.length)];
            byte[] p = random.nextBoolean() ? valid : mutator.mutate(valid, any(kind));
            return new Frame(Form.UNTAGGED, command + " under tag " + t, command, t, p);
        }
        byte[] tiny = switch (random.nextInt(5)) {
            case 0 -> new byte[0];
            case 1, 2 -> new byte[] {(byte) random.nextInt(256)};
            default -> new Packer(kind).command(command.code()).toByteArray();
        };
        return new Frame(Form.TINY, "tiny " + command, command, tag, tiny);
    }

    private byte[] any(BufferKind kind) {
        return all.get(random.nextInt(all.size())).payload(kind);
    }

    private static byte[] body(RequestMessage m, BufferKind kind) {
        byte[] whole = m.payload(kind);
        int head = new Packer(kind).command(m.command().code()).toByteArray().length;
        return java.util.Arrays.copyOfRange(whole, head, whole.length);
    }
}
