package org.pmix4j.runtime.iof;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;
import org.pmix4j.api.Proc;

/** Exact records for every format; the expected strings are the ones PRRTE prints (prrte-behaviour §5.1). */
class OutputFormatterTest {
    static final String NS = "pmix4j-host-123@1";
    static final Clock CLOCK = Clock.fixed(Instant.parse("2026-11-21T21:43:44Z"), ZoneOffset.UTC);
    static final String TIME = "Sat Nov 21 21:43:44 2026";

    private static String fmt(String output, String nspace, OutputChannel ch, String text) {
        OutputFormatter f = new OutputFormatter(OutputOptions.parse(output), new Proc(nspace, 0), 4242, "node1", ch,
                CLOCK);
        ByteBuf out = new ByteBuf(16);
        byte[] b = text.getBytes(StandardCharsets.UTF_8);
        f.append(out, b, 0, b.length);
        return new String(out.array(), 0, out.size(), StandardCharsets.UTF_8);
    }

    private static String fmt(String output, String text) {
        return fmt(output, NS, OutputChannel.STDOUT, text);
    }

    @Test
    void tags() {
        assertEquals("[1,0]<stdout>: hi\n", fmt("tag", "hi\n"));
        assertEquals("[1,0]<stderr>: err\n", fmt("tag", NS, OutputChannel.STDERR, "err\n"));
        assertEquals("[1,0][node1:4242]<stdout>: hi\n", fmt("tag-detailed", "hi\n"));
        assertEquals("[pmix4j-host-123@1,0][node1:4242]<stdout>: hi\n", fmt("tag-detailed,tag-fullname", "hi\n"));
        assertEquals("[pmix4j-host-123@1,0]<stdout>: hi\n", fmt("tag-fullname", "hi\n"));
        assertEquals("[0]<stdout>: hi\n", fmt("rank", "hi\n"));
        assertEquals("[1,0]<stdout>: hi\n", fmt("tag,rank,tag-fullname", "hi\n"), "tag takes precedence");
        assertEquals("[myjob,0]<stdout>: hi\n", fmt("tag", "myjob", OutputChannel.STDOUT, "hi\n"),
                "an nspace without '@' is used whole");
        assertEquals("[2,0]<stdout>: hi\n", fmt("tag", "a@b@2", OutputChannel.STDOUT, "hi\n"), "after the last '@'");
        assertEquals("[1,0]<stdout>: partial", fmt("tag", "partial"));
    }

    @Test
    void timestamps() {
        assertEquals("[" + TIME + "]<stdout>: hi\n", fmt("timestamp", "hi\n"));
        assertEquals("[" + TIME + "][1,0]<stdout>: hi\n", fmt("tag,timestamp", "hi\n"));
        assertEquals("[" + TIME + "][0]<stdout>: hi\n", fmt("timestamp,rank", "hi\n"));
        assertEquals("[" + TIME + "][1,0][node1:4242]<stdout>: hi\n", fmt("timestamp,tag-detailed", "hi\n"));
        Clock first = Clock.fixed(Instant.parse("2026-11-01T01:02:03Z"), ZoneOffset.UTC);
        OutputFormatter f = new OutputFormatter(OutputOptions.parse("timestamp"), new Proc(NS, 0), 1, "h",
                OutputChannel.STDOUT, first);
        ByteBuf out = new ByteBuf(16);
        f.append(out, new byte[] {'x', '\n'}, 0, 2);
        assertEquals("[Sun Nov  1 01:02:03 2026]<stdout>: x\n", new String(out.array(), 0, out.size(),
                StandardCharsets.US_ASCII), "ctime pads the day with a space");
    }

    @Test
    void xml() {
        assertEquals("<stdout rank=\"0\">hi&#010;</stdout>\n", fmt("xml", "hi\n"));
        assertEquals("<stderr rank=\"0\">err&#010;</stderr>\n", fmt("xml", NS, OutputChannel.STDERR, "err\n"));
        assertEquals("<stdout jobid=\"1\" rank=\"0\">hi&#010;</stdout>\n", fmt("xml,tag", "hi\n"));
        assertEquals("<stdout nspace=\"myjob\" rank=\"0\">hi&#010;</stdout>\n",
                fmt("xml,tag", "myjob", OutputChannel.STDOUT, "hi\n"));
        assertEquals("<stdout nspace=\"pmix4j-host-123@1\" rank=\"0\">hi&#010;</stdout>\n", fmt("xml,tag-full", "hi\n"));
        assertEquals("<stdout nspace=\"pmix4j-host-123@1\" rank=\"0\" host=\"node1\" pid=\"4242\">hi&#010;</stdout>\n",
                fmt("xml,tag-det", "hi\n"));
        assertEquals("<stdout rank=\"0\" timestamp=\"" + TIME + "\">hi&#010;</stdout>\n", fmt("xml,timestamp", "hi\n"));
        assertEquals("<stdout jobid=\"1\" rank=\"0\" timestamp=\"" + TIME + "\">hi&#010;</stdout>\n",
                fmt("xml,timestamp,tag", "hi\n"));
        assertEquals("<stdout rank=\"0\">a&lt;b&gt; &amp; \"q\"&#009;d&#195;&#169;&#127;&#000;&#010;</stdout>\n",
                fmt("xml", "a<b> & \"q\"\td\u00e9\u007f\u0000\n"));
        assertEquals("<stdout rank=\"0\">partial</stdout>\n", fmt("xml", "partial"));
    }

    @Test
    void plainIsUntouched() {
        assertEquals("hi\n", fmt("merge", "hi\n"));
        assertEquals(true, new OutputFormatter(OutputOptions.parse("merge,raw"), new Proc(NS, 0), 1, "h",
                OutputChannel.STDOUT, CLOCK).plain());
    }
}
