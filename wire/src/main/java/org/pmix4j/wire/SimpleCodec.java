package org.pmix4j.wire;

import java.util.function.BiConsumer;
import java.util.function.Function;
import org.pmix4j.api.Value;

/** A {@link TypeCodec} made of two lambdas, for the many types whose layout is a line or two. */
record SimpleCodec<T extends Value>(BiConsumer<WireWriter, T> writer, Function<WireReader, T> reader, int minBytes)
        implements TypeCodec<T> {

    static <T extends Value> SimpleCodec<T> of(BiConsumer<WireWriter, T> writer, Function<WireReader, T> reader) {
        return new SimpleCodec<>(writer, reader, 1);
    }

    @Override
    public void write(WireWriter w, T value) {
        writer.accept(w, value);
    }

    @Override
    public T read(WireReader r) {
        return reader.apply(r);
    }
}
