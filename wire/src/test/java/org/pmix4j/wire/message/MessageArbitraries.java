package org.pmix4j.wire.message;

import static org.pmix4j.wire.message.MessageCase.event;
import static org.pmix4j.wire.message.MessageCase.ioData;
import static org.pmix4j.wire.message.MessageCase.reply;

import java.util.List;
import java.util.stream.Stream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;
import org.pmix4j.api.AllocDirective;
import org.pmix4j.api.App;
import org.pmix4j.api.ByteObject;
import org.pmix4j.api.Cpuset;
import org.pmix4j.api.DataRange;
import org.pmix4j.api.DataType;
import org.pmix4j.api.DeviceDistance;
import org.pmix4j.api.Info;
import org.pmix4j.api.IofChannel;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;
import org.pmix4j.api.PublishedData;
import org.pmix4j.api.Query;
import org.pmix4j.api.Scope;
import org.pmix4j.api.Topology;
import org.pmix4j.api.Value;
import org.pmix4j.wire.ValueArbitraries;

/** Generators of every message record: one arbitrary per request form, per reply form and per pushed message. */
public final class MessageArbitraries {
    private MessageArbitraries() {
    }

    /** Every message, requests, replies and pushed ones alike. */
    static Arbitrary<MessageCase> messages() {
        Stream<Arbitrary<MessageCase>> requests = requests().stream().map(a -> a.map(MessageCase::request));
        return Arbitraries.oneOf(Stream.concat(requests, repliesAndPushed().stream()).toList());
    }

    /** The requests, at least one arbitrary per command of {@link org.pmix4j.wire.protocol.PmixCommand}. */
    public static List<Arbitrary<RequestMessage>> requests() {
        Arbitrary<List<String>> keys = ValueArbitraries.cStrings().list().ofMaxSize(3);
        Arbitrary<Integer> uid = Arbitraries.integers();
        Arbitrary<CommitRequest.ScopedData> scoped = Combinators.combine(value(DataType.SCOPE, Scope.class),
                Arbitraries.of(1, 2), ValueArbitraries.byteArrays(40))
                .as((s, k, b) -> new CommitRequest.ScopedData(s, new Value.Buffer(k, b)));
        return List.of(
                Arbitraries.just(new JobInfoRequest()),
                Combinators.combine(Arbitraries.integers(), string(), procs(0)).as(AbortRequest::new),
                scoped.list().ofMaxSize(2).map(CommitRequest::new),
                Combinators.combine(procs(0), infos()).as(FenceRequest::new),
                Combinators.combine(value(DataType.PROC, Proc.class), infos(), string()).as(GetRequest::new),
                Arbitraries.just(new FinalizeRequest()),
                Combinators.combine(uid, infos()).as(PublishRequest::new),
                Combinators.combine(uid, keys, infos()).as(LookupRequest::new),
                Combinators.combine(uid, keys, infos()).as(UnpublishRequest::new),
                Combinators.combine(infos(), value(DataType.APP, App.class).list().ofMaxSize(2)).as(SpawnRequest::new),
                Combinators.combine(procs(0), infos()).as(ConnectProcsRequest::new),
                Combinators.combine(procs(0), infos()).as(DisconnectRequest::new),
                Combinators.combine(Arbitraries.integers(), range(), infos()).as(NotifyRequest::new),
                Combinators.combine(codes(), infos()).as(RegisterEventsRequest::new),
                codes().map(DeregisterEventsRequest::new),
                value(DataType.QUERY, Query.class).list().ofMaxSize(2).map(QueryRequest::new),
                Combinators.combine(value(DataType.TIME, Value.Time.class).map(Value.Time::seconds), infos(), infos())
                        .as(LogRequest::new),
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
                        infos()).as(ComputeDeviceDistancesRequest::new),
                Combinators.combine(Arbitraries.integers(), infos()).as(SessionControlRequest::new));
    }

    /** Every reply form, and the two messages a server pushes unasked. */
    static List<Arbitrary<MessageCase>> repliesAndPushed() {
        return List.of(
                status().map(s -> reply(new StatusReply(s), StatusReply::read)),
                Combinators.combine(string(), bytes()).as((n, b) -> reply(new JobInfoReply(n, b), JobInfoReply::read)),
                Combinators.combine(status(), bytes().list().ofMaxSize(3))
                        .as((s, o) -> reply(new GetReply(s, o), GetReply::read)),
                Combinators.combine(status(), value(DataType.PDATA, PublishedData.class).list().ofMaxSize(3))
                        .as((s, d) -> reply(new LookupReply(s, s == PmixStatus.PMIX_SUCCESS ? d : List.of()),
                                LookupReply::read)),
                Combinators.combine(status(), string(), bytes())
                        .as((s, n, b) -> reply(new SpawnReply(s, n, b), SpawnReply::read)),
                Combinators.combine(status(), bytes().list().ofMaxSize(3))
                        .as((s, o) -> reply(new ConnectProcsReply(s, o), ConnectProcsReply::read)),
                Combinators.combine(Arbitraries.integers(), infos())
                        .as((s, i) -> reply(new StatusInfosReply(s, i), StatusInfosReply::read)),
                Combinators.combine(succeeded(), bytes(), infos())
                        .as((s, c, i) -> reply(new CredentialReply(s, c, i), CredentialReply::read)),
                failed().map(s -> reply(CredentialReply.failed(s), CredentialReply::read)),
                Combinators.combine(succeeded(), Arbitraries.longs())
                        .as((s, id) -> reply(new IofPullReply(s, id), IofPullReply::read)),
                failed().map(s -> reply(IofPullReply.failed(s), IofPullReply::read)),
                Combinators.combine(Arbitraries.integers(), Arbitraries.longs())
                        .as((s, id) -> reply(new GroupConstructReply(s, id), GroupConstructReply::read)),
                Combinators.combine(Arbitraries.integers(),
                        value(DataType.DEVICE_DIST, DeviceDistance.class).list().ofMaxSize(3))
                        .as((s, d) -> reply(new DeviceDistancesReply(s, d), DeviceDistancesReply::read)),
                Combinators.combine(Arbitraries.integers(), value(DataType.PROC, Proc.class), infos(), range())
                        .as((c, s, i, r) -> event(new EventNotification(c, s, i, r))),
                Combinators.combine(value(DataType.PROC, Proc.class), channels(), Arbitraries.longs(), infos(), bytes())
                        .as((s, c, id, i, d) -> ioData(new IofDataMessage(s, c, id, i, d))));
    }

    // ---- fields ---------------------------------------------------------------------------------------

    private static <T> Arbitrary<T> value(DataType type, Class<T> as) {
        return ValueArbitraries.of(type).map(as::cast);
    }

    private static Arbitrary<List<Info>> infos() {
        return value(DataType.INFO, Info.class).list().ofMaxSize(3);
    }

    private static Arbitrary<List<Proc>> procs(int min) {
        return value(DataType.PROC, Proc.class).list().ofMinSize(min).ofMaxSize(4);
    }

    /** A C string, sometimes NULL. */
    private static Arbitrary<String> string() {
        return ValueArbitraries.cStrings().injectNull(0.1);
    }

    /** Mostly success, else any code. */
    private static Arbitrary<Integer> status() {
        return Arbitraries.frequencyOf(Tuple.of(3, Arbitraries.just(PmixStatus.PMIX_SUCCESS)),
                Tuple.of(2, Arbitraries.integers()));
    }

    private static Arbitrary<Integer> succeeded() {
        return Arbitraries.of(PmixStatus.PMIX_SUCCESS, PmixStatus.PMIX_OPERATION_SUCCEEDED);
    }

    private static Arbitrary<Integer> failed() {
        return Arbitraries.integers().filter(s -> !StatusReply.succeeded(s));
    }

    private static Arbitrary<ByteObject> bytes() {
        return ValueArbitraries.byteArrays(40).map(ByteObject::new);
    }

    private static Arbitrary<List<Integer>> codes() {
        return Arbitraries.integers().list().ofMaxSize(4);
    }

    private static Arbitrary<DataRange> range() {
        return value(DataType.DATA_RANGE, DataRange.class);
    }

    private static Arbitrary<Integer> channels() {
        return value(DataType.IOF_CHANNEL, IofChannel.class).map(IofChannel::bits);
    }
}
