package org.pmix4j.runtime.iof;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.IofChannel;
import org.pmix4j.api.Proc;

/** What a tool's pull takes from the launcher's terminal, and the forwarder's per-line decision. */
class OutputTakersTest {
    private static final List<Proc> JOB = List.of(Proc.wildcard("job@1"));

    @Test
    void aRedirectingPullTakesUntilItsStopAndCopiesTakeNothing() {
        OutputTakers t = new OutputTakers();
        Proc p = new Proc("job@1", 3);
        t.pulled(JOB, List.of(Attributes.IOF_COPY.info(true)), IofChannel.STDOUT);
        t.pulled(JOB, List.of(Attributes.IOF_REDIRECT.info(false)), IofChannel.STDOUT);
        assertFalse(t.taken(p, IofChannel.STDOUT));
        t.pulled(JOB, List.of(), IofChannel.STDOUT);
        t.pulled(List.of(p), List.of(Attributes.IOF_REDIRECT.info(true)), IofChannel.STDOUT | IofChannel.STDERR);
        assertTrue(t.taken(p, IofChannel.STDOUT));
        assertTrue(t.taken(p, IofChannel.STDERR));
        assertFalse(t.taken(new Proc("job@1", 4), IofChannel.STDERR));
        assertFalse(t.taken(new Proc("job@2", 3), IofChannel.STDOUT));
        // each pull ends on its own: the job's stdout is still taken by the first
        t.pulled(List.of(p), List.of(Attributes.IOF_STOP.info(true)), IofChannel.STDOUT | IofChannel.STDERR);
        assertTrue(t.taken(p, IofChannel.STDOUT));
        assertFalse(t.taken(p, IofChannel.STDERR));
        t.pulled(JOB, List.of(Attributes.IOF_STOP.info(true)), IofChannel.STDOUT);
        assertFalse(t.taken(p, IofChannel.STDOUT));
    }

    @Test
    void theLauncherLeavesOutLinesWrittenWhileAToolTakesThemAndPrintsAgainAfter() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        IoForwarder f = new IoForwarder(OutputOptions.DEFAULT, out, out, "node1");
        java.util.concurrent.BlockingQueue<String> offered = new java.util.concurrent.LinkedBlockingQueue<>();
        f.addListener((source, channel, data) -> offered.add(new String(data, StandardCharsets.UTF_8)));
        PipedOutputStream child = new PipedOutputStream();
        PipedInputStream in = new PipedInputStream(child, 4096);
        ProcessOutput po = f.attach(new Proc("job@1", 0), -1, 1, in, null);
        write(child, "one\n");
        assertEquals("one\n", offered.take());
        awaitText(out, "one\n");
        f.takers().pulled(JOB, List.of(), IofChannel.STDOUT);
        write(child, "two\n");
        assertEquals("two\n", offered.take());
        // the pump handles its stream in order: once it offers the next piece, "two" was decided on
        write(child, "mark\n");
        assertEquals("mark\n", offered.take());
        f.takers().pulled(JOB, List.of(Attributes.IOF_STOP.info(true)), IofChannel.STDOUT);
        write(child, "three\n");
        child.close();
        po.await();
        String printed = out.toString(StandardCharsets.UTF_8);
        assertTrue(printed.startsWith("one\n") && printed.endsWith("three\n") && !printed.contains("two"), printed);
    }

    private static void write(PipedOutputStream child, String text) throws java.io.IOException {
        child.write(text.getBytes(StandardCharsets.UTF_8));
        child.flush();
    }

    @Test
    void aLineWrittenWhileTakenIsNotPrinted() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        IoForwarder f = new IoForwarder(OutputOptions.DEFAULT, out, out, "node1");
        f.takers().pulled(JOB, List.of(), IofChannel.STDOUT);
        PipedOutputStream child = new PipedOutputStream();
        PipedInputStream in = new PipedInputStream(child, 4096);
        java.util.concurrent.CountDownLatch seen = new java.util.concurrent.CountDownLatch(1);
        f.addListener((source, channel, data) -> seen.countDown());
        ProcessOutput po = f.attach(new Proc("job@1", 0), -1, 1, in, null);
        child.write("taken\n".getBytes(StandardCharsets.UTF_8));
        child.flush();
        seen.await();
        child.close();
        po.await();
        assertEquals("", out.toString(StandardCharsets.UTF_8));
    }

    private static void awaitText(ByteArrayOutputStream out, String text) throws InterruptedException {
        while (!out.toString(StandardCharsets.UTF_8).contains(text)) {
            Thread.sleep(5);
        }
    }
}
