package org.pmix4j.runtime.cluster;

import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import org.pmix4j.api.Info;
import org.pmix4j.api.Proc;
import org.pmix4j.api.Value;

/** Arbitrary daemon messages of every kind, for the round-trip and fuzz properties. */
final class DaemonMessageArbitraries {
    private DaemonMessageArbitraries() {
    }

    /** Strings as the codec carries them: any text without NUL (which ends a C string), or none at all. */
    static Arbitrary<String> strings() {
        Arbitrary<String> text = Arbitraries.strings().withChars("abcXYZ019 _-./:=@é€\n\t'\"$")
                .ofMinLength(0).ofMaxLength(20);
        return Arbitraries.frequencyOf(net.jqwik.api.Tuple.of(9, text), net.jqwik.api.Tuple.of(1,
                Arbitraries.just(null)));
    }

    /** Strings that are never null (list items, keys). */
    static Arbitrary<String> words() {
        return Arbitraries.strings().withChars("abcXYZ019_-./:=@é").ofMinLength(1).ofMaxLength(12);
    }

    static Arbitrary<byte[]> bytes() {
        return Arbitraries.bytes().array(byte[].class).ofMaxSize(40);
    }

    static Arbitrary<Integer> ints() {
        return Arbitraries.oneOf(Arbitraries.integers(), Arbitraries.of(0, -1, 1, Integer.MAX_VALUE,
                Integer.MIN_VALUE));
    }

    /** SIZE is an unsigned varint: any long, read back as the same bits. */
    static Arbitrary<Long> sizes() {
        return Arbitraries.oneOf(Arbitraries.longs().between(0, 1L << 40), Arbitraries.of(-1L, Long.MAX_VALUE,
                Long.MIN_VALUE));
    }

    static Arbitrary<Proc> procs() {
        return Combinators.combine(words(), Arbitraries.of(0, 1, 7, 0xfffffffe, 0xfffffffd, 12345)).as(Proc::new);
    }

    static Arbitrary<List<Info>> infos() {
        Arbitrary<Value> values = Arbitraries.oneOf(words().map(Value::of), Arbitraries.of(true, false).map(Value::of),
                Arbitraries.integers().map(Value.Int32::new), Arbitraries.longs().between(0, 1L << 50)
                        .map(Value.Size::new));
        return Combinators.combine(words(), values, Arbitraries.of(0, 1, 2))
                .as((k, v, f) -> new Info("pmix." + k, v, f)).list().ofMaxSize(4);
    }

    static Arbitrary<DaemonMessage> messages() {
        Arbitrary<List<String>> words = words().list().ofMaxSize(5);
        return Arbitraries.oneOf(List.of(
                Combinators.combine(ints(), bytes()).as(DaemonMessage.Hello::new),
                Combinators.combine(bytes(), bytes()).as(DaemonMessage.Challenge::new),
                bytes().map(DaemonMessage.Proof::new),
                Combinators.combine(strings(), words, ints(), words, words).as(DaemonMessage.Layout::new),
                Combinators.combine(ints(), strings(), strings(), sizes(), sizes(), words).as(DaemonMessage.NodeReport::new),
                Combinators.combine(strings(), infos(), bytes()).as(DaemonMessage.LaunchJob::new),
                Combinators.combine(strings(), ints(), strings()).as(DaemonMessage.LaunchRefused::new),
                Combinators.combine(strings(), ints(), sizes()).as(DaemonMessage.ProcStarted::new),
                Combinators.combine(strings(), ints(), ints(), Arbitraries.of(true, false),
                        Arbitraries.of(true, false)).as(DaemonMessage.ProcEnded::new),
                Combinators.combine(strings(), ints(), ints(), bytes()).as(DaemonMessage.Output::new),
                Combinators.combine(strings(), ints(), bytes()).as(DaemonMessage.Stdin::new),
                Combinators.combine(strings(), ints(), ints(), sizes()).as(DaemonMessage.OutputTaken::new),
                Combinators.combine(strings(), ints(), sizes()).as(DaemonMessage.StdinTaken::new),
                Combinators.combine(strings(), ints().list().ofMaxSize(6), strings(), Arbitraries.of(true, false))
                        .as(DaemonMessage.Signal::new),
                strings().map(DaemonMessage.JobEnded::new),
                Combinators.combine(strings(), procs().list().ofMaxSize(4), bytes()).as(DaemonMessage.FenceUp::new),
                Combinators.combine(strings(), ints(), bytes()).as(DaemonMessage.FenceDown::new),
                Combinators.combine(sizes(), procs(), infos()).as(DaemonMessage.DmodexAsk::new),
                Combinators.combine(sizes(), ints(), bytes()).as(DaemonMessage.DmodexAnswer::new),
                Arbitraries.just(new DaemonMessage.Heartbeat()),
                strings().map(DaemonMessage.Shutdown::new),
                Combinators.combine(ints(), strings(), strings()).as(DaemonMessage.DaemonLost::new),
                Combinators.combine(sizes(), ints(), bytes()).as(DaemonMessage.HostCall::new),
                Combinators.combine(sizes(), ints(), strings(), bytes()).as(DaemonMessage.HostAnswer::new),
                bytes().map(DaemonMessage.Event::new)));
    }

    /** The kinds of every message record, for the fuzz properties (and to check none is left out). */
    static final List<Integer> KINDS = List.of(DaemonMessage.Hello.KIND, DaemonMessage.Challenge.KIND,
            DaemonMessage.Proof.KIND, DaemonMessage.Layout.KIND, DaemonMessage.NodeReport.KIND,
            DaemonMessage.LaunchJob.KIND, DaemonMessage.LaunchRefused.KIND, DaemonMessage.ProcStarted.KIND,
            DaemonMessage.ProcEnded.KIND, DaemonMessage.Output.KIND, DaemonMessage.Stdin.KIND,
            DaemonMessage.OutputTaken.KIND, DaemonMessage.StdinTaken.KIND,
            DaemonMessage.Signal.KIND, DaemonMessage.JobEnded.KIND, DaemonMessage.FenceUp.KIND,
            DaemonMessage.FenceDown.KIND, DaemonMessage.DmodexAsk.KIND, DaemonMessage.DmodexAnswer.KIND,
            DaemonMessage.Heartbeat.KIND, DaemonMessage.Shutdown.KIND, DaemonMessage.DaemonLost.KIND,
            DaemonMessage.HostCall.KIND, DaemonMessage.HostAnswer.KIND, DaemonMessage.Event.KIND);
}
