package org.pmix4j.runtime.iof;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.pmix4j.api.IofChannel;
import org.pmix4j.api.Proc;

/** The output forwarder with real processes ({@code /bin/sh} and {@code printf}). */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class IoForwarderTest {
    static final String NS = OutputFormatterTest.NS;
    static final String TIME = OutputFormatterTest.TIME;

    @TempDir
    Path tmp;

    final ByteArrayOutputStream out = new ByteArrayOutputStream();
    final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private IoForwarder forwarder(String output) {
        return new IoForwarder(output == null ? OutputOptions.DEFAULT : OutputOptions.parse(List.of(output), tmp), out,
                err, "node1", OutputFormatterTest.CLOCK);
    }

    /** Runs one process per script as ranks 0..n-1 of NS and forwards their output until all of it is written. */
    private static void run(IoForwarder f, String... scripts) throws Exception {
        List<Process> ps = new ArrayList<>();
        List<ProcessOutput> outs = new ArrayList<>();
        for (int r = 0; r < scripts.length; r++) {
            Process p = Sh.start(scripts[r]);
            p.getOutputStream().close();
            ps.add(p);
            outs.add(f.attach(new Proc(NS, r), p.pid(), scripts.length, p.getInputStream(), p.getErrorStream()));
        }
        for (Process p : ps) {
            p.waitFor();
        }
        for (ProcessOutput o : outs) {
            o.await();
            assertTrue(o.isDone());
        }
        f.awaitAll();
        f.close();
    }

    private static String text(ByteArrayOutputStream b) {
        return b.toString(StandardCharsets.UTF_8);
    }

    @Test
    void everyFormatGivesExactlyTheExpectedLines() throws Exception {
        String script = "printf 'hi\\n'; printf 'err\\n' >&2";
        Map<String, String[]> expected = new java.util.LinkedHashMap<>();
        expected.put(null, new String[] {"hi\n", "err\n"});
        expected.put("tag", new String[] {"[1,0]<stdout>: hi\n", "[1,0]<stderr>: err\n"});
        expected.put("rank", new String[] {"[0]<stdout>: hi\n", "[0]<stderr>: err\n"});
        expected.put("tag-fullname", new String[] {"[" + NS + ",0]<stdout>: hi\n", "[" + NS + ",0]<stderr>: err\n"});
        expected.put("timestamp", new String[] {"[" + TIME + "]<stdout>: hi\n", "[" + TIME + "]<stderr>: err\n"});
        expected.put("tag,timestamp", new String[] {"[" + TIME + "][1,0]<stdout>: hi\n",
            "[" + TIME + "][1,0]<stderr>: err\n"});
        expected.put("xml", new String[] {"<pmix4j>\n<stdout rank=\"0\">hi&#010;</stdout>\n</pmix4j>\n",
            "<stderr rank=\"0\">err&#010;</stderr>\n"});
        expected.put("xml,tag", new String[] {"<pmix4j>\n<stdout jobid=\"1\" rank=\"0\">hi&#010;</stdout>\n</pmix4j>\n",
            "<stderr jobid=\"1\" rank=\"0\">err&#010;</stderr>\n"});
        expected.put("merge", new String[] {null, ""});
        expected.put("tag,merge", new String[] {null, ""});
        for (var e : expected.entrySet()) {
            out.reset();
            err.reset();
            run(forwarder(e.getKey()), script);
            if (e.getValue()[0] != null) {
                assertEquals(e.getValue()[0], text(out), "stdout with --output " + e.getKey());
            }
            assertEquals(e.getValue()[1], text(err), "stderr with --output " + e.getKey());
        }
        // merged: both lines on stdout, in either order (two pipes), stderr keeping its label
        out.reset();
        run(forwarder("tag,merge"), script);
        assertEquals(List.of("[1,0]<stderr>: err", "[1,0]<stdout>: hi"), text(out).lines().sorted().toList());
        out.reset();
        run(forwarder("merge"), script);
        assertEquals(List.of("err", "hi"), text(out).lines().sorted().toList());
    }

    @Test
    void tagDetailedShowsHostAndPid() throws Exception {
        IoForwarder f = forwarder("tag-detailed");
        Process p = Sh.start("printf 'hi\\n'");
        ProcessOutput o = f.attach(new Proc(NS, 0), p.pid(), 1, p.getInputStream(), p.getErrorStream());
        o.await();
        f.close();
        assertEquals("[1,0][node1:" + p.pid() + "]<stdout>: hi\n", text(out));
    }

    /**
     * Several processes write lines in three pieces each (every printf is a write of its own), to stdout
     * and stderr merged onto one sink, all at once: no line may ever contain pieces of two processes.
     */
    @Test
    void partialLinesOfConcurrentProcessesNeverMix() throws Exception {
        int procs = 6;
        int lines = 2000;
        for (String output : new String[] {"merge", "tag,merge", "xml,merge"}) {
            out.reset();
            err.reset();
            IoForwarder f = forwarder(output);
            AtomicInteger partialChunks = new AtomicInteger();
            f.addListener((src, ch, data) -> {
                if (data[data.length - 1] != '\n') {
                    partialChunks.incrementAndGet();
                }
            });
            String[] scripts = new String[procs];
            for (int r = 0; r < procs; r++) {
                scripts[r] = "i=0; while [ $i -lt " + lines + " ]; do printf 'r" + r + "-'; printf 'line%s-' $i; "
                        + "printf 'end\\n'; printf 'e" + r + "-' >&2; printf '%s-' $i >&2; printf 'fin\\n' >&2; "
                        + "i=$((i+1)); done";
            }
            run(f, scripts);
            assertEquals("", text(err), output);
            assertTrue(partialChunks.get() > 0, "the processes' output must have been read in partial lines");
            // groups: 1 rank and 2 index of a stdout line, 3 rank and 4 index of a stderr line
            Pattern line = Pattern.compile(switch (output) {
                case "merge" -> "r(\\d)-line(\\d+)-end|e(\\d)-(\\d+)-fin";
                case "tag,merge" -> "\\[1,(\\d)\\]<stdout>: r\\1-line(\\d+)-end|\\[1,(\\d)\\]<stderr>: e\\3-(\\d+)-fin";
                default -> "<stdout rank=\"(\\d)\">r\\1-line(\\d+)-end&#010;</stdout>"
                        + "|<stderr rank=\"(\\d)\">e\\3-(\\d+)-fin&#010;</stderr>";
            });
            Map<String, Integer> next = new HashMap<>();
            int count = 0;
            for (String l : text(out).lines().toList()) {
                if (l.equals("<pmix4j>") || l.equals("</pmix4j>")) {
                    continue;
                }
                Matcher m = line.matcher(l);
                assertTrue(m.matches(), "a mixed line with --output " + output + ": " + l);
                String source = m.group(2) != null ? "out" + m.group(1) : "err" + m.group(3);
                int i = Integer.parseInt(m.group(2) != null ? m.group(2) : m.group(4));
                assertEquals(next.getOrDefault(source, 0), i, "lines of " + source + " out of order");
                next.put(source, i + 1);
                count++;
            }
            assertEquals(procs * lines * 2, count, output);
        }
    }

    @Test
    void lastPartialLineOfAKilledProcessIsDelivered() throws Exception {
        run(forwarder(null), "printf 'line1\\npartial'; kill -9 $$");
        assertEquals("line1\npartial", text(out));
        out.reset();
        run(forwarder("tag"), "printf 'line1\\npartial'; kill -9 $$");
        assertEquals("[1,0]<stdout>: line1\n[1,0]<stdout>: partial", text(out));
        out.reset();
        run(forwarder("xml"), "printf 'partial'; kill -9 $$");
        assertEquals("<pmix4j>\n<stdout rank=\"0\">partial</stdout>\n</pmix4j>\n", text(out));
    }

    /** A process's unfinished last line is not continued by another process's line: a newline separates them. */
    @Test
    void anotherProcessDoesNotContinueAnUnfinishedLine() throws Exception {
        IoForwarder f = forwarder("tag");
        Process a = Sh.start("printf 'partial'; kill -9 $$");
        f.attach(new Proc(NS, 0), a.pid(), 2, a.getInputStream(), a.getErrorStream()).await();
        Process b = Sh.start("printf 'next\\n'");
        f.attach(new Proc(NS, 1), b.pid(), 2, b.getInputStream(), b.getErrorStream()).await();
        f.close();
        assertEquals("[1,0]<stdout>: partial\n[1,1]<stdout>: next\n", text(out));
        out.reset();
        run(forwarder(null), "printf 'lonely'");
        assertEquals("lonely", text(out), "alone, the output stays byte for byte what the process wrote");
    }

    @Test
    void rawForwardsChunksAsTheyCome() throws Exception {
        IoForwarder f = forwarder("tag:raw");
        Process p = Sh.start("printf 'abc'; sleep 0.3; printf 'def\\n'");
        f.attach(new Proc(NS, 0), p.pid(), 1, p.getInputStream(), p.getErrorStream()).await();
        f.close();
        assertEquals("[1,0]<stdout>: abc[1,0]<stdout>: def\n", text(out));
    }

    @Test
    void directoryLayout() throws Exception {
        String[] scripts = new String[12];
        for (int r = 0; r < 12; r++) {
            scripts[r] = "printf 'out" + r + "\\n'" + (r % 2 == 0 ? "; printf 'err" + r + "\\n' >&2" : "");
        }
        run(forwarder("dir=outd"), scripts);
        assertEquals("", text(out), "files only by default");
        assertEquals("", text(err));
        Path job = tmp.resolve("outd").resolve(NS);
        for (int r = 0; r < 12; r++) {
            Path rank = job.resolve(String.format("rank.%02d", r));
            assertEquals("out" + r + "\n", Files.readString(rank.resolve("stdout")));
            if (r % 2 == 0) {
                assertEquals("err" + r + "\n", Files.readString(rank.resolve("stderr")));
            } else {
                assertFalse(Files.exists(rank.resolve("stderr")), "created when the first output arrives, as OpenPMIx");
            }
        }
        try (Stream<Path> s = Files.list(job)) {
            assertEquals(12, s.count());
        }
    }

    @Test
    void directoryMergedHasOnlyStdoutAndCopyReachesTheTerminal() throws Exception {
        run(forwarder("dir=outd:copy,merge,tag"), "printf 'hi\\n'; printf 'err\\n' >&2");
        Path rank = tmp.resolve("outd").resolve(NS).resolve("rank.0");
        assertEquals(List.of("[1,0]<stderr>: err", "[1,0]<stdout>: hi"),
                Files.readString(rank.resolve("stdout")).lines().sorted().toList());
        assertFalse(Files.exists(rank.resolve("stderr")));
        assertEquals(List.of("[1,0]<stderr>: err", "[1,0]<stdout>: hi"), text(out).lines().sorted().toList());
        assertEquals("", text(err));
    }

    @Test
    void fileLayoutNocopyAndCopy() throws Exception {
        run(forwarder("file=sub/outf"), "printf 'a\\n'; printf 'b\\n' >&2", "printf 'c\\n'");
        assertEquals("", text(out));
        assertEquals("a\n", Files.readString(tmp.resolve("sub/outf." + NS + ".0.out")));
        assertEquals("b\n", Files.readString(tmp.resolve("sub/outf." + NS + ".0.err")));
        assertEquals("c\n", Files.readString(tmp.resolve("sub/outf." + NS + ".1.out")));
        assertFalse(Files.exists(tmp.resolve("sub/outf." + NS + ".1.err")));

        run(forwarder("file=copied:copy"), "printf 'a\\n'; printf 'b\\n' >&2");
        assertEquals("a\n", text(out));
        assertEquals("b\n", text(err));
        assertEquals("a\n", Files.readString(tmp.resolve("copied." + NS + ".0.out")));
    }

    @Test
    void filePatterns() throws Exception {
        run(forwarder("file=pat/%h-%R:pattern"), "printf 'zero\\n'", "printf 'one\\n'");
        assertEquals("zero\n", Files.readString(tmp.resolve("pat/node1-0.out")));
        assertEquals("one\n", Files.readString(tmp.resolve("pat/node1-1.out")));
        // no conversion: one file shared by every process, whole lines from each
        String[] scripts = new String[4];
        for (int r = 0; r < 4; r++) {
            scripts[r] = "i=0; while [ $i -lt 500 ]; do printf 'p" + r + "-'; printf '%s\\n' $i; i=$((i+1)); done";
        }
        run(forwarder("file=shared:pattern,tag"), scripts);
        List<String> lines = Files.readAllLines(tmp.resolve("shared.out"));
        assertEquals(2000, lines.size());
        for (String l : lines) {
            assertTrue(l.matches("\\[1,(\\d)\\]<stdout>: p\\1-\\d+"), l);
        }
    }

    @Test
    void listenerSeesEveryChunkWithItsSourceAndChannel() throws Exception {
        IoForwarder f = forwarder("tag");
        Map<String, ByteArrayOutputStream> seen = new ConcurrentHashMap<>();
        List<String> closed = java.util.Collections.synchronizedList(new ArrayList<>());
        f.addListener(new OutputListener() {
            @Override
            public void output(Proc source, int channel, byte[] data) {
                seen.computeIfAbsent(source.rank() + IofChannel.label(channel), k -> new ByteArrayOutputStream())
                        .writeBytes(data);
            }

            @Override
            public void closed(Proc source, int channel) {
                closed.add(source.rank() + IofChannel.label(channel));
            }
        });
        f.addListener((s, c, d) -> {
            throw new IllegalStateException("a failing listener must not stop the output");
        });
        run(f, "printf 'a\\nb'; printf 'e' >&2", "printf 'c\\n'");
        assertEquals("a\nb", seen.get("0STDOUT").toString(StandardCharsets.UTF_8), "raw bytes, unformatted");
        assertEquals("e", seen.get("0STDERR").toString(StandardCharsets.UTF_8));
        assertEquals("c\n", seen.get("1STDOUT").toString(StandardCharsets.UTF_8));
        assertEquals(List.of("0STDERR", "0STDOUT", "1STDERR", "1STDOUT"), closed.stream().sorted().toList());
        assertTrue(text(out).contains("[1,0]<stdout>: b"));
    }

    @Test
    void launcherMessagesAreWholeLines() throws Exception {
        IoForwarder f = new IoForwarder(OutputOptions.DEFAULT, out, out, "node1");
        Process p = Sh.start("printf 'half'; kill -9 $$");
        f.attach(new Proc(NS, 0), p.pid(), 1, p.getInputStream(), p.getErrorStream()).await();
        f.launcherMessage("pmix4j run: rank 0 was killed");
        f.close();
        assertEquals("half\npmix4j run: rank 0 was killed\n", text(out));
    }

    @Test
    void aFailingFileIsReportedAndOthersGoOn() throws Exception {
        Files.writeString(tmp.resolve("blocker"), "a file where a directory should be");
        run(forwarder("dir=blocker/x:copy"), "printf 'still here\\n'");
        assertEquals("still here\n", text(out));
        assertTrue(text(err).contains("cannot write the output of " + NS + ":0"), text(err));
    }

    /**
     * 100 MB of output from one process, through the plain and the tagged path: everything arrives, and the
     * pump allocates next to nothing beyond the copies it hands to listeners (no accumulation). The
     * throughput is printed, not asserted.
     */
    @Test
    void hundredMegabytesStreamThrough() throws Exception {
        long total = 100_000_000L;
        String line = "the quick brown fox jumps over the lazy dog";
        long lines = total / (line.length() + 1);
        long rest = total % (line.length() + 1);
        for (String output : new String[] {"merge", "tag", "tag,timestamp", "xml"}) {
            CountingSink sink = new CountingSink();
            IoForwarder f = new IoForwarder(OutputOptions.parse(output), sink, sink, "node1");
            AtomicLong copied = new AtomicLong();
            AtomicLong allocated = new AtomicLong();
            f.addListener(new OutputListener() {
                long start = -1;

                @Override
                public void output(Proc source, int channel, byte[] data) {
                    if (channel == IofChannel.STDOUT) {
                        if (start < 0) {
                            start = threadAllocated();
                        }
                        copied.addAndGet(data.length);
                    }
                }

                @Override
                public void closed(Proc source, int channel) {
                    if (channel == IofChannel.STDOUT) {
                        allocated.set(threadAllocated() - start);
                    }
                }
            });
            Process p = Sh.start("yes '" + line + "' | head -c " + total);
            long t0 = System.nanoTime();
            ProcessOutput o = f.attach(new Proc(NS, 0), p.pid(), 1, p.getInputStream(), p.getErrorStream());
            o.await();
            double secs = (System.nanoTime() - t0) / 1e9;
            f.close();
            assertEquals(0, p.waitFor());
            long expected = switch (output) {
                case "merge" -> total;
                case "tag" -> total + (lines + (rest > 0 ? 1 : 0)) * "[1,0]<stdout>: ".length();
                default -> -1;
            };
            if (expected >= 0) {
                assertEquals(expected, sink.bytes.get(), output);
            } else {
                assertTrue(sink.bytes.get() > total, output);
            }
            assertEquals(lines + (output.equals("xml") ? 2 + (rest > 0 ? 1 : 0) : 0), sink.newlines.get(), output);
            long overhead = allocated.get() - copied.get();
            System.out.printf("IOF throughput --output %-14s %6.1f MB/s (%d MB in %.2f s), pump allocated %d KiB "
                    + "beyond the listener's copies%n", output, total / 1e6 / secs, total / 1_000_000, secs,
                    overhead / 1024);
            assertTrue(overhead < 16L * 1024 * 1024, "the pump must stream, not accumulate: " + overhead + " bytes");
        }
    }

    private static long threadAllocated() {
        return ((com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean()).getCurrentThreadAllocatedBytes();
    }

    /** Discards what it gets, counting bytes and newlines. */
    static final class CountingSink extends OutputStream {
        final AtomicLong bytes = new AtomicLong();
        final AtomicLong newlines = new AtomicLong();

        @Override
        public void write(int b) {
            bytes.incrementAndGet();
            if (b == '\n') {
                newlines.incrementAndGet();
            }
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            bytes.addAndGet(len);
            long n = 0;
            for (int i = off; i < off + len; i++) {
                if (b[i] == '\n') {
                    n++;
                }
            }
            newlines.addAndGet(n);
        }
    }
}
