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
        add("hello", "each process prints its rank and the job size (--peers: and its local peers)", Hello::main);
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

    /** The example called {@code name}, or null. */
    public static Example get(String name) {
        return ALL.get(name);
    }
}
