package org.pmix4j.server.sharedstore;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.file.Path;

import static java.lang.foreign.ValueLayout.JAVA_INT_UNALIGNED;
import static java.lang.foreign.ValueLayout.JAVA_LONG_UNALIGNED;

/**
 * A namespace's lock segment ({@code smlockseg-<nspace>}): a header the clients read (its size, the number
 * of client slots, where the mutexes are and how far apart), one claim word per slot that a client takes by
 * compare-and-swap when it attaches, and two mutexes per slot: the slot's "signal" mutex (2i) and its "main"
 * mutex (2i+1). A client reading takes its own signal, then its own main, lets the signal go, reads, and lets
 * the main go; the writer (this server) takes every signal mutex, then every main mutex, so new readers wait
 * on their signal while it waits for current ones to leave their main. Slots are never given back by
 * libpmix: a namespace serves as many shared-memory clients as it had local processes when registered.
 */
final class LockSegment implements AutoCloseable {
    private static final long HEADER_SIZE = 32; // size, slot count (+4 padding), stride, first mutex
    private final MappedFile file;
    private final int slots;
    private final long stride;
    private final long first;
    /** Every mutex, sliced once: a write takes them all. */
    private final MemorySegment[] mutexes;

    private LockSegment(MappedFile file, int slots, long stride, long first) {
        this.file = file;
        this.slots = slots;
        this.stride = stride;
        this.first = first;
        this.mutexes = new MemorySegment[2 * slots];
        for (int k = 0; k < mutexes.length; k++) {
            mutexes[k] = file.memory().asSlice(first + stride * k, SharedMutexes.MUTEX_SIZE);
        }
    }

    /** Creates the segment for {@code slots} clients with every mutex unlocked. */
    static LockSegment create(Path path, int slots) throws IOException {
        long line = SharedMutexes.cacheLine();
        // each mutex on cache lines of its own, the first after the header and claims: libpmix's arithmetic,
        // which rounds up to the next multiple even when already a multiple
        long stride = (SharedMutexes.MUTEX_SIZE / line + 1) * line;
        long first = ((HEADER_SIZE + 4L * slots) / stride + 1) * stride;
        long page = SharedMutexes.pageSize();
        long size = ((first + 2L * slots * stride) / page + 1) * page;
        MappedFile file = MappedFile.create(path, size);
        try {
            MemorySegment m = file.memory();
            m.set(JAVA_LONG_UNALIGNED, 0, size);
            m.set(JAVA_INT_UNALIGNED, 8, slots);
            m.set(JAVA_LONG_UNALIGNED, 16, stride);
            m.set(JAVA_LONG_UNALIGNED, 24, first);
            LockSegment seg = new LockSegment(file, slots, stride, first);
            for (int k = 0; k < 2 * slots; k++) {
                SharedMutexes.init(seg.mutex(k));
            }
            return seg;
        } catch (IOException | RuntimeException e) {
            file.delete();
            throw e;
        }
    }

    int slots() {
        return slots;
    }

    /** Slot {@code i}'s signal mutex. */
    MemorySegment signal(int i) {
        return mutex(2 * i);
    }

    /** Slot {@code i}'s main mutex. */
    MemorySegment main(int i) {
        return mutex(2 * i + 1);
    }

    private MemorySegment mutex(int k) {
        return mutexes[k];
    }

    /** How many slots clients have claimed. */
    int claimed() {
        int n = 0;
        for (int i = 0; i < slots; i++) {
            if (file.memory().get(JAVA_INT_UNALIGNED, HEADER_SIZE + 4L * i) != 0) {
                n++;
            }
        }
        return n;
    }

    Path path() {
        return file.path();
    }

    @Override
    public void close() {
        file.close();
    }

    /** Destroys the mutexes, unmaps and removes the file: call with no lock held. */
    void delete() {
        for (int k = 0; k < 2 * slots; k++) {
            SharedMutexes.destroy(mutex(k));
        }
        file.delete();
    }
}
