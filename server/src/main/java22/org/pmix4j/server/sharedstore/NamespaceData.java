package org.pmix4j.server.sharedstore;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static java.lang.foreign.ValueLayout.JAVA_LONG_UNALIGNED;

/**
 * One namespace's key-value records in the ds21 layout: its meta segments ({@code smseg-<nspace>-<id>}, the
 * index of where each rank's records start and how many there are) and its data segments
 * ({@code smdataseg-<nspace>-<id>}, the records). Offsets between segments are global: segment index times
 * the data segment size, plus the offset inside it.
 *
 * <p>A record is its size (8 bytes; bit 63 marks an extension slot, bit 62 a record replaced by a later one),
 * the sum of its key's bytes (8), the key with its NUL, and the value as libpmix packs a {@code pmix_value_t}
 * for the clients. A rank's records form a chain: runs of records, each run ended by an extension slot (a
 * record with an empty key whose 8-byte value is the global offset where the chain goes on, 0 at its end).
 * Every batch of appends is followed by such a slot, so a later batch of the same rank can be linked from it;
 * when that slot is the last thing in the segment the next batch overwrites it and stays contiguous.
 *
 * <p>All of it runs under the session's write lock.
 */
final class NamespaceData implements AutoCloseable {
    static final int WILDCARD = 0xfffffffe;
    private static final long EXTENSION = 1L << 63;
    private static final long REPLACED = 1L << 62;
    private static final int SLOT_SIZE = 25; // size, hash, one NUL, the 8-byte offset
    private static final long META_RECORD = 24; // rank, offset, count
    private static final long FIRST_DATA = 8; // after the free-offset word

    private final Path dir;
    private final String nspace;
    private final long metaSize;
    private final long dataSize;
    private final NamespaceDirectory.Entry entry;
    private final List<MappedFile> meta = new ArrayList<>();
    private final List<MappedFile> data = new ArrayList<>();
    private final Map<Integer, Chain> chains = new HashMap<>();

    /** A rank's records so far. */
    private static final class Chain {
        long start;             // global offset of its first record
        long count;             // valid records
        long tail = -1;         // global offset of the slot that ends its last run
        final Map<String, long[]> records = new HashMap<>(); // key -> {global offset, value length}
    }

    /** A key and its value, already packed as the clients unpack it. */
    record Record(String key, byte[] value) {
    }

    NamespaceData(Path dir, String nspace, long metaSize, long dataSize, NamespaceDirectory.Entry entry) {
        this.dir = dir;
        this.nspace = nspace;
        this.metaSize = metaSize;
        this.dataSize = dataSize;
        this.entry = entry;
    }

    /**
     * Stores one batch of {@code rank}'s records ({@link #WILDCARD} for the job level): a key it has with a value
     * of the same length is overwritten in place, one with another length is marked replaced and appended anew.
     *
     * @return the keys left out, too large for a data segment
     */
    List<String> store(int rank, List<Record> batch) throws IOException {
        Chain chain = chains.get(rank);
        boolean fresh = chain == null;
        if (fresh) {
            chain = new Chain();
        }
        List<String> skipped = new ArrayList<>();
        List<Record> appends = new ArrayList<>();
        for (Record r : batch) {
            byte[] key = r.key().getBytes(StandardCharsets.UTF_8);
            if (16L + key.length + 1 + r.value().length + SLOT_SIZE > dataSize - FIRST_DATA) {
                skipped.add(r.key());
                continue;
            }
            long[] old = chain.records.get(r.key());
            if (old != null && old[1] == r.value().length) {
                MemorySegment.copy(r.value(), 0, region(old[0]), ValueLayout.JAVA_BYTE,
                        offsetIn(old[0]) + 16 + key.length + 1, r.value().length);
                continue;
            }
            if (old != null) {
                MemorySegment seg = region(old[0]);
                long at = offsetIn(old[0]);
                seg.set(JAVA_LONG_UNALIGNED, at, seg.get(JAVA_LONG_UNALIGNED, at) | REPLACED);
                chain.records.remove(r.key());
                chain.count--;
            }
            appends.add(r);
        }
        if (!appends.isEmpty()) {
            append(chain, fresh, appends);
        }
        if (fresh && !chain.records.isEmpty()) {
            chains.put(rank, chain);
        }
        if (chains.containsKey(rank)) {
            writeMeta(rank, chain);
        }
        return skipped;
    }

    private void append(Chain chain, boolean fresh, List<Record> appends) throws IOException {
        if (data.isEmpty()) {
            addDataSegment();
        }
        // where the next record must be linked from: -1 while records follow one another
        long link = -1;
        boolean first = fresh;
        if (!fresh) {
            long free = free();
            if (chain.tail == global(data.size() - 1, free - SLOT_SIZE)) {
                setFree(free - SLOT_SIZE); // the run's end slot is the segment's last record: carry on over it
            } else {
                link = chain.tail;
            }
        }
        for (Record r : appends) {
            byte[] key = r.key().getBytes(StandardCharsets.UTF_8);
            long size = 16L + key.length + 1 + r.value().length;
            long free = free();
            if (free + size + SLOT_SIZE > dataSize) {
                if (link < 0 && !first) {
                    // this run goes on in the next segment: a slot in the room every append keeps for it
                    writeSlot(last(), free, 0);
                    link = global(data.size() - 1, free);
                }
                addDataSegment();
                free = FIRST_DATA;
            }
            long at = global(data.size() - 1, free);
            writeRecord(last(), free, size, key, r.value());
            setFree(free + size);
            if (first) {
                chain.start = at;
                first = false;
            } else if (link >= 0) {
                region(link).set(JAVA_LONG_UNALIGNED, offsetIn(link) + 17, at);
            }
            link = -1;
            chain.records.put(r.key(), new long[] {at, r.value().length});
            chain.count++;
        }
        long free = free();
        writeSlot(last(), free, 0);
        chain.tail = global(data.size() - 1, free);
        setFree(free + SLOT_SIZE);
    }

    private static void writeRecord(MemorySegment seg, long at, long size, byte[] key, byte[] value) {
        long hash = 0;
        for (byte b : key) {
            hash += b; // the bytes as C's (signed) char, as libpmix sums them
        }
        seg.set(JAVA_LONG_UNALIGNED, at, size);
        seg.set(JAVA_LONG_UNALIGNED, at + 8, hash);
        MemorySegment.copy(key, 0, seg, ValueLayout.JAVA_BYTE, at + 16, key.length);
        seg.set(ValueLayout.JAVA_BYTE, at + 16 + key.length, (byte) 0);
        MemorySegment.copy(value, 0, seg, ValueLayout.JAVA_BYTE, at + 16 + key.length + 1, value.length);
    }

    private static void writeSlot(MemorySegment seg, long at, long next) {
        seg.set(JAVA_LONG_UNALIGNED, at, EXTENSION | SLOT_SIZE);
        seg.set(JAVA_LONG_UNALIGNED, at + 8, 0);
        seg.set(ValueLayout.JAVA_BYTE, at + 16, (byte) 0);
        seg.set(JAVA_LONG_UNALIGNED, at + 17, next);
    }

    /** The meta record of a rank: index 0 for the job level, rank + 1 for a rank. */
    private void writeMeta(int rank, Chain chain) throws IOException {
        long perSegment = (metaSize - 8) / META_RECORD;
        long index = rank == WILDCARD ? 0 : Integer.toUnsignedLong(rank) + 1;
        int segment = (int) (index / perSegment);
        while (meta.size() <= segment) {
            meta.add(MappedFile.create(dir.resolve("smseg-" + nspace + "-" + meta.size()), metaSize));
            entry.counts(meta.size(), data.size());
        }
        MemorySegment m = meta.get(segment).memory();
        long at = 8 + (index % perSegment) * META_RECORD;
        m.set(JAVA_LONG_UNALIGNED, at, Integer.toUnsignedLong(rank));
        m.set(JAVA_LONG_UNALIGNED, at + 8, chain.start);
        m.set(JAVA_LONG_UNALIGNED, at + 16, chain.count);
    }

    private void addDataSegment() throws IOException {
        MappedFile f = MappedFile.create(dir.resolve("smdataseg-" + nspace + "-" + data.size()), dataSize);
        f.memory().set(JAVA_LONG_UNALIGNED, 0, FIRST_DATA);
        data.add(f);
        entry.counts(meta.size(), data.size());
    }

    private MemorySegment last() {
        return data.get(data.size() - 1).memory();
    }

    private long free() {
        return last().get(JAVA_LONG_UNALIGNED, 0);
    }

    private void setFree(long free) {
        last().set(JAVA_LONG_UNALIGNED, 0, free);
    }

    private long global(int segment, long offset) {
        return segment * dataSize + offset;
    }

    private MemorySegment region(long global) {
        return data.get((int) (global / dataSize)).memory();
    }

    private long offsetIn(long global) {
        return global % dataSize;
    }

    int dataSegments() {
        return data.size();
    }

    @Override
    public void close() {
        meta.forEach(MappedFile::close);
        data.forEach(MappedFile::close);
    }

    /** Unmaps and removes the namespace's meta and data segments. */
    void delete() {
        meta.forEach(MappedFile::delete);
        data.forEach(MappedFile::delete);
    }
}
