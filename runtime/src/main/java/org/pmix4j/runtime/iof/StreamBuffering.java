package org.pmix4j.runtime.iof;

import java.util.Map;

/**
 * {@code --stream-buffering 0|1|2}: how an Open MPI application buffers its stdout and stderr
 * (0 unbuffered, 1 line buffered, 2 fully buffered). In PRRTE it exists only in the ompi personality
 * ({@code mpirun} of Open MPI 5), which exports the value as {@code OMPI_MCA_ompi_stream_buffering} into
 * the processes' environment, where Open MPI calls {@code setvbuf} on its streams during {@code MPI_Init};
 * Open MPI 4.1 reads the same setting from its own parameter {@code OMPI_MCA_ess_base_stream_buffering}
 * (ess base, applied in MPI_Init of a launched process) and ignores the v5 name, so both are exported.
 * 0 also makes the launcher forward output raw ({@code --output :raw}) so that unbuffered output is not
 * held back waiting for a newline. Programs not built on Open MPI ignore it.
 *
 * <p>PRRTE warns about a value other than 0, 1 or 2 and passes it on anyway; we refuse it, since Open MPI
 * would silently ignore it.
 */
public final class StreamBuffering {
    public static final String ENV = "OMPI_MCA_ompi_stream_buffering";
    /** Open MPI 4.1's name for the same setting (MCA parameter ess_base_stream_buffering). */
    public static final String ENV_OMPI4 = "OMPI_MCA_ess_base_stream_buffering";

    private StreamBuffering() {
    }

    /**
     * The value, checked.
     *
     * @throws IllegalArgumentException for anything but 0, 1 and 2
     */
    public static int parse(String value) {
        String v = value == null ? "" : value.strip();
        return switch (v) {
            case "0" -> 0;
            case "1" -> 1;
            case "2" -> 2;
            default -> throw new IllegalArgumentException("--stream-buffering: '" + value
                    + "' is not a valid value; use 0 (unbuffered), 1 (line buffered) or 2 (fully buffered)");
        };
    }

    /** What to add to every process's environment. */
    public static Map<String, String> environment(int mode) {
        if (mode < 0 || mode > 2) {
            throw new IllegalArgumentException("--stream-buffering: " + mode + " is not 0, 1 or 2");
        }
        return Map.of(ENV, Integer.toString(mode), ENV_OMPI4, Integer.toString(mode));
    }

    /** The output options to use with this mode: 0 (unbuffered) forwards output raw, as PRRTE does. */
    public static OutputOptions apply(int mode, OutputOptions options) {
        return mode == 0 ? options.withRaw() : options;
    }
}
