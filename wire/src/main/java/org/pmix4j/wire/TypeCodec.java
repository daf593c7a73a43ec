package org.pmix4j.wire;

import org.pmix4j.api.Value;

/**
 * The wire form of one PMIx data type: its payload only, with no count and no type tag (those belong to
 * the top-level pack and to values, see {@link Codecs}).
 */
interface TypeCodec<T extends Value> {
    void write(WireWriter w, T value);

    T read(WireReader r);

    /** The fewest bytes one item can take; decoders use it to refuse counts the input cannot hold. */
    default int minBytes() {
        return 1;
    }
}
