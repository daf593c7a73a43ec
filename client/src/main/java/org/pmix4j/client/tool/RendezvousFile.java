package org.pmix4j.client.tool;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZonedDateTime;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.client.net.ServerUri;
import org.pmix4j.wire.protocol.RendezvousContent;
import org.pmix4j.wire.protocol.RendezvousFormatException;

/**
 * A rendezvous (or attachment) file as a tool reads it: the wire format ({@link RendezvousContent}, read
 * leniently, as a 4.2 tool needs only the first line) with its URI parsed into an address to connect to.
 *
 * @param uri     the server's URI (line 1)
 * @param version its library version (line 2), or ""
 * @param pid     its pid (line 3), or -1
 */
public record RendezvousFile(ServerUri uri, String version, long pid) {
    /** More than any real rendezvous file holds. */
    private static final int MAX_BYTES = 64 * 1024;

    /**
     * Reads a file.
     *
     * @throws java.nio.file.NoSuchFileException   when it does not exist
     * @throws java.nio.file.AccessDeniedException when we may not read it
     * @throws PmixException                       PMIX_ERR_BAD_PARAM when its first line is no server URI
     *
     * @param file the file
     * @return what it says
     * @throws IOException when it cannot be read for another reason
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

    /**
     * Parses a file's text; {@code where} names it in messages.
     *
     * @throws PmixException PMIX_ERR_BAD_PARAM when its first line is no server URI
     *
     * @param text the file's text
     * @param where the file's name, for messages
     * @return what it says
     */
    public static RendezvousFile parse(String text, String where) {
        RendezvousContent c;
        try {
            c = RendezvousContent.parseLenient(text);
        } catch (RendezvousFormatException e) {
            throw new PmixException(PmixStatus.PMIX_ERR_BAD_PARAM, where + ": " + e.getMessage());
        }
        return new RendezvousFile(ServerUri.parse(c.uri(), "the first line of " + where), c.version(), c.pid());
    }

    /**
     * The text a server (or a launcher acting for one) writes: the five lines, then an empty line.
     *
     * @param uri the server's URI
     * @param version its library version
     * @param pid its pid
     * @param uid its user id
     * @param gid its group id
     * @param now the time written on line 5
     * @return the file's text
     */
    public static String format(String uri, String version, long pid, int uid, int gid, ZonedDateTime now) {
        return RendezvousContent.of(uri, version, pid, Integer.toUnsignedLong(uid), Integer.toUnsignedLong(gid), now)
                .format();
    }
}
