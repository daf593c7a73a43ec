package org.pmix4j.client.iof;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.pmix4j.api.Proc;

/**
 * Forwarded output that this process writes to its own stdout and stderr, as a libpmix tool writes the
 * output it pulled without a handler: whole lines, each formatted as its {@link OutputFormat} asks (so that
 * a tag starts every line, whatever pieces the output came in); the unfinished last line of a stream is
 * held until its newline comes, the stream ends (PMIX_IOF_COMPLETE), or the library finalizes. With
 * PMIX_IOF_OUTPUT_RAW pieces are written as they come.
 *
 * <p>Used from the library's one IO-forwarding thread; synchronized for the flush at finalize.
 */
public final class LocalOutput {
    private record Stream(Proc source, int channel) {
    }

    /** An unfinished line, and the format it was asked for. */
    private record Pending(OutputFormat format, ByteArrayOutputStream bytes) {
    }

    private final Supplier<PrintStream> stdout;
    private final Supplier<PrintStream> stderr;
    /** The clock of timestamped lines (the default zone's is looked up at the first: see OutputFormat). */
    private final Supplier<Clock> clock;
    private final Map<Stream, Pending> pending = new LinkedHashMap<>();

    /** Writes to {@code System.out} and {@code System.err} as they are at the time of writing. */
    public LocalOutput() {
        this.stdout = () -> System.out;
        this.stderr = () -> System.err;
        this.clock = Clock::systemDefaultZone;
    }

    public LocalOutput(Supplier<PrintStream> stdout, Supplier<PrintStream> stderr, Clock clock) {
        this.stdout = stdout;
        this.stderr = stderr;
        this.clock = () -> clock;
    }

    /** A piece of {@code source}'s output on {@code channel}: its whole lines are written now. */
    public synchronized void write(OutputFormat format, Proc source, int channel, byte[] data) {
        if (data.length == 0) {
            return;
        }
        PrintStream to = format.toStdout(channel) ? stdout.get() : stderr.get();
        if (format.raw()) {
            to.writeBytes(format.line(source, channel, data, 0, data.length, clock));
            to.flush();
            return;
        }
        Stream key = new Stream(source, channel);
        Pending held = pending.remove(key);
        byte[] text = data;
        if (held != null) {
            held.bytes().writeBytes(data);
            text = held.bytes().toByteArray();
        }
        int start = 0;
        for (int i = 0; i < text.length; i++) {
            if (text[i] == '\n') {
                to.writeBytes(format.line(source, channel, text, start, i + 1 - start, clock));
                start = i + 1;
            }
        }
        if (start < text.length) {
            ByteArrayOutputStream rest = new ByteArrayOutputStream();
            rest.write(text, start, text.length - start);
            pending.put(key, new Pending(format, rest));
        }
        to.flush();
    }

    /** The stream ended: its unfinished last line is written as it is. */
    public synchronized void end(Proc source, int channel) {
        Pending held = pending.remove(new Stream(source, channel));
        if (held != null) {
            writeHeld(new Stream(source, channel), held);
        }
    }

    /** Writes every unfinished line (at finalize: nothing that reached this process is left unwritten). */
    public synchronized void flush() {
        List<Map.Entry<Stream, Pending>> all = new ArrayList<>(pending.entrySet());
        pending.clear();
        for (Map.Entry<Stream, Pending> e : all) {
            writeHeld(e.getKey(), e.getValue());
        }
    }

    private void writeHeld(Stream s, Pending held) {
        byte[] text = held.bytes().toByteArray();
        PrintStream to = held.format().toStdout(s.channel()) ? stdout.get() : stderr.get();
        to.writeBytes(held.format().line(s.source(), s.channel(), text, 0, text.length, clock));
        to.flush();
    }
}
