package org.pmix4j.wire;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.pmix4j.api.DataType;
import org.pmix4j.api.Topology;
import org.pmix4j.wire.text.ValueText;

/**
 * Every vector libpmix 4.2.2 packed (shared/reference/vectors/bfrops, copied into the test resources)
 * decodes to the value its description states, and that value encodes back to the same bytes.
 *
 * <p>The expected values (expected.tsv) were written from the vectors' prose descriptions and the
 * reference, without running this decoder, so they are an independent oracle.
 */
class VectorTest {
    private static final String DIR = "/vectors/bfrops/";

    record Vector(String name, List<DataType> types, String description, byte[] bytes, String expected) {
        BufferKind kind() {
            return name.startsWith("fd_") ? BufferKind.FULLY_DESCRIBED : BufferKind.NON_DESCRIBED;
        }
    }

    static List<Vector> vectors() throws IOException {
        Map<String, String> expected = new LinkedHashMap<>();
        List<String> expectedLines = lines("/vectors/expected.tsv");
        for (String line : expectedLines.subList(1, expectedLines.size())) {
            String[] f = line.split("\t", 2);
            expected.put(f[0], f[1]);
        }
        List<Vector> out = new ArrayList<>();
        List<String> rows = lines(DIR + "vectors.tsv");
        for (String row : rows.subList(1, rows.size())) {
            String[] f = row.split("\t");
            List<DataType> types = Stream.of(f[1].split("\\+")).map(DataType::forName).toList();
            byte[] bytes = HexFormat.of().parseHex(lines(DIR + f[3]).get(0).trim());
            out.add(new Vector(f[0], types, f[2], bytes, expected.get(f[0])));
        }
        return out;
    }

    private static List<String> lines(String resource) throws IOException {
        try (InputStream in = VectorTest.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IOException("test resource " + resource + " is missing");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        }
    }

    static List<ValueText.Pack> decode(Vector v) {
        Unpacker u = new Unpacker(v.bytes(), v.kind());
        List<ValueText.Pack> packs = new ArrayList<>();
        for (DataType t : v.types()) {
            packs.add(new ValueText.Pack(t, u.unpack(t)));
        }
        assertFalse(u.hasRemaining(), v.name() + ": " + u.remaining() + " bytes left after decoding");
        return packs;
    }

    static byte[] encode(List<ValueText.Pack> packs, BufferKind kind) {
        Packer p = new Packer(kind);
        for (ValueText.Pack pk : packs) {
            p.pack(pk.type(), pk.items());
        }
        return p.toByteArray();
    }

    @TestFactory
    Stream<DynamicTest> everyVectorDecodesToItsDescribedValueAndBack() throws IOException {
        List<Vector> all = vectors();
        assertEquals(236, all.size(), "the reference has 236 vectors");
        return all.stream().map(v -> DynamicTest.dynamicTest(v.name(), () -> check(v)));
    }

    private static void check(Vector v) {
        assertTrue(v.expected() != null, v.name() + " has no line in expected.tsv");
        List<ValueText.Pack> decoded = decode(v);
        String hex = HexFormat.of().formatHex(v.bytes());
        if (v.expected().equals("SKIP")) {
            // hwloc XML cannot be stated in advance: check the structure, and the bytes round trip
            Topology t = assertInstanceOf(Topology.class, decoded.get(0).items().get(0), v.name());
            assertTrue(t.xml().startsWith("<?xml") && t.xml().contains("hwloc2.dtd"), v.name() + " XML");
            assertEquals(Topology.HWLOC_2_9_SUPPORT_BYTES, t.support().length, v.name() + " support bytes");
            assertEquals(hex, HexFormat.of().formatHex(encode(decoded, v.kind())), v.name() + " re-encoded");
            return;
        }
        List<ValueText.Pack> stated = ValueText.parsePacks(v.expected());
        assertEquals(stated, decoded, v.name() + " (" + v.description() + ") decodes to the described value");
        assertEquals(v.expected(), ValueText.formatPacks(decoded).trim().replace("\n", " "),
                v.name() + ": stable text form");
        assertEquals(hex, HexFormat.of().formatHex(encode(stated, v.kind())),
                v.name() + ": the described value encodes to libpmix's bytes");
    }

    @TestFactory
    Stream<DynamicTest> compressedPayloadsInflateToWhatTheDescriptionSays() throws IOException {
        Map<String, Vector> byName = new LinkedHashMap<>();
        for (Vector v : vectors()) {
            byName.put(v.name(), v);
        }
        return Stream.of(
                DynamicTest.dynamicTest("compressed_string", () -> {
                    var c = (org.pmix4j.api.Value.CompressedString) decode(byName.get("compressed_string")).get(0)
                            .items().get(0);
                    assertEquals("0123456789".repeat(500), Compression.decompressString(c));
                }),
                DynamicTest.dynamicTest("compressed_bo", () -> {
                    var c = (org.pmix4j.api.Value.CompressedBytes) decode(byName.get("compressed_bo")).get(0)
                            .items().get(0);
                    byte[] want = new byte[64];
                    for (int i = 0; i < 64; i++) {
                        want[i] = (byte) (i & 0x0f);
                    }
                    assertArrayEquals(want, Compression.decompressBytes(c));
                }),
                DynamicTest.dynamicTest("our compression is readable by the same rule", () -> {
                    String s = "node01,node02,node03,node04";
                    assertEquals(s, Compression.decompressString(Compression.compressString(s)));
                }));
    }
}
