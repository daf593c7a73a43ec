package org.pmix4j.wire.message;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.List;
import java.util.function.Function;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.pmix4j.api.AllocDirective;
import org.pmix4j.api.ByteObject;
import org.pmix4j.api.Cpuset;
import org.pmix4j.api.DataType;
import org.pmix4j.api.DeviceDistance;
import org.pmix4j.api.Info;
import org.pmix4j.api.IofChannel;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;
import org.pmix4j.api.Topology;
import org.pmix4j.wire.BufferKind;
import org.pmix4j.wire.Unpacker;
import org.pmix4j.wire.ValueArbitraries;
import org.pmix4j.wire.protocol.PmixCommand;

/**
 * Every request and reply record of the service commands (allocation, job control, monitoring,
 * credentials, IO forwarding, groups, fabrics, device distances) and the IO data message, written and read
 * back in both buffer kinds: the same record, and every byte consumed. Requests are read through
 * {@link RequestMessages}, as the server reads them.
 */
class ServiceMessagesRoundTripTest {
    @Property(tries = 1500, seed = "20261124")
    void requestsRoundTrip(@ForAll("requests") RequestMessage request, @ForAll BufferKind kind) {
        Unpacker u = new Unpacker(request.payload(kind), kind);
        PmixCommand command = PmixCommand.forCode(u.command());
        assertEquals(request.command(), command);
        RequestMessage back = RequestMessages.read(command, u);
        assertFalse(u.hasRemaining(), () -> u.remaining() + " bytes left after " + back);
        assertEquals(request, back);
    }

    @Property(tries = 800, seed = "20261125")
    void repliesRoundTrip(@ForAll("replies") ReplyMessage reply, @ForAll BufferKind kind) {
        Function<Unpacker, ReplyMessage> reader = switch (reply) {
            case StatusInfosReply r -> StatusInfosReply::read;
            case CredentialReply r -> CredentialReply::read;
            case IofPullReply r -> IofPullReply::read;
            case GroupConstructReply r -> GroupConstructReply::read;
            case DeviceDistancesReply r -> DeviceDistancesReply::read;
            default -> throw new AssertionError("no reader for " + reply);
        };
        Unpacker u = new Unpacker(reply.payload(kind), kind);
        ReplyMessage back = reader.apply(u);
        assertFalse(u.hasRemaining(), () -> u.remaining() + " bytes left after " + back);
        assertEquals(reply, back);
    }

    @Property(tries = 300, seed = "20261126")
    void ioDataRoundTrips(@ForAll("ioData") IofDataMessage message, @ForAll BufferKind kind) {
        Unpacker u = new Unpacker(message.payload(kind), kind);
        IofDataMessage back = IofDataMessage.read(u);
        assertFalse(u.hasRemaining());
        assertEquals(message, back);
    }

    // ---- generators -----------------------------------------------------------------------------------

    @Provide
    Arbitrary<RequestMessage> requests() {
        return Arbitraries.oneOf(List.of(
                Combinators.combine(value(DataType.ALLOC_DIRECTIVE, AllocDirective.class), infos())
                        .as(AllocRequest::new),
                Combinators.combine(procs(0), infos()).as(JobControlRequest::new),
                Combinators.combine(value(DataType.INFO, Info.class), Arbitraries.integers(), infos())
                        .as(MonitorRequest::new),
                infos().map(GetCredentialRequest::new),
                Combinators.combine(bytes(), infos()).as(ValidateCredentialRequest::new),
                // a pull from no sources does not read back (see IofPullRequest)
                Combinators.combine(procs(1), infos(), channels(), Arbitraries.longs()).as(IofPullRequest::new),
                Combinators.combine(procs(0), infos(), bytes().injectNull(0.3)).as(IofPushRequest::new),
                Combinators.combine(infos(), Arbitraries.longs()).as(IofDeregisterRequest::new),
                Combinators.combine(ValueArbitraries.cStrings(), procs(0), infos()).as(GroupConstructRequest::new),
                Arbitraries.just(new GroupJoinRequest()),
                Arbitraries.just(new GroupInviteRequest()),
                Combinators.combine(ValueArbitraries.cStrings(), infos()).as(GroupLeaveRequest::new),
                Combinators.combine(ValueArbitraries.cStrings(), infos()).as(GroupDestructRequest::new),
                infos().map(FabricRegisterRequest::new),
                Arbitraries.longs().map(FabricUpdateRequest::new),
                Combinators.combine(value(DataType.TOPO, Topology.class), value(DataType.PROC_CPUSET, Cpuset.class),
                        infos()).as(ComputeDeviceDistancesRequest::new)));
    }

    @Provide
    Arbitrary<ReplyMessage> replies() {
        Arbitrary<Integer> success = Arbitraries.of(PmixStatus.PMIX_SUCCESS, PmixStatus.PMIX_OPERATION_SUCCEEDED);
        Arbitrary<Integer> failure = Arbitraries.integers().filter(s -> !StatusReply.succeeded(s));
        return Arbitraries.oneOf(List.of(
                Combinators.combine(Arbitraries.integers(), infos()).as(StatusInfosReply::new),
                Combinators.combine(success, bytes(), infos()).as(CredentialReply::new),
                failure.map(CredentialReply::failed),
                Combinators.combine(success, Arbitraries.longs()).as(IofPullReply::new),
                failure.map(IofPullReply::failed),
                Combinators.combine(Arbitraries.integers(), Arbitraries.longs()).as(GroupConstructReply::new),
                Combinators.combine(Arbitraries.integers(),
                        value(DataType.DEVICE_DIST, DeviceDistance.class).list().ofMaxSize(3))
                        .as(DeviceDistancesReply::new)));
    }

    @Provide
    Arbitrary<IofDataMessage> ioData() {
        return Combinators.combine(value(DataType.PROC, Proc.class), channels(), Arbitraries.longs(), infos(), bytes())
                .as(IofDataMessage::new);
    }

    private static <T> Arbitrary<T> value(DataType type, Class<T> as) {
        return ValueArbitraries.of(type).map(as::cast);
    }

    private static Arbitrary<List<Info>> infos() {
        return value(DataType.INFO, Info.class).list().ofMaxSize(3);
    }

    private static Arbitrary<List<Proc>> procs(int min) {
        return value(DataType.PROC, Proc.class).list().ofMinSize(min).ofMaxSize(4);
    }

    private static Arbitrary<Integer> channels() {
        return value(DataType.IOF_CHANNEL, IofChannel.class).map(IofChannel::bits);
    }

    private static Arbitrary<ByteObject> bytes() {
        return value(DataType.BYTE_OBJECT, ByteObject.class);
    }
}
