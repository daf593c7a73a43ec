package org.pmix4j.client.tool;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.util.Locale;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.client.net.ServerUri;

/**
 * A rendezvous (or attachment) file as libpmix 4.2 and pmix4j servers write them: five lines, the server's
 * URI, its library version, its pid, {@code uid:gid} and the time it was written. A 4.2 tool needs only
 * the first line; the others are optional here too.
 *
 * @param uri     the server's URI (line 1)
 * @param version its library version (line 2), or ""
 * @param pid     its pid (line 3), or -1
 */
public record RendezvousFile(ServerUri uri, String version, long pid) {
    /** More than any real rendezvous file holds. */
    private static final int MAX_BYTES = 64 * 1024;
    private static final String[] DAYS = {"Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"};
    private static final String[] MONTHS = {"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct",
        "Nov", "Dec"};

    /**
     * Reads a file.
     *
     * @throws java.nio.file.NoSuchFileException   when it does not exist
     * @throws java.nio.file.AccessDeniedException when we may not read it
     * @throws PmixException                       PMIX_ERR_BAD_PARAM when its first line is no server URI
     */
    public static RendezvousFile read(Path file) throws IOException {
        byte[] b;
        try (InputStream in = Files.newInputStream(file)) {
            b = in.readNBytes(MAX_BYTES + 1);
        }
        if (b.length > MAX_BYTES) {
            throw new PmixException(PmixStatus.PMIX_ERR_BAD_PARAM, file + " is too large to be a rendezvous file");
        }
        return parse(new String(b, StandardCharsets.UTF_8), file.toString());
    }

    /** Parses a file's text; {@code where} names it in messages. */
    public static RendezvousFile parse(String text, String where) {
        String[] lines = text.split("\n", -1);
        if (lines[0].isBlank()) {
            throw new PmixException(PmixStatus.PMIX_ERR_BAD_PARAM, where + " is empty: no server URI in it");
        }
        ServerUri uri = ServerUri.parse(lines[0].strip(), "the first line of " + where);
        String version = lines.length > 1 ? lines[1].strip() : "";
        long pid = -1;
        if (lines.length > 2 && !lines[2].isBlank()) {
            try {
                pid = Long.parseLong(lines[2].strip());
            } catch (NumberFormatException e) {
                pid = -1;
            }
        }
        return new RendezvousFile(uri, version, pid);
    }

    /** The text a server (or a launcher acting for one) writes: the five lines, then an empty line. */
    public static String format(String uri, String version, long pid, int uid, int gid, ZonedDateTime now) {
        String ctime = String.format(Locale.ROOT, "%s %s %2d %02d:%02d:%02d %d", DAYS[now.getDayOfWeek().getValue() - 1],
                MONTHS[now.getMonthValue() - 1], now.getDayOfMonth(), now.getHour(), now.getMinute(), now.getSecond(),
                now.getYear());
        return uri + "\n" + version + "\n" + pid + "\n" + Integer.toUnsignedString(uid) + ":"
                + Integer.toUnsignedString(gid) + "\n" + ctime + "\n\n";
    }
}
