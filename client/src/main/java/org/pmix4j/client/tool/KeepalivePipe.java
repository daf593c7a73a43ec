package org.pmix4j.client.tool;

import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Watches the read end of the pipe named by PMIX_KEEPALIVE_PIPE (a file descriptor this process inherited)
 * and runs an action once its writer, the tool that started us, is gone (end of file). The descriptor is
 * reopened through {@code /proc/self/fd}, which for a pipe reaches the same pipe.
 */
final class KeepalivePipe {
    private final Thread watcher;

    private KeepalivePipe(Thread watcher) {
        this.watcher = watcher;
    }

    /**
     * Starts watching descriptor {@code fd}; {@code onClose} runs on the watcher thread.
     *
     * @throws IllegalArgumentException when the descriptor cannot be opened
     */
    static KeepalivePipe watch(int fd, Runnable onClose) {
        Path p = Path.of("/proc/self/fd/" + fd);
        if (!Files.exists(p)) {
            throw new IllegalArgumentException("PMIX_KEEPALIVE_PIPE=" + fd + " names no open file descriptor");
        }
        InputStream in;
        try {
            in = new FileInputStream(p.toFile());
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot open PMIX_KEEPALIVE_PIPE descriptor " + fd + ": " + e.getMessage());
        }
        Thread t = new Thread(() -> {
            byte[] b = new byte[256];
            try (in) {
                while (in.read(b) >= 0) {
                    // the initiator may write; only the end matters
                }
            } catch (IOException e) {
                // a broken pipe ends it just the same
            }
            if (!Thread.currentThread().isInterrupted()) {
                onClose.run();
            }
        }, "pmix4j-keepalive");
        t.setDaemon(true);
        t.start();
        return new KeepalivePipe(t);
    }

    void stop() {
        watcher.interrupt();
    }
}
