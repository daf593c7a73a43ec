package org.pmix4j.api.internal;

import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Small files that another process may read at any moment (a daemon's readiness, a tool's rendezvous, a
 * cached topology): written beside their final name and renamed over it, so that a reader sees the old
 * content or the whole new one, never a part. The temporary name carries this process's pid and a count, so
 * that processes and threads writing the same file never share one.
 */
public final class AtomicFiles {
    private static final AtomicLong COUNT = new AtomicLong();

    private AtomicFiles() {
    }

    /**
     * Replaces {@code target}'s content with {@code content} (creating the file). On a file system without
     * atomic renames the rename is a plain one.
     *
     * @throws IOException when the temporary file cannot be written or renamed (it is removed)
     */
    public static void replace(Path target, byte[] content) throws IOException {
        Path temp = target.resolveSibling("." + target.getFileName() + "." + ProcessHandle.current().pid() + "."
                + COUNT.incrementAndGet() + ".tmp");
        try {
            Files.write(temp, content);
            try {
                Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(temp);
        }
    }
}
