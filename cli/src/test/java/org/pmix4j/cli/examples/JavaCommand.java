package org.pmix4j.cli.examples;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.pmix4j.cli.Main;

/** Command lines that start a JVM on this test's class path: {@code pmix4j example ...} or a test program. */
final class JavaCommand {
    private JavaCommand() {
    }

    static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /** {@code pmix4j example <args>}, as bin/pmix4j would run it, but from the class path. */
    static List<String> example(String... args) {
        return main(Main.class, prepend("example", args));
    }

    static List<String> main(Class<?> main, String... args) {
        List<String> cmd = new ArrayList<>(List.of(java(), "-cp", System.getProperty("java.class.path"),
                main.getName()));
        cmd.addAll(List.of(args));
        return cmd;
    }

    private static String[] prepend(String first, String[] rest) {
        String[] out = new String[rest.length + 1];
        out[0] = first;
        System.arraycopy(rest, 0, out, 1, rest.length);
        return out;
    }
}
