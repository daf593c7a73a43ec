package org.pmix4j.client.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pmix4j.testkit.NativeBuild;
import org.pmix4j.testkit.Run;

/**
 * The ds21 oracle (src/test/c/ds21_oracle_server.c): a libpmix 4.2.2 server with gds ds21 whose segment files
 * are copied out. Checks that the files docs/ds21.md describes exist with the sizes and header fields it
 * states, so the walk-through there stays true for the library installed; a Java writer of the store is later
 * compared with these dumps.
 */
class Ds21OracleTest {
    private static final long PAGE = 4096;
    private static final long FOUR_MIB = 4L << 20;

    @TempDir
    Path dir;

    private static Run.Result runOracle(Path out, String... extra) {
        Path exe = NativeBuild.pmixProgram(Path.of("src/test/c/ds21_oracle_server.c"), "-lpthread");
        List<String> cmd = new ArrayList<>(List.of(exe.toString(), out.toString()));
        cmd.addAll(List.of(extra));
        return Run.command(cmd).unsetEnv("PMIX_MCA_gds").unsetEnv("PMIX_GDS_MODULE").unsetEnv("PMIX_NAMESPACE")
                .timeout(Duration.ofMinutes(1)).go();
    }

    /** The "FILE name size" lines of the oracle, by name. */
    private static Map<String, Long> files(String out) {
        Map<String, Long> files = new TreeMap<>();
        for (String line : out.split("\n")) {
            if (line.startsWith("FILE ")) {
                String[] f = line.split(" ");
                files.put(f[1], Long.parseLong(f[2]));
            }
        }
        return files;
    }

    private static ByteBuffer read(Path file) throws IOException {
        return ByteBuffer.wrap(Files.readAllBytes(file)).order(ByteOrder.LITTLE_ENDIAN);
    }

    @Test
    void segmentsOfARegisteredJobWithCommittedData() throws IOException {
        Path out = dir.resolve("out");
        Run.Result r = runOracle(out);
        String all = r.all();
        assertEquals(0, r.exitCode(), all);
        assertTrue(all.contains("ENV PMIX_GDS_MODULE=ds21,hash"), all);
        assertTrue(all.contains("ENV PMIX_DSTORE_21_BASE_PATH=" + out.resolve("tmp") + "/pmix_dstor_ds21_"), all);
        assertTrue(all.contains("CLIENT 0 peer oracle.global=global-of-1"), all);
        assertTrue(all.contains("CLIENT 1 peer oracle.local=100"), all);
        assertEquals(Map.of("initial-pmix_shared-segment-0", PAGE, "smlockseg-oracle-job", PAGE,
                "smseg-oracle-job-0", FOUR_MIB, "smdataseg-oracle-job-0", FOUR_MIB), files(all), all);

        Path dump = out.resolve("dump");
        ByteBuffer initial = read(dump.resolve("initial-pmix_shared-segment-0"));
        assertEquals(1, initial.getLong(0), "namespaces in the initial segment");
        assertEquals(0, initial.getLong(8), "initial segment not full");
        assertEquals("oracle-job", cstring(initial, 16));
        assertEquals(1, initial.getLong(16 + 256 + 16), "meta segments of the namespace");
        assertEquals(1, initial.getLong(16 + 256 + 24), "data segments of the namespace");

        ByteBuffer lock = read(dump.resolve("smlockseg-oracle-job"));
        assertEquals(PAGE, lock.getLong(0), "lock segment size");
        assertEquals(2, lock.getInt(8), "locks: one pair per local process");
        assertEquals(64, lock.getLong(16), "distance between two mutexes");
        assertEquals(64, lock.getLong(24), "offset of the first mutex");
        assertEquals(1, lock.getInt(32), "slot 0 claimed by a client");
        assertEquals(1, lock.getInt(36), "slot 1 claimed by a client");
        for (int m = 0; m < 4; m++) {
            assertEquals(0x80, lock.getInt(64 + 64 * m + 16), "mutex " + m + " is process-shared, not robust");
        }

        ByteBuffer meta = read(dump.resolve("smseg-oracle-job-0"));
        ByteBuffer data = read(dump.resolve("smdataseg-oracle-job-0"));
        assertEquals(0xfffffffeL, meta.getLong(8), "slot 0 is the job (wildcard rank)");
        assertEquals(8, meta.getLong(16), "job data starts right after the free-offset word");
        assertEquals(0, meta.getLong(32), "slot 1 is rank 0");
        assertEquals(1, meta.getLong(56), "slot 2 is rank 1");
        long jobData = meta.getLong(16);
        long size = data.getLong((int) jobData);
        String key = cstring(data, (int) jobData + 16);
        assertTrue(size > 16 + key.length() + 1, "record size " + size + " covers size, hash, key and value");
        assertEquals(2, data.get((int) jobData + 16 + key.length() + 1), "value: a one-item pack (count 1)");
        assertEquals(keyHash(key), data.getLong((int) jobData + 8), "key hash of " + key);
        assertTrue(data.getLong(0) > jobData, "free offset past the job data");
    }

    @Test
    void aClientThatCannotAttachFallsBackToHash() {
        Path out = dir.resolve("bad");
        Run.Result r = runOracle(out, "--bad-path");
        String all = r.all();
        assertEquals(0, r.exitCode(), all);
        assertTrue(all.contains("CLIENT 1 peer oracle.global=global-of-0"), all);
        assertTrue(all.contains("CLIENT 0 oracle.job.key=job-value"), all);
        assertEquals(Map.of("initial-pmix_shared-segment-0", PAGE, "smlockseg-oracle-job", PAGE), files(all), all);
    }

    @Test
    void libpmixClientsWorkWithRobustMutexes() throws IOException {
        Path out = dir.resolve("robust");
        Run.Result r = runOracle(out, "--robust");
        String all = r.all();
        assertEquals(0, r.exitCode(), all);
        assertTrue(all.contains("CLIENT 0 peer oracle.local=101"), all);
        assertTrue(all.contains("CLIENT 1 peer oracle.global=global-of-0"), all);
        ByteBuffer lock = read(out.resolve("dump").resolve("smlockseg-oracle-job"));
        for (int m = 0; m < 4; m++) {
            assertEquals(0x90, lock.getInt(64 + 64 * m + 16), "mutex " + m + " is process-shared and robust");
        }
    }

    @Test
    void dataThatOutgrowsASegmentContinuesInTheNext() throws IOException {
        Path out = dir.resolve("grow");
        Run.Result r = runOracle(out, "--grow");
        String all = r.all();
        assertEquals(0, r.exitCode(), all);
        assertTrue(all.contains("CLIENT 0 peer oracle.blob length 1600 starts b"), all);
        assertTrue(all.contains("CLIENT 1 peer oracle.blob length 1600 starts a"), all);
        Map<String, Long> files = files(all);
        assertEquals(PAGE, files.get("smdataseg-oracle-job-0"), all);
        assertEquals(PAGE, files.get("smdataseg-oracle-job-1"), all);
        ByteBuffer initial = read(out.resolve("dump").resolve("initial-pmix_shared-segment-0"));
        assertEquals(2, initial.getLong(16 + 256 + 24), "data segments of the namespace");
        ByteBuffer second = read(out.resolve("dump").resolve("smdataseg-oracle-job-1"));
        assertEquals("oracle.blob", cstring(second, 8 + 16), "the record that did not fit opens the next segment");
    }

    private static long keyHash(String key) {
        long h = 0;
        for (byte b : key.getBytes(StandardCharsets.US_ASCII)) {
            h += b;
        }
        return h;
    }

    private static String cstring(ByteBuffer b, int at) {
        int end = at;
        while (b.get(end) != 0) {
            end++;
        }
        byte[] s = new byte[end - at];
        b.get(at, s);
        return new String(s, StandardCharsets.US_ASCII);
    }
}
