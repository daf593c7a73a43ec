package org.pmix4j.runtime.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The JSON writer's documents, read back by a strict parser that is not ours (Python's json module, which
 * refuses raw control characters in strings as RFC 8259 requires): every string comes back code point for
 * code point, numbers and literals as written, and what JSON cannot hold (NaN) is null.
 */
class JsonTest {
    /** Every control character, the two that must be escaped, a slash, non-ASCII, a pair and a lone surrogate. */
    private static final String HARD;

    static {
        StringBuilder sb = new StringBuilder();
        for (char c = 0; c < 0x20; c++) {
            sb.append(c);
        }
        sb.append("\"\\/ é 中 ").append("\uD83D\uDE00").append(" \uD800 end\u007f\u2028");
        HARD = sb.toString();
    }

    @Test
    void stringsComeBackCodePointForCodePoint() throws Exception {
        String doc = Json.object().put("s", HARD).put("key \"quoted\"\n", "v").toString();
        String codePoints = python(doc, "print(' '.join(str(ord(c)) for c in d['s'])); "
                + "print(d['key \"quoted\"\\n'] == 'v')");
        StringBuilder expected = new StringBuilder();
        HARD.codePoints().forEach(cp -> expected.append(expected.isEmpty() ? "" : " ").append(cp));
        assertEquals(expected + "\nTrue\n", codePoints);
    }

    @Test
    void numbersLiteralsArraysAndObjectsKeepTheirOrderAndTypes() throws Exception {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("x", 1);
        String doc = Json.object().put("int", 42).put("long", 1L << 40).put("neg", -7).put("double", 1.5)
                .put("nan", Double.NaN).put("inf", Double.POSITIVE_INFINITY).put("t", true).put("f", false)
                .put("null", null).put("list", List.of(1, "a", List.of())).put("map", map)
                .put("obj", Json.object().put("inner", "y")).toString();
        String out = python(doc, "print(list(d.keys())); print(d['int'], d['long'], d['neg'], d['double'], d['nan'],"
                + " d['inf'], d['t'], d['f'], d['null'], d['list'], d['map'], d['obj']); "
                + "print(type(d['int']).__name__, type(d['double']).__name__)");
        assertEquals("['int', 'long', 'neg', 'double', 'nan', 'inf', 't', 'f', 'null', 'list', 'map', 'obj']\n"
                + "42 1099511627776 -7 1.5 None None True False None [1, 'a', []] {'x': 1} {'inner': 'y'}\n"
                + "int float\n", out);
    }

    @Test
    void oneLinePerDocument() {
        String doc = Json.object().put("text", "a\nb\r\n").toString();
        assertEquals(-1, doc.indexOf('\n'));
        assertEquals("{\"text\":\"a\\nb\\r\\n\"}", doc);
    }

    @Test
    void aValueWithNoJsonFormIsRefusedByName() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Json.object().put("t", Thread.currentThread()).toString());
        assertEquals("no JSON form for a java.lang.Thread", e.getMessage());
    }

    /** Runs {@code code} in python3 with {@code d} the document parsed from its stdin; its stdout. */
    private static String python(String doc, String code) throws IOException, InterruptedException {
        Process p = new ProcessBuilder("python3", "-c", "import json, sys; d = json.loads(sys.stdin.buffer.read()"
                + ".decode('utf-8')); sys.stdout.reconfigure(encoding='utf-8'); " + code).start();
        try (OutputStream in = p.getOutputStream()) {
            in.write(doc.getBytes(StandardCharsets.UTF_8));
        }
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new AssertionError("python3 did not read " + doc + ":\n" + err);
        }
        return out;
    }
}
