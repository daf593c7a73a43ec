package org.pmix4j.client.tool;

import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Watches the pipe named by PMIX_KEEPALIVE_PIPE (a file descriptor this process inherited) and runs an
 * action once the tool that started us, at the pipe's other end, is gone. Intermediate launchers (the
 * runtime's indirect launch) use it too.
 *
 * <p>Either end may be what we were given. The Standard says the read end: its writer is the spawning tool,
 * and end of file says it is gone. libpmix 4.2.2's PMIx_Spawn of a tool hands down the <em>write</em> end
 * (its fork/exec keeps the read end): reading that would never end, and, as a reader, would keep the pipe
 * alive. Java cannot poll a descriptor, so for a write end we write into the pipe until it is full and the
 * write blocks; the kernel fails that write (EPIPE) once the last reader is gone. The spawning tool never
 * reads it; at most one pipe buffer of zeros waits there. Which end we hold is read from
 * {@code /proc/self/fdinfo}; the descriptor is reopened through {@code /proc/self/fd}, which for a pipe
 * reaches the same pipe.
 */
public final class KeepalivePipe {
    private final Thread watcher;
    private volatile boolean stopped;

    private KeepalivePipe(Path link, boolean writeEnd, Runnable onClose) {
        this.watcher = Thread.ofPlatform().daemon().name("pmix4j-keepalive").unstarted(() -> {
            if (writeEnd) {
                awaitNoReader(link);
            } else {
                awaitEndOfFile(link);
            }
            if (!stopped) {
                onClose.run();
            }
        });
    }

    /**
     * Starts watching descriptor {@code fd}; {@code onClose} runs once, on the watcher thread.
     *
     * @throws IllegalArgumentException when the descriptor is not open
     *
     * @param fd the inherited descriptor (PMIX_KEEPALIVE_PIPE's value)
     * @param onClose what to do when the other end is gone
     * @return the watcher, to {@link #stop} it
     */
    public static KeepalivePipe watch(int fd, Runnable onClose) {
        Path link = Path.of("/proc/self/fd/" + fd);
        if (!Files.exists(link)) {
            throw new IllegalArgumentException("PMIX_KEEPALIVE_PIPE=" + fd + " names no open file descriptor");
        }
        KeepalivePipe k = new KeepalivePipe(link, isWriteOnly(fd), onClose);
        k.watcher.start();
        return k;
    }

    /** No action after this. */
    public void stop() {
        stopped = true;
        watcher.interrupt();
    }

    private static void awaitEndOfFile(Path link) {
        try (InputStream in = new FileInputStream(link.toFile())) {
            byte[] b = new byte[256];
            while (in.read(b) >= 0) {
                // the spawning tool may write; only the end matters
            }
        } catch (IOException e) {
            // a broken pipe ends it just the same
        }
    }

    private static void awaitNoReader(Path link) {
        // opening a pipe for writing waits for a reader: the spawning tool is one until it dies
        try (OutputStream out = new FileOutputStream(link.toFile())) {
            byte[] zeros = new byte[64 * 1024];
            while (true) {
                out.write(zeros); // blocks once the pipe is full; EPIPE when no reader is left
            }
        } catch (IOException e) {
            // EPIPE: the spawning tool's end is closed
        }
    }

    /** The access mode of descriptor {@code fd}: the "flags:" line of its fdinfo is octal; O_WRONLY is 1. */
    private static boolean isWriteOnly(int fd) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/fdinfo/" + fd))) {
                if (line.startsWith("flags:")) {
                    return (Integer.parseInt(line.substring("flags:".length()).strip(), 8) & 3) == 1;
                }
            }
        } catch (IOException | NumberFormatException e) {
            // unknown: take the Standard's word, the read end
        }
        return false;
    }
}
