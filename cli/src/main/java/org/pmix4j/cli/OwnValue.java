package org.pmix4j.cli;

import picocli.CommandLine.Model.IGetter;
import picocli.CommandLine.Model.ISetter;
import picocli.CommandLine.Model.OptionSpec;

/**
 * An option's value held by the option itself rather than by a field of a command: what picocli's standard
 * help options (-h, -V) bind to in the models written at build time ({@link CliModels}).
 */
final class OwnValue implements IGetter, ISetter {
    private Object value;

    private OwnValue(Object initial) {
        value = initial;
    }

    /** {@code builder} holding a value of its own, {@code initial} from the start. */
    static OptionSpec.Builder of(OptionSpec.Builder builder, boolean initial) {
        OwnValue own = new OwnValue(initial);
        return builder.getter(own).setter(own);
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> T get() {
        return (T) value;
    }

    @Override
    public <T> T set(T newValue) {
        T old = get();
        value = newValue;
        return old;
    }
}
