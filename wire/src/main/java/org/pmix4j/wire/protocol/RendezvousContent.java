package org.pmix4j.wire.protocol;

import java.nio.charset.StandardCharsets;
import java.time.ZonedDateTime;
import java.util.Objects;

/**
 * The content of a rendezvous file as libpmix 4.2.2 writes it (ptl_base_listener.c,
 * pmix_base_write_rndz_file): five lines, each ended by a newline,
 *
 * <pre>
 * &lt;nspace&gt;.&lt;rank&gt;;tcp4://127.0.0.1:&lt;port&gt;   the server URI
 * 4.2.2rc2                                 the server's library version
 * 2524                                     the server's pid
 * 0:0                                      its effective uid:gid
 * Sat Nov 21 22:12:05 2026                 ctime() of the moment of writing
 * </pre>
 *
 * followed by one more newline, because ctime()'s text already ends in one and libpmix adds another: the
 * file ends with an empty line. A 4.2.2 tool reads only the first two lines (ptl_base_fns.c,
 * pmix_ptl_base_parse_uri_file), each at most 1023 bytes.
 *
 * @param uri     line 1; {@code <nspace>.<rank>;<address>}
 * @param version line 2; empty when the file has no second line
 * @param pid     line 3; -1 when absent
 * @param uid     line 4 before the colon; -1 when absent
 * @param gid     line 4 after the colon; -1 when absent
 * @param time    line 5 (ctime text without its newline); empty when absent
 */
public record RendezvousContent(String uri, String version, long pid, long uid, long gid, String time) {
    private static final String[] DAYS = {"Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"};
    private static final String[] MONTHS = {"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct",
        "Nov", "Dec"};

    public RendezvousContent {
        Objects.requireNonNull(uri, "uri");
        Objects.requireNonNull(version, "version");
        Objects.requireNonNull(time, "time");
        checkUri(uri);
        if (version.indexOf('\n') >= 0 || time.indexOf('\n') >= 0) {
            throw new IllegalArgumentException("a rendezvous line cannot contain a newline");
        }
    }

    /** What a process with this pid, uid and gid writes at {@code now} for this URI and library version. */
    public static RendezvousContent of(String uri, String version, long pid, long uid, long gid, ZonedDateTime now) {
        return new RendezvousContent(uri, version, pid, uid, gid, ctime(now));
    }

    /** The file's bytes, exactly as libpmix 4.2.2 lays them out. */
    public byte[] toBytes() {
        return format().getBytes(StandardCharsets.UTF_8);
    }

    /** The file's text, exactly as libpmix 4.2.2 lays it out. */
    public String format() {
        return uri + "\n" + version + "\n" + Long.toUnsignedString(pid) + "\n" + Long.toUnsignedString(uid) + ":"
                + Long.toUnsignedString(gid) + "\n" + time + "\n\n";
    }

    /**
     * Reads a file's text as a server does (to see whether a file it finds is a live rival's). Only the URI line is required, as for a 4.2.2 tool; the other fields take
     * their "absent" value when their line is missing.
     *
     * @throws RendezvousFormatException when the first line is not a URI, or a later line is malformed
     */
    public static RendezvousContent parse(String text) throws RendezvousFormatException {
        String[] lines = text.split("\n", -1);
        String uri = lines[0];
        try {
            checkUri(uri);
        } catch (IllegalArgumentException e) {
            throw new RendezvousFormatException(e.getMessage());
        }
        String version = lines.length > 1 ? lines[1] : "";
        long pid = -1;
        long uid = -1;
        long gid = -1;
        try {
            if (lines.length > 2 && !lines[2].isEmpty()) {
                pid = Long.parseUnsignedLong(lines[2].strip());
            }
            if (lines.length > 3 && !lines[3].isEmpty()) {
                int colon = lines[3].indexOf(':');
                if (colon < 0) {
                    throw new RendezvousFormatException("line 4 is not uid:gid: '" + lines[3] + "'");
                }
                uid = Long.parseUnsignedLong(lines[3].substring(0, colon).strip());
                gid = Long.parseUnsignedLong(lines[3].substring(colon + 1).strip());
            }
        } catch (NumberFormatException e) {
            throw new RendezvousFormatException("bad number in rendezvous file: " + e.getMessage());
        }
        String time = lines.length > 4 ? lines[4] : "";
        return new RendezvousContent(uri, version, pid, uid, gid, time);
    }

    /**
     * Reads a file's text as a tool does: only the URI line counts. Surrounding blanks are stripped from the
     * URI and version lines, and a pid or uid:gid line that is not a number reads as absent (-1) instead
     * of failing, since a tool needs only the first line (a 4.2.2 tool reads no further than the second).
     *
     * @throws RendezvousFormatException when the first line is blank or not a server URI
     */
    public static RendezvousContent parseLenient(String text) throws RendezvousFormatException {
        String[] lines = text.split("\n", -1);
        if (lines[0].isBlank()) {
            throw new RendezvousFormatException("empty: no server URI in it");
        }
        String uri = lines[0].strip();
        try {
            checkUri(uri);
        } catch (IllegalArgumentException e) {
            throw new RendezvousFormatException(e.getMessage());
        }
        String version = lines.length > 1 ? lines[1].strip() : "";
        long pid = lines.length > 2 ? signedOrAbsent(lines[2]) : -1;
        long uid = -1;
        long gid = -1;
        if (lines.length > 3) {
            int colon = lines[3].indexOf(':');
            if (colon >= 0) {
                uid = signedOrAbsent(lines[3].substring(0, colon));
                gid = signedOrAbsent(lines[3].substring(colon + 1));
            }
        }
        String time = lines.length > 4 ? lines[4] : "";
        return new RendezvousContent(uri, version, pid, uid, gid, time);
    }

    private static long signedOrAbsent(String field) {
        if (field.isBlank()) {
            return -1;
        }
        try {
            return Long.parseLong(field.strip());
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /** The server's namespace: the URI's first field up to its last dot. */
    public String serverNspace() {
        String id = uri.substring(0, uri.indexOf(';'));
        return id.substring(0, id.lastIndexOf('.'));
    }

    /** The server's rank: the URI's first field after its last dot (an unsigned number). */
    public int serverRank() {
        String id = uri.substring(0, uri.indexOf(';'));
        return Integer.parseUnsignedInt(id.substring(id.lastIndexOf('.') + 1));
    }

    /** The transport address, e.g. {@code tcp4://127.0.0.1:46963}. */
    public String address() {
        return uri.substring(uri.indexOf(';') + 1);
    }

    /** Whether line 3 held a pid. */
    public boolean hasPid() {
        return pid >= 0;
    }

    /**
     * ctime()'s text for a moment, without the newline: {@code "Sat Nov  1 09:05:03 2026"} (day of month
     * padded to two places with a space, English names).
     */
    public static String ctime(ZonedDateTime t) {
        // by hand: String.format's first use costs a fresh JVM milliseconds, and every server's start writes this
        StringBuilder b = new StringBuilder(24).append(DAYS[t.getDayOfWeek().getValue() - 1]).append(' ')
                .append(MONTHS[t.getMonthValue() - 1]).append(' ');
        if (t.getDayOfMonth() < 10) {
            b.append(' ');
        }
        b.append(t.getDayOfMonth()).append(' ');
        twoDigits(b, t.getHour()).append(':');
        twoDigits(b, t.getMinute()).append(':');
        twoDigits(b, t.getSecond()).append(' ');
        return b.append(t.getYear()).toString();
    }

    private static StringBuilder twoDigits(StringBuilder b, int n) {
        return b.append((char) ('0' + n / 10)).append((char) ('0' + n % 10));
    }

    /**
     * The checks a 4.2.2 tool makes (pmix_ptl_base_parse_uri): exactly two ';'-separated fields, the first
     * with a '.' between namespace and rank; and a rank that is a number.
     */
    private static void checkUri(String uri) {
        String[] f = uri.split(";", -1);
        if (f.length != 2 || f[0].isEmpty() || f[1].isEmpty()) {
            throw new IllegalArgumentException("'" + uri + "' is not a server URI (<nspace>.<rank>;<address>)");
        }
        int dot = f[0].lastIndexOf('.');
        if (dot <= 0 || dot == f[0].length() - 1) {
            throw new IllegalArgumentException("'" + uri + "' has no <nspace>.<rank> before the ';'");
        }
        try {
            Integer.parseUnsignedInt(f[0].substring(dot + 1));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + uri + "' has no numeric rank after the last '.'");
        }
        if (uri.indexOf('\n') >= 0) {
            throw new IllegalArgumentException("a URI cannot contain a newline");
        }
    }
}
