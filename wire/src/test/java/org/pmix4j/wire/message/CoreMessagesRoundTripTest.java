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
import net.jqwik.api.Tuple;
import org.pmix4j.api.App;
import org.pmix4j.api.ByteObject;
import org.pmix4j.api.DataRange;
import org.pmix4j.api.DataType;
import org.pmix4j.api.Info;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;
import org.pmix4j.api.PublishedData;
import org.pmix4j.api.Query;
import org.pmix4j.api.Scope;
import org.pmix4j.api.Value;
import org.pmix4j.wire.BufferKind;
import org.pmix4j.wire.Unpacker;
import org.pmix4j.wire.ValueArbitraries;
import org.pmix4j.wire.protocol.PmixCommand;

/**
 * Every request and reply record of the core commands (job info, abort, commit, get, finalize, publish,
 * lookup, unpublish, spawn, connect, disconnect, notify, event registration, query, log) and the event
 * notification, written and read back in both buffer kinds: the record read is equal to the one written and
 * every byte is consumed. Requests go through {@link RequestMessages}, as the server reads them.
 */
class CoreMessagesRoundTripTest {
    /** A message and how its bytes are read back. */
    record Case(Object message, Function<BufferKind, byte[]> write, Function<Unpacker, Object> read) {
        @Override
        public String toString() {
            return message.toString();
        }
    }

    private static Case request(RequestMessage m) {
        return new Case(m, m::payload, u -> RequestMessages.read(PmixCommand.forCode(u.command()), u));
    }

    private static Case reply(ReplyMessage m, Function<Unpacker, Object> read) {
        return new Case(m, m::payload, read);
    }

    @Property(tries = 3000, seed = "20261124")
    void everyCoreMessageReadsBackEqual(@ForAll("messages") Case c, @ForAll BufferKind kind) {
        byte[] bytes = c.write().apply(kind);
        Unpacker u = new Unpacker(bytes, kind);
        assertEquals(c.message(), c.read().apply(u));
        assertFalse(u.hasRemaining(), "bytes left after reading " + c.message());
    }

    // ---- generators ------------------------------------------------------------------------------------

    private static Arbitrary<List<Info>> infos() {
        return ValueArbitraries.of(DataType.INFO).map(Info.class::cast).list().ofMaxSize(3);
    }

    private static Arbitrary<List<Proc>> procs() {
        return ValueArbitraries.of(DataType.PROC).map(Proc.class::cast).list().ofMaxSize(4);
    }

    private static Arbitrary<Proc> proc() {
        return ValueArbitraries.of(DataType.PROC).map(Proc.class::cast);
    }

    private static Arbitrary<String> string() {
        return ValueArbitraries.cStrings().injectNull(0.1);
    }

    private static Arbitrary<Integer> status() {
        return Arbitraries.frequencyOf(Tuple.of(3, Arbitraries.just(PmixStatus.PMIX_SUCCESS)),
                Tuple.of(2, Arbitraries.integers()));
    }

    private static Arbitrary<ByteObject> bytes() {
        return ValueArbitraries.byteArrays(40).map(ByteObject::new);
    }

    private static Arbitrary<List<Integer>> codes() {
        return Arbitraries.integers().list().ofMaxSize(4);
    }

    @Provide
    Arbitrary<Case> messages() {
        Arbitrary<List<String>> keys = ValueArbitraries.cStrings().list().ofMaxSize(3);
        Arbitrary<Integer> uid = Arbitraries.integers();
        Arbitrary<CommitRequest.ScopedData> scoped = Combinators.combine(
                ValueArbitraries.of(DataType.SCOPE).map(Scope.class::cast), Arbitraries.of(1, 2),
                ValueArbitraries.byteArrays(40))
                .as((s, k, b) -> new CommitRequest.ScopedData(s, new Value.Buffer(k, b)));
        Arbitrary<DataRange> range = ValueArbitraries.of(DataType.DATA_RANGE).map(DataRange.class::cast);
        List<Arbitrary<Case>> all = List.of(
                Arbitraries.just(request(new JobInfoRequest())),
                Combinators.combine(string(), bytes()).as((n, b) -> reply(new JobInfoReply(n, b), JobInfoReply::read)),
                Combinators.combine(Arbitraries.integers(), string(), procs())
                        .as((s, m, p) -> request(new AbortRequest(s, m, p))),
                scoped.list().ofMaxSize(2).map(l -> request(new CommitRequest(l))),
                Combinators.combine(proc(), infos(), string()).as((p, i, k) -> request(new GetRequest(p, i, k))),
                Combinators.combine(status(), bytes().list().ofMaxSize(3))
                        .as((s, o) -> reply(new GetReply(s, o), GetReply::read)),
                Arbitraries.just(request(new FinalizeRequest())),
                Combinators.combine(uid, infos()).as((u, d) -> request(new PublishRequest(u, d))),
                Combinators.combine(uid, keys, infos()).as((u, k, d) -> request(new LookupRequest(u, k, d))),
                Combinators.combine(status(), ValueArbitraries.of(DataType.PDATA).map(PublishedData.class::cast)
                        .list().ofMaxSize(3)).as((s, d) -> reply(
                                new LookupReply(s, s == PmixStatus.PMIX_SUCCESS ? d : List.of()), LookupReply::read)),
                Combinators.combine(uid, keys, infos()).as((u, k, d) -> request(new UnpublishRequest(u, k, d))),
                Combinators.combine(infos(), ValueArbitraries.of(DataType.APP).map(App.class::cast).list().ofMaxSize(2))
                        .as((i, a) -> request(new SpawnRequest(i, a))),
                Combinators.combine(status(), string(), bytes())
                        .as((s, n, b) -> reply(new SpawnReply(s, n, b), SpawnReply::read)),
                Combinators.combine(procs(), infos()).as((p, i) -> request(new ConnectProcsRequest(p, i))),
                Combinators.combine(status(), bytes().list().ofMaxSize(3))
                        .as((s, o) -> reply(new ConnectReply(s, o), ConnectReply::read)),
                Combinators.combine(procs(), infos()).as((p, i) -> request(new DisconnectRequest(p, i))),
                Combinators.combine(Arbitraries.integers(), range, infos())
                        .as((s, r, i) -> request(new NotifyRequest(s, r, i))),
                Combinators.combine(codes(), infos()).as((c, i) -> request(new RegisterEventsRequest(c, i))),
                codes().map(c -> request(new DeregisterEventsRequest(c))),
                ValueArbitraries.of(DataType.QUERY).map(Query.class::cast).list().ofMaxSize(2)
                        .map(q -> request(new QueryRequest(q))),
                Combinators.combine(status(), infos())
                        .as((s, i) -> reply(new StatusInfosReply(s, i), StatusInfosReply::read)),
                Combinators.combine(ValueArbitraries.of(DataType.TIME).map(t -> ((Value.Time) t).seconds()), infos(),
                        infos()).as((t, d, i) -> request(new LogRequest(t, d, i))),
                status().map(s -> reply(new StatusReply(s), StatusReply::read)),
                Combinators.combine(Arbitraries.integers(), proc(), infos(), range).as((c, s, i, r) -> {
                    EventNotification e = new EventNotification(c, s, i, r);
                    return new Case(e, e::payload, EventNotification::read);
                }));
        return Arbitraries.oneOf(all);
    }
}
