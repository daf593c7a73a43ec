package org.pmix4j.cli.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pmix4j.cli.LauncherProcess;

/**
 * {@code --output} with real processes, in the formats PRRTE users know (tag, timestamp, xml,
 * merge-stderr-to-stdout, dir=, file=, combined), the deprecated spellings, {@code --stream-buffering} with
 * an Open MPI program, and the forwarding guarantees: lines are never mixed between processes, everything a
 * process wrote is delivered before the launcher exits, including the last partial line of one that dies.
 */
class OutputLaunchTest {
    /** Each rank: one line on stdout, one on stderr. */
    private static final List<String> SAY = List.of("sh", "-c", "echo \"out $PMIX_RANK <&>\"; echo \"err $PMIX_RANK\" >&2");

    @TempDir
    Path tmp;

    @Test
    void tagPrefixesEveryLineWithJobRankAndStream() {
        Launch.Result r = Launch.run(tmp, Launch.args("-n", "2", "--output", "tag", SAY));
        r.assertStatus(0);
        assertEquals(List.of("[1,0]<stdout>: out 0 <&>", "[1,1]<stdout>: out 1 <&>"), r.stdout().lines().sorted().toList(),
                r.all());
        assertTrue(r.stderr().contains("[1,0]<stderr>: err 0\n") && r.stderr().contains("[1,1]<stderr>: err 1\n"),
                r.all());
    }

    @Test
    void timestampCombinesWithTag() {
        Launch.Result r = Launch.run(tmp, Launch.args("-n", "1", "--output", "tag,timestamp", SAY));
        r.assertStatus(0);
        // ctime as PRRTE prints it: [Sat Nov 21 21:43:44 2026][1,0]<stdout>: hi
        assertTrue(Pattern.compile("^\\[\\w{3} \\w{3} [ \\d]\\d \\d\\d:\\d\\d:\\d\\d \\d{4}\\]\\[1,0\\]<stdout>: out 0 <&>$",
                Pattern.MULTILINE).matcher(r.stdout()).find(), r.all());
    }

    @Test
    void xmlWrapsAndEscapes() {
        Launch.Result r = Launch.run(tmp, Launch.args("-n", "2", "--output", "xml", SAY));
        r.assertStatus(0);
        List<String> lines = r.stdout().lines().toList();
        assertTrue(lines.get(0).matches("<\\w+>"), "opening element\n" + r.all());
        assertEquals(lines.get(0).replace("<", "</"), lines.get(lines.size() - 1), "closing element\n" + r.all());
        for (int rank = 0; rank < 2; rank++) {
            assertTrue(lines.contains("<stdout rank=\"" + rank + "\">out " + rank + " &lt;&amp;&gt;&#010;</stdout>"),
                    r.all());
        }
    }

    @Test
    void mergeSendsStderrToStdoutKeepingItsLabel() {
        Launch.Result r = Launch.run(tmp, Launch.args("-n", "2", "--output", "merge-stderr-to-stdout,tag", SAY));
        r.assertStatus(0);
        for (int rank = 0; rank < 2; rank++) {
            assertTrue(r.stdout().contains("[1," + rank + "]<stderr>: err " + rank + "\n"), r.all());
            assertTrue(r.stdout().contains("[1," + rank + "]<stdout>: out " + rank + " <&>\n"), r.all());
        }
        assertFalse(r.stderr().contains("err 0"), r.all());
    }

    @Test
    void dirAndFileWritePerRankFiles() throws Exception {
        Path dir = tmp.resolve("out-dir");
        Launch.Result d = Launch.run(tmp, Launch.args("-n", "2", "--output", "dir=" + dir, SAY));
        d.assertStatus(0);
        List<Path> jobs;
        try (Stream<Path> s = Files.list(dir)) {
            jobs = s.toList();
        }
        assertEquals(1, jobs.size(), "one directory per job: " + jobs);
        assertTrue(jobs.get(0).getFileName().toString().matches(".+@1"), "named after the namespace: " + jobs);
        for (int rank = 0; rank < 2; rank++) {
            Path rankDir = jobs.get(0).resolve("rank." + rank);
            assertEquals("out " + rank + " <&>\n", Files.readString(rankDir.resolve("stdout")), d.all());
            assertEquals("err " + rank + "\n", Files.readString(rankDir.resolve("stderr")), d.all());
        }

        Path file = tmp.resolve("f").resolve("job");
        Files.createDirectories(file.getParent());
        Launch.Result f = Launch.run(tmp, Launch.args("-n", "2", "--output", "file=" + file, SAY));
        f.assertStatus(0);
        assertFalse(f.stdout().contains("out 0"), "file= does not copy to the terminal by default\n" + f.all());
        List<String> names;
        try (Stream<Path> s = Files.list(file.getParent())) {
            names = s.map(p -> p.getFileName().toString()).sorted().toList();
        }
        assertEquals(4, names.size(), names.toString());
        Matcher m = Pattern.compile("job\\.(.+@1)\\.0\\.err").matcher(names.get(0));
        assertTrue(m.matches(), names.toString());
        String ns = m.group(1);
        for (int rank = 0; rank < 2; rank++) {
            assertEquals("out " + rank + " <&>\n", Files.readString(file.getParent().resolve("job." + ns + "." + rank
                    + ".out")));
            assertEquals("err " + rank + "\n", Files.readString(file.getParent().resolve("job." + ns + "." + rank
                    + ".err")));
        }
    }

    @Test
    void deprecatedSpellingWarnsAndWorks() {
        Launch.Result r = Launch.run(tmp, Launch.args("-n", "1", "--tag-output", SAY));
        r.assertStatus(0);
        assertEquals("[1,0]<stdout>: out 0 <&>\n", r.stdout(), r.all());
        r.assertStderrContains("tag-output", "--output tag");
    }

    @Test
    void linesAreNeverMixedBetweenProcesses() {
        // 4 processes each write 40 lines of 30,000 bytes in 1,000-byte write()s: the launcher receives
        // the lines in pieces from all of them at once and must still print whole lines
        String writer = "import os\n"
                + "r = int(os.environ['PMIX_RANK'])\n"
                + "c = bytes([ord('a') + r]) * 1000\n"
                + "for i in range(40):\n"
                + "    for j in range(30):\n"
                + "        os.write(1, c)\n"
                + "    os.write(1, b'\\n')\n";
        Launch.Result r = Launch.run(tmp, "-n", "4", "--oversubscribe", "--output", "tag", "python3", "-c", writer);
        r.assertStatus(0);
        List<String> lines = r.stdout().lines().toList();
        assertEquals(160, lines.size(), "line count");
        Pattern line = Pattern.compile("\\[1,(\\d)\\]<stdout>: ([a-d])\\2{29999}");
        for (String l : lines) {
            Matcher m = line.matcher(l);
            assertTrue(m.matches(), "a mixed or broken line: " + l.substring(0, Math.min(80, l.length())) + "...");
            assertEquals(m.group(1).charAt(0) - '0', m.group(2).charAt(0) - 'a', "a line under another rank's tag");
        }
    }

    @Test
    void everythingIsDeliveredBeforeExitIncludingTheLastPartialLineOfADyingProcess() {
        Launch.Result r = Launch.run(tmp, "-n", "2", "--output", "tag", Launch.probe(),
                "--on", "0", "--sleep", "30", "--on", "1", "--partial", "tail of rank 1 without newline", "--kill",
                "9");
        r.assertStatus(137);
        assertTrue(r.stdout().contains("[1,1]<stdout>: tail of rank 1 without newline"), r.all());
        assertTrue(r.stdout().contains("[1,0]<stdout>: rank 0 ready\n"), r.all());

        // 2 x 100,000 lines written as fast as possible right before exit, each process ending with an
        // unterminated line: all of it is printed, and a partial line never has another's glued to it
        Launch.Result bulk = Launch.run(tmp, "-n", "2", "sh", "-c", "seq 1 100000; printf \"last-$PMIX_RANK\"");
        bulk.assertStatus(0);
        List<String> lines = bulk.stdout().lines().toList();
        assertEquals(200002, lines.size(), "every line of both processes");
        assertEquals(200000, lines.stream().filter(l -> l.matches("\\d+")).count(), "the numbers, whole");
        assertTrue(lines.contains("last-0") && lines.contains("last-1"), "the unterminated last lines, alone");
    }

    @Test
    void streamBufferingZeroMakesOpenMpiWriteAtOnce() throws Exception {
        // the program prints "partial-0" through stdio without a newline, then sleeps 3 s: with
        // --stream-buffering 0 Open MPI makes stdout unbuffered and the launcher forwards it raw
        assertTrue(partialSeenWhileSleeping("--stream-buffering", "0"), "unbuffered: seen at once");
        assertFalse(partialSeenWhileSleeping("--stream-buffering", "2"), "fully buffered: seen at the end only");
    }

    private boolean partialSeenWhileSleeping(String... options) throws Exception {
        try (LauncherProcess p = LauncherProcess.start(Launch.tmpdir(tmp), List.of(Launch.args(options[0], options[1],
                "-n", "1", Launch.mpiHello(), "partial")))) {
            assertTrue(p.awaitOutput("mpi rank 0 of 1 sum 0", 1, Launch.LIMIT), p.all());
            boolean seen = p.awaitOutput("partial-0", 1, Duration.ofMillis(1500));
            assertEquals(0, p.waitFor(Launch.LIMIT), p.all());
            assertTrue(p.stdout().contains("partial-0"), "delivered in the end anyway\n" + p.all());
            return seen;
        }
    }
}
