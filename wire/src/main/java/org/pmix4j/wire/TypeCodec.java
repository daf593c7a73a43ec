package org.pmix4j.wire;

import java.util.ArrayList;
import java.util.List;
import org.pmix4j.api.Value;

/**
 * The wire form of one PMIx data type: its payload only, with no count and no type tag (those belong to
 * the top-level pack and to values, see {@link Codecs}).
 *
 * <p>A run of items packed in one call (a top-level pack, the elements of a data array) is usually the
 * items back to back, but libpmix writes some types once per call rather than once per item: a pid's
 * type tag precedes the whole run, and a run of pointers is a single placeholder byte. Such types
 * override {@link #writeRun} and {@link #readRun}.
 */
interface TypeCodec<T extends Value> {
    void write(WireWriter w, T value);

    T read(WireReader r);

    /** The fewest bytes one item can take; decoders use it to refuse counts the input cannot hold. */
    default int minBytes() {
        return 1;
    }

    /** Items packed in one call. */
    default void writeRun(WireWriter w, List<? extends Value> items) {
        for (Value v : items) {
            @SuppressWarnings("unchecked")
            T t = (T) v;
            write(w, t);
        }
    }

    /** {@code n} items packed in one call; {@code n} was checked against the input by the caller. */
    default List<Value> readRun(WireReader r, int n) {
        List<Value> out = new ArrayList<>(Math.min(n, 1024));
        for (int i = 0; i < n; i++) {
            out.add(read(r));
        }
        return out;
    }
}
