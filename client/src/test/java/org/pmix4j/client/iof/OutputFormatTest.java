package org.pmix4j.client.iof;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Info;
import org.pmix4j.api.IofChannel;
import org.pmix4j.api.Proc;

/** The formats libpmix 4.2.2's write_output_line produces, and line buffering per stream. */
class OutputFormatTest {
    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-11-05T09:08:07Z"), ZoneOffset.UTC);
    private static final Proc SRC = new Proc("base@3", 2);

    private static String line(List<Info> info, int channel, String text) {
        byte[] b = text.getBytes(StandardCharsets.UTF_8);
        return new String(OutputFormat.of(info).line(SRC, channel, b, 0, b.length, () -> CLOCK), StandardCharsets.UTF_8);
    }

    @Test
    void tagsNameTheJobAfterTheLastAtSignAndTheChannel() {
        assertEquals("[3,2]<stdout>: hi\n", line(List.of(Attributes.IOF_TAG_OUTPUT.info(true)), IofChannel.STDOUT, "hi\n"));
        assertEquals("[3,2]<stderr>: hi\n", line(List.of(Attributes.TAG_OUTPUT.info(true)), IofChannel.STDERR, "hi\n"));
        assertEquals("[base@3,2]<stddiag>: hi\n",
                line(List.of(Attributes.IOF_TAG_FULLNAME_OUTPUT.info(true)), IofChannel.STDDIAG, "hi\n"));
        assertEquals("[2]<stdout>: hi\n", line(List.of(Attributes.IOF_RANK_OUTPUT.info(true)), IofChannel.STDOUT, "hi\n"));
        assertEquals("[3,2][unknown:unknown]<stdout>: hi\n",
                line(List.of(Attributes.IOF_TAG_DETAILED_OUTPUT.info(true)), IofChannel.STDOUT, "hi\n"));
    }

    @Test
    void timestampsAreCtimeBeforeATagOrWithTheChannel() {
        assertEquals("[Thu Nov  5 09:08:07 2026]<stdout>: hi\n",
                line(List.of(Attributes.IOF_TIMESTAMP_OUTPUT.info(true)), IofChannel.STDOUT, "hi\n"));
        assertEquals("[Thu Nov  5 09:08:07 2026][3,2]<stdout>: hi\n", line(List.of(
                Attributes.IOF_TIMESTAMP_OUTPUT.info(true), Attributes.IOF_TAG_OUTPUT.info(true)), IofChannel.STDOUT,
                "hi\n"));
    }

    @Test
    void xmlMakesAnElementPerLineWithItsTextEscaped() {
        assertEquals("<stdout rank=\"2\">a &lt;&amp;&gt; b&#009;&#010;</stdout>\n",
                line(List.of(Attributes.IOF_XML_OUTPUT.info(true)), IofChannel.STDOUT, "a <&> b\t\n"));
        assertEquals("<stderr jobid=\"3\" rank=\"2\" timestamp=\"Thu Nov  5 09:08:07 2026\">x</stderr>\n",
                line(List.of(Attributes.IOF_XML_OUTPUT.info(true), Attributes.IOF_TAG_OUTPUT.info(true),
                        Attributes.IOF_TIMESTAMP_OUTPUT.info(true)), IofChannel.STDERR, "x"));
    }

    @Test
    void nothingAskedLeavesTheOutputAsItIs() {
        assertFalse(OutputFormat.of(List.of(Attributes.IOF_COPY.info(true))).set());
        assertEquals("hi\n", line(List.of(), IofChannel.STDOUT, "hi\n"));
    }

    @Test
    void linesAreTaggedWholeWhateverPiecesTheyCameInAndTheLastIsWrittenAtTheEnd() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream o = new PrintStream(out);
        PrintStream e = new PrintStream(err);
        LocalOutput local = new LocalOutput(() -> o, () -> e, CLOCK);
        OutputFormat tag = OutputFormat.of(List.of(Attributes.IOF_RANK_OUTPUT.info(true)));
        Proc other = new Proc("base@3", 5);
        local.write(tag, SRC, IofChannel.STDOUT, bytes("one\ntw"));
        local.write(tag, other, IofChannel.STDOUT, bytes("x"));
        local.write(tag, SRC, IofChannel.STDERR, bytes("e1\n"));
        local.write(tag, SRC, IofChannel.STDOUT, bytes("o\nthree"));
        local.end(SRC, IofChannel.STDOUT);
        local.flush();
        assertEquals("[2]<stdout>: one\n[2]<stdout>: two\n[2]<stdout>: three[5]<stdout>: x", out.toString());
        assertEquals("[2]<stderr>: e1\n", err.toString());

        ByteArrayOutputStream merged = new ByteArrayOutputStream();
        PrintStream m = new PrintStream(merged);
        LocalOutput both = new LocalOutput(() -> m, () -> e, CLOCK);
        both.write(OutputFormat.of(List.of(Attributes.IOF_MERGE_STDERR_STDOUT.info(true))), SRC, IofChannel.STDERR,
                bytes("to stdout\n"));
        both.write(OutputFormat.of(List.of(Attributes.IOF_OUTPUT_RAW.info(true), Attributes.IOF_RANK_OUTPUT.info(true))),
                SRC, IofChannel.STDOUT, bytes("a\nb"));
        assertEquals("to stdout\n[2]<stdout>: a\nb", merged.toString());
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
