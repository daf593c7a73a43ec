package org.pmix4j.runtime.iof;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Info;

class OutputOptionsTest {
    private static final Path CWD = Path.of("/home/u/work");

    private static OutputOptions parse(String... values) {
        return OutputOptions.parse(List.of(values), CWD);
    }

    @Test
    void singleDirectives() {
        assertTrue(parse("tag").tag());
        assertTrue(parse("tag-detailed").tagDetailed());
        assertTrue(parse("tag-fullname").tagFullname());
        assertTrue(parse("rank").rank());
        assertTrue(parse("timestamp").timestamp());
        assertTrue(parse("xml").xml());
        assertTrue(parse("merge-stderr-to-stdout").merge());
        assertEquals(OutputOptions.DEFAULT, OutputOptions.parse(List.of()));
        assertFalse(OutputOptions.DEFAULT.formatted());
        assertTrue(OutputOptions.DEFAULT.toTerminal());
    }

    @Test
    void abbreviationsAndCaseAsPrrte() {
        assertTrue(parse("MERGE").merge());
        assertTrue(parse("merge-std").merge());
        assertTrue(parse("TAG").tag());
        assertFalse(parse("tag").tagDetailed(), "an exact name wins over longer ones it starts");
        assertTrue(parse("tag-d").tagDetailed());
        assertTrue(parse("Tag-F").tagFullname());
        assertTrue(parse("time").timestamp());
        assertTrue(parse("x").xml());
        assertEquals(Path.of("/home/u/work/out"), parse("dir=out").directory());
        assertEquals(Path.of("/tmp/f"), parse("file=/tmp/f").file());
        assertEquals(Path.of("/tmp/d"), parse("directory=/tmp/d").directory());
    }

    @Test
    void combinationsCommasAndRepeats() {
        OutputOptions o = parse("tag,timestamp", "merge");
        assertTrue(o.tag() && o.timestamp() && o.merge());
        assertFalse(o.xml());
        OutputOptions q = parse("tag:raw");
        assertTrue(q.tag() && q.raw());
        assertTrue(parse(":raw").raw());
        assertTrue(parse("raw").raw(), "a qualifier may stand alone");
        OutputOptions f = parse("file=x:copy:pattern");
        assertTrue(f.copy() && f.pattern());
        assertEquals(Path.of("/home/u/work/x"), f.file());
    }

    @Test
    void truthValues() {
        assertFalse(parse("tag=0").tag());
        assertTrue(parse("tag=1").tag());
        assertTrue(parse("tag=yes").tag());
        assertFalse(parse("tag,tag=false").tag(), "the last word wins");
        assertFalse(parse("file=x:copy=no").copy());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> parse("tag=maybe"));
        assertTrue(e.getMessage().contains("--output") && e.getMessage().contains("tag=maybe"), e.getMessage());
    }

    @Test
    void filesCopyDefaults() {
        OutputOptions f = parse("file=out");
        assertTrue(f.toFiles());
        assertFalse(f.toTerminal(), "nocopy is the default, as in PRRTE");
        assertTrue(parse("file=out:copy").toTerminal());
        assertFalse(parse("dir=out:nocopy").toTerminal());
        assertTrue(parse("dir=out:copy").toTerminal());
    }

    @Test
    void errorsNameTheOptionTheValueAndTheChoices() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> parse("tag,bogus"));
        assertTrue(e.getMessage().startsWith("--output"), e.getMessage());
        assertTrue(e.getMessage().contains("'bogus'") && e.getMessage().contains("tag,bogus"), e.getMessage());
        assertTrue(e.getMessage().contains("tag-detailed") && e.getMessage().contains("merge-stderr-to-stdout")
                && e.getMessage().contains(":raw"), e.getMessage());

        e = assertThrows(IllegalArgumentException.class, () -> parse("t"));
        assertTrue(e.getMessage().contains("ambiguous") && e.getMessage().contains("timestamp"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> parse("tag-"));
        assertTrue(e.getMessage().contains("tag-detailed or tag-fullname"), e.getMessage());

        e = assertThrows(IllegalArgumentException.class, () -> parse("tag:bogus"));
        assertTrue(e.getMessage().contains("qualifier ':bogus'"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> parse("file=x:copy:nocopy"));
        assertTrue(e.getMessage().contains("copy and nocopy"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> parse("dir=a,file=b"));
        assertTrue(e.getMessage().contains("both a directory"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> parse("dir="));
        assertTrue(e.getMessage().contains("dir=DIR"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> parse("tag,:pattern"));
        assertTrue(e.getMessage().contains("pattern"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> parse("file=x-%q:pattern"));
        assertTrue(e.getMessage().contains("'%q'"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> parse("file=x%:pattern"));
        assertTrue(e.getMessage().contains("'%'"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> parse("tag,,xml"));
        assertTrue(e.getMessage().contains("empty directive"), e.getMessage());
    }

    @Test
    void fileNamesAsOpenPmix() {
        String ns = "pmix4j-vm-25276@1";
        OutputOptions f = parse("file=/o/outf");
        assertEquals(Path.of("/o/outf.pmix4j-vm-25276@1.00.out"),
                FileNames.path(f, OutputChannel.STDOUT, ns, 0, 12, "vm"));
        assertEquals(Path.of("/o/outf.pmix4j-vm-25276@1.11.err"),
                FileNames.path(f, OutputChannel.STDERR, ns, 11, 12, "vm"));
        assertEquals(Path.of("/o/outf.pmix4j-vm-25276@1.3.out"), FileNames.path(f, OutputChannel.STDOUT, ns, 3, 9, "vm"));
        assertEquals(Path.of("/o/outf.pmix4j-vm-25276@1.03.out"), FileNames.path(f, OutputChannel.STDOUT, ns, 3, 10, "vm"));
        OutputOptions m = parse("file=/o/outf,merge");
        assertEquals(Path.of("/o/outf.pmix4j-vm-25276@1.0.out"), FileNames.path(m, OutputChannel.STDERR, ns, 0, 2, "vm"));
        OutputOptions d = parse("dir=/o/outd");
        assertEquals(Path.of("/o/outd/pmix4j-vm-25276@1/rank.0/stdout"),
                FileNames.path(d, OutputChannel.STDOUT, ns, 0, 2, "vm"));
        assertEquals(Path.of("/o/outd/pmix4j-vm-25276@1/rank.1/stderr"),
                FileNames.path(d, OutputChannel.STDERR, ns, 1, 2, "vm"));
        assertEquals(Path.of("/o/outd/pmix4j-vm-25276@1/rank.1/stdout"),
                FileNames.path(parse("dir=/o/outd,merge"), OutputChannel.STDERR, ns, 1, 2, "vm"));
        OutputOptions p = parse("file=/o/pat/%h-%R-%r-%n-100%%:pattern");
        assertEquals(Path.of("/o/pat/vm-07-7-pmix4j-vm-25276@1-100%.err"),
                FileNames.path(p, OutputChannel.STDERR, ns, 7, 12, "vm"));
        assertNull(FileNames.path(OutputOptions.DEFAULT, OutputChannel.STDOUT, ns, 0, 1, "vm"));
    }

    @Test
    void registrationInfosAndBack() {
        OutputOptions o = parse("tag,timestamp,merge,file=/o/x:copy:raw");
        List<Info> infos = o.registrationInfos();
        assertEquals(true, Attributes.IOF_TAG_OUTPUT.find(infos).orElseThrow());
        assertEquals(true, Attributes.IOF_TIMESTAMP_OUTPUT.find(infos).orElseThrow());
        assertEquals(true, Attributes.IOF_MERGE_STDERR_STDOUT.find(infos).orElseThrow());
        assertEquals(true, Attributes.IOF_OUTPUT_RAW.find(infos).orElseThrow());
        assertEquals("/o/x", Attributes.IOF_OUTPUT_TO_FILE.find(infos).orElseThrow());
        assertEquals(false, Attributes.IOF_FILE_ONLY.find(infos).orElseThrow());
        assertFalse(Attributes.IOF_XML_OUTPUT.isIn(infos));
        assertEquals(o, OutputOptions.DEFAULT.withDirectives(infos));
        assertEquals(List.of(), OutputOptions.DEFAULT.registrationInfos());

        OutputOptions spawned = parse("tag").withDirectives(List.of(Attributes.IOF_XML_OUTPUT.info(true),
                Attributes.IOF_TAG_OUTPUT.info(false), Attributes.OUTPUT_TO_DIRECTORY.info("/d")));
        assertTrue(spawned.xml());
        assertFalse(spawned.tag());
        assertEquals(Path.of("/d"), spawned.directory());
        assertFalse(spawned.toTerminal());
    }

    @Test
    void deprecatedSpellings() {
        assertEquals("tag", DeprecatedOutputOptions.toOutputDirective("--tag-output", null));
        assertEquals("timestamp", DeprecatedOutputOptions.toOutputDirective("-timestamp-output", null));
        assertEquals("xml", DeprecatedOutputOptions.toOutputDirective("--xml", null));
        assertEquals("merge-stderr-to-stdout", DeprecatedOutputOptions.toOutputDirective("--merge-stderr-to-stdout", null));
        assertEquals("file=out", DeprecatedOutputOptions.toOutputDirective("--output-filename", "out"));
        assertEquals("dir=d", DeprecatedOutputOptions.toOutputDirective("--output-directory", "d"));
        assertTrue(parse(DeprecatedOutputOptions.toOutputDirective("--output-filename", "out")).toFiles());
        assertThrows(IllegalArgumentException.class, () -> DeprecatedOutputOptions.toOutputDirective("--output-filename", ""));
        assertThrows(IllegalArgumentException.class, () -> DeprecatedOutputOptions.toOutputDirective("--bogus", null));
        String w = DeprecatedOutputOptions.warning("--tag-output", null);
        // issue 18: one line (was PRRTE's six-line box), still naming the old option and its replacement
        assertTrue(w.contains("tag-output") && w.contains("--output tag"), w);
        assertFalse(w.contains("\n"), w);
    }

    @Test
    void streamBuffering() {
        assertEquals(Map.of("OMPI_MCA_ompi_stream_buffering", "1", "OMPI_MCA_ess_base_stream_buffering", "1"),
                StreamBuffering.environment(StreamBuffering.parse("1")));
        assertEquals(0, StreamBuffering.parse(" 0 "));
        assertEquals(2, StreamBuffering.parse("2"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> StreamBuffering.parse("3"));
        assertTrue(e.getMessage().contains("--stream-buffering") && e.getMessage().contains("'3'"), e.getMessage());
        assertTrue(StreamBuffering.apply(0, parse("tag")).raw(), "unbuffered output is forwarded raw, as in PRRTE");
        assertFalse(StreamBuffering.apply(1, parse("tag")).raw());
    }

    @Test
    void stdinTargets() {
        assertEquals(StdinTarget.RANK_0, StdinTarget.parse("0"));
        assertEquals(StdinTarget.ALL, StdinTarget.parse("ALL"));
        assertEquals(StdinTarget.NONE, StdinTarget.parse("none"));
        StdinTarget three = StdinTarget.parse("3");
        assertTrue(three.receives(3));
        assertFalse(three.receives(0));
        assertTrue(StdinTarget.ALL.receives(7));
        assertFalse(StdinTarget.NONE.receives(0));
        assertTrue(StdinTarget.NONE.none());
        three.checkAgainst(4);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> three.checkAgainst(3));
        assertTrue(e.getMessage().contains("ranks 0-2"), e.getMessage());
        for (String bad : new String[] {"-1", "x", "", "99999999999", "1.5"}) {
            e = assertThrows(IllegalArgumentException.class, () -> StdinTarget.parse(bad), bad);
            assertTrue(e.getMessage().contains("--stdin") && e.getMessage().contains("'" + bad + "'"), e.getMessage());
        }
    }
}
