package org.pmix4j.server.sessiondir;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.internal.Log;
import org.pmix4j.wire.protocol.RendezvousContent;

/**
 * Writes one rendezvous file so that no reader ever sees it partly written or readable by others.
 *
 * <p>The content goes first into a temporary file in the same directory, created owner-only (0600) and
 * flushed to disk; only then does it get its real name, in one atomic step. The temporary name starts
 * with {@code .pmix4j-}, so it never matches what tools look for (names starting with {@code pmix.}).
 * Missing directories on the way are created through the {@link DirectoryTracker}, so they are removed
 * again at the end.
 *
 * <p>{@link #publish} replaces whatever file had the name (libpmix does the same).
 * {@link #claim} is for the roles a node has one of: the name is taken with a hard link, which fails when
 * the name exists, so two servers starting together cannot both win. An existing file whose pid is alive
 * is a rival and fails the claim with PMIX_ERR_EXISTS; one left by a dead process, or unreadable as a
 * rendezvous file, is moved aside, checked to be the file judged stale, and deleted, with a warning.
 */
final class RendezvousWriter {
    private static final Log LOG = Log.of(RendezvousWriter.class);
    /** Prefix of every temporary name; it must never start with "pmix.". */
    static final String TEMP_PREFIX = ".pmix4j-";
    /** Numbers the temporary files of this process. */
    private static final AtomicLong TEMP_COUNT = new AtomicLong();
    private static final int CLAIM_ATTEMPTS = 5;

    private final DirectoryTracker dirs;
    /** Test hook: sees the complete temporary file just before it gets its real name. */
    Consumer<Path> beforePublish = p -> {
    };
    /** Where warnings about replaced files go; a test hook, the log otherwise. */
    Consumer<String> warnings = LOG::warn;

    RendezvousWriter(DirectoryTracker dirs) {
        this.dirs = dirs;
    }

    /**
     * Writes {@code content} to {@code target}, replacing an existing file.
     *
     * @throws PmixException PMIX_ERR_FILE_OPEN_FAILURE / PMIX_ERR_FILE_WRITE_FAILURE when the directory or
     *                       the file cannot be made
     */
    void publish(RendezvousLocation file, byte[] content) {
        Path target = file.path();
        Path temp = writeTemp(target, content);
        try {
            warnIfLiveOwner(file);
            beforePublish.accept(temp);
            Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new PmixException(PmixStatus.PMIX_ERR_FILE_WRITE_FAILURE, "cannot write " + file.kind().description()
                    + " " + target + ": " + e, e);
        } finally {
            deleteQuietly(temp);
        }
    }

    /**
     * Writes {@code content} to {@code target} unless a live process holds that name.
     *
     * @throws PmixException PMIX_ERR_EXISTS when a running process (or another user) holds the file;
     *                       PMIX_ERR_FILE_OPEN_FAILURE / PMIX_ERR_FILE_WRITE_FAILURE when it cannot be made
     */
    void claim(RendezvousLocation file, byte[] content) {
        Path target = file.path();
        Path temp = writeTemp(target, content);
        try {
            beforePublish.accept(temp);
            for (int attempt = 0; attempt < CLAIM_ATTEMPTS; attempt++) {
                if (tryTake(temp, target)) {
                    return;
                }
                clearStale(file);
            }
            throw new PmixException(PmixStatus.PMIX_ERR_EXISTS, "cannot take " + target + ": it keeps reappearing");
        } catch (IOException e) {
            throw new PmixException(PmixStatus.PMIX_ERR_FILE_WRITE_FAILURE, "cannot write " + file.kind().description()
                    + " file " + target + ": " + e, e);
        } finally {
            deleteQuietly(temp);
        }
    }

    /** Gives {@code temp}'s content the name {@code target} if nothing has it; false when something does. */
    static boolean tryTake(Path temp, Path target) throws IOException {
        try {
            Files.createLink(target, temp);
            return true;
        } catch (FileAlreadyExistsException e) {
            return false;
        } catch (UnsupportedOperationException | IOException e) {
            // a file system without hard links: check, then rename (a small race window remains)
            LOG.debug("no hard link for {} ({}); renaming instead", target, e.toString());
            if (Files.exists(target, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                return false;
            }
            Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE);
            return true;
        }
    }

    /** Looks at an existing exclusive file: fails for a live rival, removes a stale one. */
    private void clearStale(RendezvousLocation file) throws IOException {
        Path target = file.path();
        StaleRendezvousFile seen;
        try {
            seen = StaleRendezvousFile.judge(target);
        } catch (NoSuchFileException e) {
            return; // gone meanwhile: try again
        } catch (AccessDeniedException e) {
            throw rival(file, "exists and this user may not read it (another user's "
                    + file.kind().description() + "?)");
        }
        if (!seen.stale()) {
            throw rival(file, seen.why());
        }
        warnings.accept(file.kind().description() + " file " + target + " " + seen.why() + ": replacing it");
        if (!seen.remove()) {
            LOG.debug("{} changed while being replaced; restoring it", target);
        }
    }

    private void warnIfLiveOwner(RendezvousLocation file) {
        try {
            RendezvousContent c = RendezvousReader.read(file.path());
            if (c.hasPid() && c.pid() != ProcessHandle.current().pid() && isAlive(c.pid())) {
                warnings.accept("replacing " + file.kind().description() + " " + file.path() + " of process "
                        + c.pid() + ", which is still running");
            }
        } catch (IOException e) {
            // nothing there, or nothing readable: nothing to warn about
        }
    }

    private static PmixException rival(RendezvousLocation file, String what) {
        return new PmixException(PmixStatus.PMIX_ERR_EXISTS, file.kind().description() + " rendezvous file "
                + file.path() + " " + what + "; only one " + file.kind().description() + " may run on a node");
    }

    static boolean isAlive(long pid) {
        return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
    }

    /**
     * Creates the directory if needed and writes the content to a fresh owner-only temporary file there,
     * named by this process and a count: {@code Files.createTempFile} draws its names from a SecureRandom,
     * whose set-up cost every server's start ~20 ms. Not forced to disk: a rendezvous file means something
     * only while its server runs, which a crash of the machine ends too.
     */
    private Path writeTemp(Path target, byte[] content) {
        Path dir = dirs.ensure(target.getParent());
        FileChannel ch = null;
        Path temp = null;
        try {
            while (ch == null) {
                temp = dir.resolve(TEMP_PREFIX + ProcessHandle.current().pid() + "-" + TEMP_COUNT.incrementAndGet()
                        + ".tmp");
                try {
                    ch = FileChannel.open(temp, Set.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE),
                            OwnerOnly.fileAttributes(dir));
                } catch (FileAlreadyExistsException e) {
                    // left by an earlier process of the same pid: take the next name
                }
            }
        } catch (IOException e) {
            throw new PmixException(PmixStatus.PMIX_ERR_FILE_OPEN_FAILURE, "cannot create a file in " + dir + ": "
                    + e, e);
        }
        try (FileChannel open = ch) {
            ByteBuffer b = ByteBuffer.wrap(content);
            while (b.hasRemaining()) {
                open.write(b);
            }
            return temp;
        } catch (IOException e) {
            deleteQuietly(temp);
            throw new PmixException(PmixStatus.PMIX_ERR_FILE_WRITE_FAILURE, "cannot write " + temp + ": " + e, e);
        }
    }

    static void deleteQuietly(Path p) {
        try {
            Files.deleteIfExists(p);
        } catch (IOException e) {
            LOG.warn("cannot remove {}: {}", p, e.toString());
        }
    }
}
