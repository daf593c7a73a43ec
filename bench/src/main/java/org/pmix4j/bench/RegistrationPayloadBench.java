package org.pmix4j.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.pmix4j.api.DataArray;
import org.pmix4j.api.Info;
import org.pmix4j.api.Rank;
import org.pmix4j.api.Value;
import org.pmix4j.wire.BufferKind;
import org.pmix4j.wire.Packer;
import org.pmix4j.wire.Unpacker;

/**
 * Packs and unpacks what a host registers for a 1,000-process job: 1,000 infos "pmix.pdata", each a data
 * array of the 8 proc-level keys. bench/c/pack_bench.c times libpmix on the same payload (the two encode
 * to identical bytes, which bench/codec.sh checks), and bench/codec.sh prints the ratio.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class RegistrationPayloadBench {
    static final int NPROCS = 1000;

    List<Info> payload;
    byte[] packed;

    /** The same values as pack_bench.c's load_proc. */
    public static List<Info> payload() {
        List<Info> infos = new ArrayList<>(NPROCS);
        for (int r = 0; r < NPROCS; r++) {
            int nodeid = r / 64;
            List<Info> kv = List.of(
                    Info.of("pmix.rank", new Rank(r)),
                    Info.of("pmix.lrank", new Value.UInt16(r % 64)),
                    Info.of("pmix.nrank", new Value.UInt16(r % 64)),
                    Info.of("pmix.grank", new Rank(r)),
                    Info.of("pmix.apprank", new Rank(r)),
                    Info.of("pmix.appnum", new Value.UInt32(0)),
                    Info.of("pmix.nodeid", new Value.UInt32(nodeid)),
                    Info.of("pmix.hname", String.format("node%04d", nodeid)));
            infos.add(Info.of("pmix.pdata", DataArray.ofInfos(kv)));
        }
        return infos;
    }

    public static byte[] pack(List<Info> infos) {
        return new Packer(BufferKind.NON_DESCRIBED, 160 * 1024).infos(infos).toByteArray();
    }

    @Setup
    public void setup() {
        payload = payload();
        packed = pack(payload);
    }

    @Benchmark
    public byte[] pack() {
        return pack(payload);
    }

    @Benchmark
    public List<Info> unpack() {
        return new Unpacker(packed, BufferKind.NON_DESCRIBED).infos();
    }

    /** Writes the packed payload to a file, for the script's byte comparison with libpmix. */
    public static void main(String[] args) throws Exception {
        java.nio.file.Files.write(java.nio.file.Path.of(args[0]), pack(payload()));
    }

}
