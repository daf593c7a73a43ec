package org.pmix4j.server.sessiondir;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.pmix4j.wire.protocol.RendezvousContent;
import org.pmix4j.wire.protocol.RendezvousFormatException;

/** Reads rendezvous files (ours or libpmix's); see {@link RendezvousContent} for the format. */
public final class RendezvousReader {
    /** More than any real rendezvous file; guards against reading something huge by mistake. */
    static final int MAX_BYTES = 64 * 1024;

    private RendezvousReader() {
    }

    /**
     * Reads and parses one file.
     *
     * @throws java.nio.file.NoSuchFileException  when it does not exist
     * @throws java.nio.file.AccessDeniedException when this user may not read it
     * @throws RendezvousFormatException           when it is not a rendezvous file
     */
    public static RendezvousContent read(Path file) throws IOException {
        return RendezvousContent.parse(new String(readBytes(file), StandardCharsets.UTF_8));
    }

    /** The raw bytes of a file, at most {@value #MAX_BYTES} of them. */
    static byte[] readBytes(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            byte[] b = in.readNBytes(MAX_BYTES + 1);
            if (b.length > MAX_BYTES) {
                throw new RendezvousFormatException(file + " is larger than " + MAX_BYTES + " bytes");
            }
            return b;
        }
    }
}
