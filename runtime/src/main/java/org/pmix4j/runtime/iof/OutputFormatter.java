package org.pmix4j.runtime.iof;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import org.pmix4j.api.Proc;
import org.pmix4j.api.Rank;

/**
 * Turns what one stream of one process wrote into the records the launcher prints, in the formats of
 * OpenPMIx's IOF (what {@code prterun --output ...} prints; facts from {@code pmix_iof_prep_output}):
 * <ul>
 * <li>{@code tag}: {@code [1,0]<stdout>: hi} (the job is the part of the nspace after its last '@', the
 * whole nspace if it has none);</li>
 * <li>{@code tag-detailed}: {@code [1,0][host:pid]<stdout>: hi}, with the full nspace if
 * {@code tag-fullname} is also given; {@code tag-fullname}: {@code [nspace,0]<stdout>: hi};
 * {@code rank}: {@code [0]<stdout>: hi} (precedence: tag, tag-detailed, tag-fullname, rank);</li>
 * <li>{@code timestamp}: {@code [Sat Nov 21 21:43:44 2026]<stdout>: hi}, or just {@code [time]} before
 * another tag: {@code [time][1,0]<stdout>: hi};</li>
 * <li>{@code xml}: {@code <stdout rank="0">hi&#010;</stdout>} and a newline; with tag
 * {@code <stdout jobid="1" rank="0">}, with tag-fullname {@code <stdout nspace="..." rank="0">}, with
 * timestamp a {@code timestamp="..."} attribute; {@code &}, {@code <}, {@code >} become entities and every
 * byte that is not printable ASCII becomes {@code &#NNN;} (its unsigned decimal value, at least 3
 * digits).</li>
 * </ul>
 * Two deliberate differences from OpenPMIx, where its output is malformed: {@code tag-detailed} or
 * {@code tag-fullname} with {@code timestamp} gives {@code [time][1,0][h:p]<stdout>: } (OpenPMIx prints the
 * stream label twice: {@code [time]<stdout>: [1,0][h:p]<stdout>: }), and XML with {@code tag-detailed}
 * gives {@code host="h" pid="p"} attributes (OpenPMIx writes {@code ["h":"p"} inside the start tag,
 * which is not XML).
 *
 * <p>Not thread-safe: one formatter per stream, used by that stream's pump.
 */
final class OutputFormatter {
    private static final byte[][] ESCAPES = new byte[256][];

    // Built by hand: every launcher and front end makes a formatter for its first line of output, and in a
    // fresh JVM 256 String.format calls and the date pattern below took ~25 ms of it (the pattern's day and
    // month names load the locale's text), timestamps asked for or not.
    static {
        for (int b = 0; b < 256; b++) {
            String e = switch (b) {
                case '&' -> "&amp;";
                case '<' -> "&lt;";
                case '>' -> "&gt;";
                default -> b < 0x20 || b > 0x7e ? numericEntity(b) : null;
            };
            ESCAPES[b] = e == null ? null : ascii(e);
        }
    }

    /** {@code &#NNN;}: the byte's unsigned decimal value, at least 3 digits. */
    private static String numericEntity(int b) {
        String digits = Integer.toString(b);
        return new StringBuilder(7).append("&#").append("000", digits.length(), 3).append(digits).append(';').toString();
    }

    /** C's ctime(3) layout, made at the first time stamp. */
    private static final class Ctime {
        static final DateTimeFormatter FORMAT = DateTimeFormatter.ofPattern("EEE MMM ppd HH:mm:ss yyyy", Locale.US);
    }

    private final OutputOptions options;
    private final Clock clock;
    private final String label;
    /** Non-XML: the tag after the time; XML: the start tag up to where the time attribute goes. */
    private final byte[] head;
    private final byte[] xmlEnd;
    /** {@code <stdout>: }, after a time stamp that no other tag follows. */
    private final byte[] streamTag;
    private long stampSecond = Long.MIN_VALUE;
    private byte[] stamp;

    OutputFormatter(OutputOptions options, Proc source, long pid, String host, OutputChannel channel, Clock clock) {
        this.options = options;
        this.clock = clock;
        this.label = channel.label();
        this.streamTag = ascii("<" + label + ">: ");
        String nspace = source.nspace();
        int at = nspace.lastIndexOf('@');
        String job = at < 0 ? nspace : nspace.substring(at + 1);
        String rank = Rank.label(source.rank());
        String pidText = pid < 0 ? "unknown" : Long.toString(pid);
        String hostText = host == null || host.isEmpty() ? "unknown" : host;
        if (options.xml()) {
            String attrs;
            if (options.tag()) {
                attrs = (at < 0 ? " nspace=\"" : " jobid=\"") + attr(job) + "\" rank=\"" + rank + "\"";
            } else if (options.tagFullname()) {
                attrs = " nspace=\"" + attr(nspace) + "\" rank=\"" + rank + "\"";
            } else if (options.tagDetailed()) {
                attrs = " nspace=\"" + attr(nspace) + "\" rank=\"" + rank + "\" host=\"" + attr(hostText) + "\" pid=\""
                        + pidText + "\"";
            } else {
                attrs = " rank=\"" + rank + "\"";
            }
            head = ascii("<" + label + attrs);
            xmlEnd = ascii("</" + label + ">\n");
        } else {
            String tagText;
            if (options.tag()) {
                tagText = "[" + job + "," + rank + "]<" + label + ">: ";
            } else if (options.tagDetailed()) {
                tagText = "[" + (options.tagFullname() ? nspace : job) + "," + rank + "][" + hostText + ":" + pidText
                        + "]<" + label + ">: ";
            } else if (options.tagFullname()) {
                tagText = "[" + nspace + "," + rank + "]<" + label + ">: ";
            } else if (options.rank()) {
                tagText = "[" + rank + "]<" + label + ">: ";
            } else {
                tagText = "";
            }
            head = ascii(tagText);
            xmlEnd = null;
        }
    }

    /** Nothing is added to what the process wrote: its bytes can be written as they are. */
    boolean plain() {
        return !options.formatted();
    }

    /** XML records carry their own line end, so every record ends a line on the sink. */
    boolean xml() {
        return options.xml();
    }

    /** Appends the record for {@code len} bytes of one line (or fragment) to {@code out}. */
    void append(ByteBuf out, byte[] b, int off, int len) {
        if (options.xml()) {
            out.add(head);
            if (options.timestamp()) {
                out.add(XML_TS).add(stamp()).add('"');
            }
            out.add('>');
            escape(out, b, off, len);
            out.add(xmlEnd);
            return;
        }
        if (options.timestamp()) {
            out.add('[').add(stamp()).add(']');
            if (head.length == 0) {
                out.add(streamTag);
            }
        }
        out.add(head).add(b, off, len);
    }

    private static final byte[] XML_TS = ascii(" timestamp=\"");

    private static void escape(ByteBuf out, byte[] b, int off, int len) {
        int start = off;
        int end = off + len;
        for (int i = off; i < end; i++) {
            byte[] e = ESCAPES[b[i] & 0xff];
            if (e != null) {
                out.add(b, start, i - start).add(e);
                start = i + 1;
            }
        }
        out.add(b, start, end - start);
    }

    /** ctime(3) of now, cached per second: formatting a date per line would dominate tagged throughput. */
    private byte[] stamp() {
        long millis = clock.millis();
        long second = Math.floorDiv(millis, 1000);
        if (second != stampSecond) {
            stampSecond = second;
            stamp = ascii(Ctime.FORMAT.format(ZonedDateTime.ofInstant(clock.instant(), clock.getZone())));
        }
        return stamp;
    }

    private static String attr(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
