package org.pmix4j.api;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What an application author meets first: making values from Java types and reading them when printed. */
class FirstContactTest {
    @Test
    void everyCommonJavaTypeMakesTheValueACProgrammerWouldPick() {
        assertEquals(new Value.Int(7), Value.of(7));
        assertEquals(DataType.INT, Value.of(7).type());
        assertEquals(new Value.Int64(1L << 40), Value.of(1L << 40));
        assertEquals(new Value.Int16((short) 3), Value.of((short) 3));
        assertEquals(new Value.Byte((byte) 9), Value.of((byte) 9));
        assertEquals(new Value.Float(1.5f), Value.of(1.5f));
        assertEquals(new Value.Double(2.25), Value.of(2.25));
        assertEquals(Value.Bool.TRUE, Value.of(true));
        assertEquals(new Value.Str("x"), Value.of("x"));
        assertEquals(new Value.Time(1_700_000_000L), Value.of(Instant.ofEpochSecond(1_700_000_000L, 5)));
        Proc p = new Proc("job", 2);
        assertSame(p, Value.of(p));
        byte[] bytes = {1, 2, 3};
        Value bo = Value.of(bytes);
        bytes[0] = 9; // the value keeps its own copy
        assertArrayEquals(new byte[] {1, 2, 3}, ((ByteObject) bo).bytes());
        assertEquals(DataType.INT, Info.of("k", 4).value().type());
        assertEquals(DataType.INT64, Info.of("k", 4L).value().type());
        assertEquals(DataType.DOUBLE, Info.of("k", 0.5).value().type());
    }

    @Test
    void valuesPrintAsAPersonReadsThem() {
        assertEquals("pid 17325", new Value.Pid(17325).toString());
        assertEquals("4294967295", new Value.UInt32(-1).toString());
        assertEquals("18446744073709551615", new Value.UInt64(-1L).toString());
        assertEquals("18446744073709551615", new Value.Size(-1L).toString());
        assertEquals("\"a \\\"b\\\"\\n\"", Value.of("a \"b\"\n").toString());
        assertEquals("NULL", new Value.Str(null).toString());
        assertEquals("true", Value.of(true).toString());
        assertEquals("PMIX_ERR_NOT_FOUND", Value.status(PmixStatus.PMIX_ERR_NOT_FOUND).toString());
        assertEquals("UINT32", new Value.TypeCode(DataType.UINT32).toString());
        assertEquals("1970-01-01T00:00:10Z", new Value.Time(10).toString());
        assertEquals("3.000042 s", new Value.TimeVal(3, 42).toString());
        assertEquals("0x0f", Value.of((byte) 15).toString());
        assertEquals("job:2", new Proc("job", 2).toString());
        assertEquals("pmix.job.size=4", Info.of("pmix.job.size", Value.uint32(4)).toString());
        assertEquals("pmix.nspace=\"job\" [REQUIRED]", Info.required("pmix.nspace", Value.of("job")).toString());
    }

    @Test
    void theOwnerOfThisProcessIsWhatTheKernelSays() throws Exception {
        assertEquals(Integer.parseInt(run("id", "-u")), ProcessOwner.current().uid());
        assertEquals(Integer.parseInt(run("id", "-g")), ProcessOwner.current().gid());
        assertEquals(ProcessOwner.current().uid() == 0, ProcessOwner.current().isRoot());
    }

    @Test
    void theOwnerOfAFileIsItsOwnerOnDisk(@TempDir Path dir) throws Exception {
        Path f = Files.createFile(dir.resolve("f"));
        assertEquals(Integer.parseInt(run("stat", "-c", "%u", f.toString())), ProcessOwner.ofFile(f).uid());
        assertEquals(Integer.parseInt(run("stat", "-c", "%g", f.toString())), ProcessOwner.ofFile(f).gid());
    }

    private static String run(String... command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertEquals(0, p.waitFor(), String.join(" ", command) + ": " + out);
        return out;
    }
}
