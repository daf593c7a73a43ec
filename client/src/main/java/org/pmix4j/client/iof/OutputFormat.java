package org.pmix4j.client.iof;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Info;
import org.pmix4j.api.IofChannel;
import org.pmix4j.api.Proc;
import org.pmix4j.api.Rank;

/**
 * How a tool presents forwarded output that it writes itself: the Standard's PMIX_IOF_TAG_OUTPUT,
 * PMIX_IOF_TAG_FULLNAME_OUTPUT, PMIX_IOF_TAG_DETAILED_OUTPUT, PMIX_IOF_RANK_OUTPUT, PMIX_IOF_TIMESTAMP_OUTPUT,
 * PMIX_IOF_XML_OUTPUT, PMIX_IOF_MERGE_STDERR_STDOUT and PMIX_IOF_OUTPUT_RAW (the deprecated PMIX_TAG_OUTPUT,
 * PMIX_TIMESTAMP_OUTPUT and PMIX_MERGE_STDERR_STDOUT too), read from a tool's init info, a spawn's job info or
 * a pull's directives. {@link #line} formats one line exactly as a libpmix 4.2.2 tool does:
 * <pre>
 *   tag:        [&lt;jobid&gt;,&lt;rank&gt;]&lt;stdout&gt;: text       (jobid: the nspace after its last '@', else all of it)
 *   fullname:   [&lt;nspace&gt;,&lt;rank&gt;]&lt;stdout&gt;: text
 *   detailed:   [&lt;jobid&gt;,&lt;rank&gt;][&lt;host&gt;:&lt;pid&gt;]&lt;stdout&gt;: text   (here "unknown:unknown")
 *   rank:       [&lt;rank&gt;]&lt;stdout&gt;: text
 *   timestamp:  [&lt;ctime&gt;]&lt;stdout&gt;: text, or [&lt;ctime&gt;] before a tag or rank
 *   xml:        &lt;stdout rank="0"&gt;text&amp;#010;&lt;/stdout&gt;\n (with tag: jobid="…" or nspace="…"; timestamp="…")
 * </pre>
 * The XML text escapes '&amp;', '&lt;', '&gt;' and the ASCII control characters (the newline included) as
 * libpmix means to; unlike libpmix 4.2.2 it writes "&amp;amp;" (libpmix writes "&amp;ap;"), pads nothing with NUL
 * bytes, and leaves bytes of UTF-8 characters as they are (libpmix writes them as negative character
 * references). The detailed tag names no host and pid: a tool does not know them for processes it did
 * not start (libpmix, not finding them either, prints "unknown").
 */
public record OutputFormat(boolean set, boolean tag, boolean tagFullname, boolean tagDetailed, boolean rank,
        boolean timestamp, boolean xml, boolean merge, boolean raw) {
    /** No formatting asked for: output is written as it came, line by line. */
    public static final OutputFormat NONE = new OutputFormat(false, false, false, false, false, false, false, false,
            false);

    /**
     * The C library's ctime() form, made at the first timestamped line: a formatter (and the default time
     * zone's rules read from the JDK's tz database) cost a fresh JVM ~10 ms, in PMIx_Init when made there.
     */
    private static final class Ctime {
        static final DateTimeFormatter FORMAT = DateTimeFormatter.ofPattern("EEE MMM ppd HH:mm:ss yyyy", Locale.US);
    }

    /** The formatting {@code info} asks for; {@link #NONE} when it names none of the attributes. */
    public static OutputFormat of(List<Info> info) {
        OutputFormat f = NONE;
        for (Info i : info) {
            f = f.with(i);
        }
        return f;
    }

    private OutputFormat with(Info i) {
        String k = i.key();
        if (is(k, Attributes.IOF_TAG_OUTPUT.key(), Attributes.TAG_OUTPUT.key())) {
            return new OutputFormat(true, on(i), tagFullname, tagDetailed, rank, timestamp, xml, merge, raw);
        } else if (is(k, Attributes.IOF_TAG_FULLNAME_OUTPUT.key(), null)) {
            return new OutputFormat(true, tag, on(i), tagDetailed, rank, timestamp, xml, merge, raw);
        } else if (is(k, Attributes.IOF_TAG_DETAILED_OUTPUT.key(), null)) {
            return new OutputFormat(true, tag, tagFullname, on(i), rank, timestamp, xml, merge, raw);
        } else if (is(k, Attributes.IOF_RANK_OUTPUT.key(), null)) {
            return new OutputFormat(true, tag, tagFullname, tagDetailed, on(i), timestamp, xml, merge, raw);
        } else if (is(k, Attributes.IOF_TIMESTAMP_OUTPUT.key(), Attributes.TIMESTAMP_OUTPUT.key())) {
            return new OutputFormat(true, tag, tagFullname, tagDetailed, rank, on(i), xml, merge, raw);
        } else if (is(k, Attributes.IOF_XML_OUTPUT.key(), null)) {
            return new OutputFormat(true, tag, tagFullname, tagDetailed, rank, timestamp, on(i), merge, raw);
        } else if (is(k, Attributes.IOF_MERGE_STDERR_STDOUT.key(), Attributes.MERGE_STDERR_STDOUT.key())) {
            return new OutputFormat(true, tag, tagFullname, tagDetailed, rank, timestamp, xml, on(i), raw);
        } else if (is(k, Attributes.IOF_OUTPUT_RAW.key(), null)) {
            return new OutputFormat(true, tag, tagFullname, tagDetailed, rank, timestamp, xml, merge, on(i));
        }
        return this;
    }

    private static boolean is(String key, String a, String b) {
        return key.equals(a) || key.equals(b);
    }

    /** A boolean attribute given without a value (PMIX_BOOL's "present") counts as true, as in libpmix. */
    private static boolean on(Info i) {
        return !(i.value() instanceof org.pmix4j.api.Value.Bool b) || b.value();
    }

    /** Whether output of {@code channel} goes to stdout (stdout, or any channel when merged) rather than stderr. */
    public boolean toStdout(int channel) {
        return channel == IofChannel.STDOUT || merge;
    }

    /**
     * One line (or, raw, one chunk) of {@code source}'s output on {@code channel}, formatted: {@code text}
     * itself when no formatting was asked for. {@code clock} is asked for the time of timestamped lines only.
     */
    public byte[] line(Proc source, int channel, byte[] text, int off, int len, Supplier<Clock> clock) {
        if (!set || len == 0) {
            return java.util.Arrays.copyOfRange(text, off, off + len);
        }
        String suffix = channel == IofChannel.STDOUT ? "stdout" : channel == IofChannel.STDERR ? "stderr" : "stddiag";
        String r = rankLabel(source.rank());
        String ns = source.nspace();
        int at = ns.lastIndexOf('@');
        String job = at < 0 ? ns : ns.substring(at + 1);
        StringBuilder head = new StringBuilder();
        String end = "";
        String outtag = "";
        if (xml) {
            if (tag) {
                head.append('<').append(suffix).append(at < 0 ? " nspace=\"" : " jobid=\"").append(job)
                        .append("\" rank=\"").append(r).append('"');
            } else if (tagFullname) {
                head.append('<').append(suffix).append(" nspace=\"").append(ns).append("\" rank=\"").append(r)
                        .append('"');
            } else if (tagDetailed) {
                head.append('<').append(suffix).append(" nspace=\"").append(ns).append("\" rank=\"").append(r)
                        .append("\"[\"unknown\":\"unknown\"");
            } else {
                head.append('<').append(suffix).append(" rank=\"").append(r).append('"');
            }
            end = "</" + suffix + ">";
        } else if (tag) {
            outtag = "[" + job + "," + r + "]<" + suffix + ">: ";
        } else if (tagDetailed) {
            outtag = "[" + (tagFullname ? ns : job) + "," + r + "][unknown:unknown]<" + suffix + ">: ";
        } else if (tagFullname) {
            outtag = "[" + ns + "," + r + "]<" + suffix + ">: ";
        } else if (rank) {
            outtag = "[" + r + "]<" + suffix + ">: ";
        }
        if (timestamp) {
            String now = ZonedDateTime.now(clock.get()).format(Ctime.FORMAT);
            if (xml) {
                head.append(" timestamp=\"").append(now).append('"');
            } else if (tag || rank) {
                head.append('[').append(now).append(']');
            } else {
                head.append('[').append(now).append("]<").append(suffix).append(">: ");
            }
        }
        head.append(outtag);
        if (xml) {
            head.append('>');
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(head.length() + len + end.length() + 16);
        out.writeBytes(head.toString().getBytes(StandardCharsets.UTF_8));
        if (xml) {
            escape(text, off, len, out);
        } else {
            out.write(text, off, len);
        }
        out.writeBytes(end.getBytes(StandardCharsets.UTF_8));
        if (xml) {
            out.write('\n');
        }
        return out.toByteArray();
    }

    private static void escape(byte[] text, int off, int len, ByteArrayOutputStream out) {
        for (int i = off; i < off + len; i++) {
            byte b = text[i];
            switch (b) {
                case '&' -> out.writeBytes("&amp;".getBytes(StandardCharsets.US_ASCII));
                case '<' -> out.writeBytes("&lt;".getBytes(StandardCharsets.US_ASCII));
                case '>' -> out.writeBytes("&gt;".getBytes(StandardCharsets.US_ASCII));
                default -> {
                    if (b >= 0 && (b < 0x20 || b == 0x7f)) {
                        out.writeBytes(String.format("&#%03d;", (int) b).getBytes(StandardCharsets.US_ASCII));
                    } else {
                        out.write(b);
                    }
                }
            }
        }
    }

    /** A rank as libpmix prints it: the number, unsigned, or WILDCARD / UNDEF. */
    static String rankLabel(int rank) {
        if (rank == Rank.WILDCARD) {
            return "WILDCARD";
        }
        if (rank == Rank.UNDEF) {
            return "UNDEF";
        }
        return Integer.toUnsignedString(rank);
    }
}
