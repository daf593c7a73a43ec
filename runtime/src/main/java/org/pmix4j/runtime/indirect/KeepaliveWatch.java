package org.pmix4j.runtime.indirect;

import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;
import org.pmix4j.runtime.LaunchException;

/**
 * Watches PMIX_KEEPALIVE_PIPE, the pipe through which the initiator that started this runtime says it is
 * alive, and runs an action once when the other end is gone.
 *
 * <p>Either end may be what we were given. The Standard says the read end (its writer is the initiator: end
 * of file when it dies); libpmix 4.2.2's PMIx_Spawn of a tool hands down the <em>write</em> end
 * ({@code pfexec_base_default_fns.c} sets the variable to {@code keepalive[1]} and keeps {@code keepalive[0]}),
 * whose reader is the initiator. Java cannot poll a descriptor, so for a write end we write into the pipe
 * until it is full and the write blocks: the kernel ends that write with EPIPE once the last reader is gone.
 * The initiator never reads that pipe; at most one pipe buffer of zeros waits in it. Which end we hold is read
 * from {@code /proc/self/fdinfo}; the descriptor is reopened through {@code /proc/self/fd}, which for a pipe
 * reaches the same pipe.
 */
final class KeepaliveWatch {
    private final Thread watcher;
    private final AtomicBoolean stopped = new AtomicBoolean();

    private KeepaliveWatch(Thread watcher) {
        this.watcher = watcher;
    }

    /**
     * Starts watching the descriptor named by {@code value}; {@code gone} runs once, on the watcher's thread.
     *
     * @throws LaunchException when {@code value} names no open pipe descriptor
     */
    static KeepaliveWatch start(String value, Runnable gone) {
        int fd;
        try {
            fd = Integer.parseInt(value.strip());
        } catch (NumberFormatException e) {
            throw new LaunchException("PMIX_KEEPALIVE_PIPE='" + value + "' is not a file descriptor number", 1);
        }
        Path link = Path.of("/proc/self/fd/" + fd);
        if (!Files.exists(link)) {
            throw new LaunchException("PMIX_KEEPALIVE_PIPE=" + fd + " names no open file descriptor of this process", 1);
        }
        boolean writeEnd = isWriteOnly(fd);
        KeepaliveWatch[] self = new KeepaliveWatch[1];
        Thread t = Thread.ofPlatform().daemon().name("pmix4j-keepalive").unstarted(() -> {
            if (writeEnd) {
                waitForReadersGone(link);
            } else {
                waitForEndOfFile(link);
            }
            if (!self[0].stopped.get()) {
                gone.run();
            }
        });
        self[0] = new KeepaliveWatch(t);
        t.start();
        return self[0];
    }

    /** No action after this (the runtime is ending anyway). */
    void stop() {
        stopped.set(true);
        watcher.interrupt();
    }

    private static void waitForEndOfFile(Path link) {
        try (InputStream in = new FileInputStream(link.toFile())) {
            byte[] b = new byte[256];
            while (in.read(b) >= 0) {
                // the initiator may write; only the end matters
            }
        } catch (IOException e) {
            // a broken pipe ends it just the same
        }
    }

    private static void waitForReadersGone(Path link) {
        // opening for writing waits for a reader; the initiator is one until it dies
        try (OutputStream out = new FileOutputStream(link.toFile())) {
            byte[] zeros = new byte[64 * 1024];
            while (true) {
                out.write(zeros); // blocks once the pipe is full, fails with EPIPE when no reader is left
            }
        } catch (IOException e) {
            // EPIPE: the initiator's end is closed
        }
    }

    /** The access mode of descriptor {@code fd}: its "flags:" line in fdinfo is octal; O_WRONLY is 1. */
    private static boolean isWriteOnly(int fd) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/fdinfo/" + fd))) {
                if (line.startsWith("flags:")) {
                    int flags = Integer.parseInt(line.substring("flags:".length()).strip(), 8);
                    return (flags & 3) == 1;
                }
            }
        } catch (IOException | NumberFormatException e) {
            // unknown: take the Standard's word, the read end
        }
        return false;
    }
}
