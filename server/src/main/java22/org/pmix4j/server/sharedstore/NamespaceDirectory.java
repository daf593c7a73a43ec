package org.pmix4j.server.sharedstore;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static java.lang.foreign.ValueLayout.JAVA_INT_UNALIGNED;
import static java.lang.foreign.ValueLayout.JAVA_LONG_UNALIGNED;

/**
 * The initial segments of a store session ({@code initial-pmix_shared-segment-<id>}): where a client finds its
 * namespace and how many meta and data segments it has. Each segment starts with its entry count and a word
 * that says a next segment exists; 288-byte entries follow (the name in 256 bytes, two indexes of the writer
 * that clients ignore, the meta and data segment counts). Entries are never removed.
 */
final class NamespaceDirectory implements AutoCloseable {
    static final int NAME_ROOM = 256;
    private static final long HEADER = 16;
    private static final long ENTRY = 288;
    private static final long META_COUNT = 272;
    private static final long DATA_COUNT = 280;

    private final Path dir;
    private final long segmentSize;
    private final List<MappedFile> segments = new ArrayList<>();

    /** Where one namespace's counts are kept. */
    record Entry(MemorySegment memory, long offset) {
        void counts(int meta, int data) {
            memory.set(JAVA_LONG_UNALIGNED, offset + META_COUNT, meta);
            memory.set(JAVA_LONG_UNALIGNED, offset + DATA_COUNT, data);
        }
    }

    /** Creates initial segment 0 in {@code dir}. */
    NamespaceDirectory(Path dir, long segmentSize) throws IOException {
        if ((segmentSize - HEADER) / ENTRY < 1) {
            throw new IOException("an initial segment of " + segmentSize + " bytes holds no namespace");
        }
        this.dir = dir;
        this.segmentSize = segmentSize;
        segments.add(MappedFile.create(dir.resolve("initial-pmix_shared-segment-0"), segmentSize));
    }

    /** Adds an entry for {@code nspace} (its name at most 255 bytes) with no segments yet; under the write lock. */
    Entry add(String nspace, int sessionIndex, int namespaceIndex) throws IOException {
        byte[] name = nspace.getBytes(StandardCharsets.UTF_8);
        if (name.length >= NAME_ROOM) {
            throw new IOException("namespace name of " + name.length + " bytes; the store keeps at most " + (NAME_ROOM - 1));
        }
        long perSegment = (segmentSize - HEADER) / ENTRY;
        MemorySegment last = segments.get(segments.size() - 1).memory();
        long count = last.get(JAVA_LONG_UNALIGNED, 0);
        if (count >= perSegment) {
            // the next segment exists before the old one says so: a client follows the flag at once
            MappedFile next = MappedFile.create(dir.resolve("initial-pmix_shared-segment-" + segments.size()), segmentSize);
            segments.add(next);
            last.set(JAVA_LONG_UNALIGNED, 8, 1);
            last = next.memory();
            count = 0;
        }
        long at = HEADER + count * ENTRY;
        MemorySegment.copy(name, 0, last, java.lang.foreign.ValueLayout.JAVA_BYTE, at, name.length);
        last.set(JAVA_LONG_UNALIGNED, at + NAME_ROOM, sessionIndex);
        last.set(JAVA_INT_UNALIGNED, at + NAME_ROOM + 8, namespaceIndex);
        last.set(JAVA_LONG_UNALIGNED, 0, count + 1);
        return new Entry(last, at);
    }

    @Override
    public void close() {
        segments.forEach(MappedFile::close);
    }
}
