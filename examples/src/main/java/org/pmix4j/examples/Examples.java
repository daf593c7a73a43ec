package org.pmix4j.examples;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Consumer;

/** The examples by name, for {@code pmix4j example NAME}: what each does and its main method. */
public final class Examples {
    /** One example: a one-line description and its entry point. */
    public record Example(String name, String description, Consumer<String[]> main) {
    }

    private static final Map<String, Example> ALL = new LinkedHashMap<>();

    static {
        add("hello", "each process prints its rank and the job size (--peers: and its local peers; --time: when"
                + " main began and PMIx_Init returned, in µs since the epoch)", Hello::main);
        add("ring", "a key-value ring: put, commit, fence with data collection, get the left neighbour's key",
                Ring::main);
        add("ps", "a tool that lists the processes of a running job (--pid N, --server-nspace NS, --uri URI,"
                + " --job NS)", Ps::main);
    }

    private Examples() {
    }

    private static void add(String name, String description, Consumer<String[]> main) {
        ALL.put(name, new Example(name, description, main));
    }

    public static Map<String, Example> all() {
        return ALL;
    }

    /**
     * Runs the example named by the first argument with the rest, as {@code pmix4j example NAME ARGS...} does,
     * without the command line's tree of commands: bin/pmix4j starts every process of a job this way, and
     * building that tree by reflection cost each of them ~150 ms before PMIx_Init. Exits 2 for an unknown
     * name or bad arguments, 1 when the example fails, with one line on stderr (PMIX4J_DEBUG=1: the trace).
     */
    public static void main(String[] args) {
        Example e = args.length == 0 ? null : get(args[0]);
        if (e == null) {
            System.err.println(args.length == 0 ? "pmix4j example: name an example; there are:"
                    : "pmix4j example: no example called '" + args[0] + "'; there are:");
            all().values().forEach(x -> System.err.printf("  %-6s %s%n", x.name(), x.description()));
            System.exit(2);
        }
        int status = 0;
        try {
            e.main().accept(java.util.Arrays.copyOfRange(args, 1, args.length));
        } catch (RuntimeException ex) {
            boolean usage = ex instanceof IllegalArgumentException;
            String msg = usage || ex instanceof org.pmix4j.api.PmixException || ex instanceof java.io.UncheckedIOException
                    ? ex.getMessage() : ex.toString();
            System.err.println("pmix4j example: " + msg);
            if (System.getenv("PMIX4J_DEBUG") != null) {
                ex.printStackTrace();
            }
            status = usage ? 2 : 1;
        }
        System.out.flush();
        System.exit(status);
    }

    /** The example called {@code name}, or null. */
    public static Example get(String name) {
        return ALL.get(name);
    }
}
