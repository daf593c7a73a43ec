package org.pmix4j.server.sharedstore;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * One file of the store, created by this server, zero-filled to its size and mapped shared (as libpmix's
 * clients map it too: what the server writes, they see). Closing unmaps it; {@link #delete} also removes
 * the file.
 */
final class MappedFile implements AutoCloseable {
    private final Path path;
    private final Arena arena;
    private final MemorySegment memory;

    private MappedFile(Path path, Arena arena, MemorySegment memory) {
        this.path = path;
        this.arena = arena;
        this.memory = memory;
    }

    /** Creates {@code path} (owner read-write only; it must not exist) of {@code size} zero bytes, mapped. */
    static MappedFile create(Path path, long size) throws IOException {
        Files.createFile(path, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        Arena arena = Arena.ofShared();
        try (FileChannel ch = FileChannel.open(path, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            // a read-write mapping past the end grows the file: sparse zeros, as clients expect
            MemorySegment memory = ch.map(FileChannel.MapMode.READ_WRITE, 0, size, arena);
            return new MappedFile(path, arena, memory);
        } catch (IOException | RuntimeException e) {
            arena.close();
            Files.deleteIfExists(path);
            throw e;
        }
    }

    Path path() {
        return path;
    }

    MemorySegment memory() {
        return memory;
    }

    long size() {
        return memory.byteSize();
    }

    @Override
    public void close() {
        arena.close();
    }

    /** Unmaps and removes the file. */
    void delete() {
        close();
        try {
            Files.deleteIfExists(path);
        } catch (IOException e) {
            // the store's directory goes as a whole when the server ends
        }
    }
}
