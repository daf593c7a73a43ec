package org.pmix4j.server.sessiondir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Arrays;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import org.pmix4j.wire.protocol.RendezvousContent;
import org.pmix4j.wire.protocol.RendezvousFormatException;

/**
 * A rendezvous file judged for staleness, and its removal: what a server claiming a node's one-of-a-kind
 * file ({@link RendezvousWriter#claim}) and {@code pmix4j clean} both do with a file that is in the way.
 * A file is stale when it is not a rendezvous file, names no pid, or names a writer that is gone
 * ({@link WriterLiveness}); otherwise its writer is still running.
 *
 * @param file    where it is
 * @param content the bytes judged, or null when it was far too big to be a rendezvous file
 * @param parsed  what it says, or null when it is not a rendezvous file
 * @param stale   whether it may be removed
 * @param why     why it is stale ("was left by process 12, which is no longer running"), or who holds it
 *                ("belongs to process 12, which is still running")
 */
public record StaleRendezvousFile(Path file, byte[] content, RendezvousContent parsed, boolean stale, String why) {

    /**
     * Judges the file at {@code file}.
     *
     * @throws NoSuchFileException                 when it is gone
     * @throws java.nio.file.AccessDeniedException when this user may not read it
     */
    public static StaleRendezvousFile judge(Path file) throws IOException {
        byte[] seen;
        try {
            seen = RendezvousReader.readBytes(file);
        } catch (RendezvousFormatException e) {
            return new StaleRendezvousFile(file, null, null, true, "is not a rendezvous file (" + e.getMessage() + ")");
        }
        RendezvousContent c;
        try {
            c = RendezvousContent.parse(new String(seen, StandardCharsets.UTF_8));
        } catch (RendezvousFormatException e) {
            return new StaleRendezvousFile(file, seen, null, true, "is not a rendezvous file (" + e.getMessage() + ")");
        }
        if (!c.hasPid()) {
            return new StaleRendezvousFile(file, seen, c, true, "names no pid");
        }
        Optional<String> gone = WriterLiveness.gone(c.pid(), file);
        if (gone.isPresent()) {
            return new StaleRendezvousFile(file, seen, c, true, "was left by " + gone.get());
        }
        return new StaleRendezvousFile(file, seen, c, false, "belongs to process " + c.pid()
                + ", which is still running");
    }

    /**
     * Removes the file judged stale, without removing a fresh file that took its name in the meantime: the
     * file is first renamed aside, then compared with what was judged, and put back when it differs.
     *
     * @return true when the judged file was removed; false when it was gone or had been replaced
     */
    public boolean remove() throws IOException {
        if (!stale) {
            throw new IllegalStateException(file + " " + why);
        }
        Path aside = file.resolveSibling(RendezvousWriter.TEMP_PREFIX + "stale-" + Long.toUnsignedString(
                ThreadLocalRandom.current().nextLong(), 36));
        try {
            Files.move(file, aside, StandardCopyOption.ATOMIC_MOVE);
        } catch (NoSuchFileException e) {
            return false;
        }
        try {
            byte[] moved = Files.readAllBytes(aside);
            if (content != null && !Arrays.equals(moved, content)) {
                // someone replaced the stale file meanwhile: put theirs back (unless yet another appeared)
                RendezvousWriter.tryTake(aside, file);
                return false;
            }
            return true;
        } finally {
            RendezvousWriter.deleteQuietly(aside);
        }
    }
}
