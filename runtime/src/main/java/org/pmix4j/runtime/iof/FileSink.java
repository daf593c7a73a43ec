package org.pmix4j.runtime.iof;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.function.BiConsumer;

/**
 * An output file. It is created (with its directories) when the first byte for it arrives, as OpenPMIx
 * does, so a process that never writes to stderr leaves no empty stderr file; an existing file is
 * truncated then. It is closed when the last stream that may write to it has ended; a stream of a later
 * job naming the same file appends to it rather than truncating what the earlier one wrote.
 */
final class FileSink extends Sink {
    private final Path path;
    private final BiConsumer<Path, Exception> onError;
    private int users;
    private boolean openedBefore;

    FileSink(Path path, BiConsumer<Path, Exception> onError) {
        super(null);
        this.path = path;
        this.onError = onError;
    }

    Path path() {
        return path;
    }

    synchronized void acquire() {
        users++;
    }

    /** A stream that could write here has ended; the file is closed when none is left. */
    void release() {
        boolean last;
        synchronized (this) {
            last = --users == 0;
        }
        if (last) {
            close();
        }
    }

    @Override
    OutputStream open() throws IOException {
        Path parent = path.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        boolean append;
        synchronized (this) {
            append = openedBefore;
            openedBefore = true;
        }
        OutputStream os = append
                ? Files.newOutputStream(path, StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.APPEND)
                : Files.newOutputStream(path, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                        StandardOpenOption.TRUNCATE_EXISTING);
        return new BufferedOutputStream(os, 64 * 1024);
    }

    @Override
    boolean ownsStream() {
        return true;
    }

    @Override
    void failed(Exception e) {
        onError.accept(path, e);
    }
}
