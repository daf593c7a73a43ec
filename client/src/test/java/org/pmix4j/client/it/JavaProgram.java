package org.pmix4j.client.it;

import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The command line that starts one of the test programs in a JVM of its own, with the test classpath:
 * {@code <java.home>/bin/java -cp <classpath> <main class> <args>} — what the tests put under launchers.
 */
public final class JavaProgram {
    private JavaProgram() {
    }

    /** The classpath of the tests (surefire's, when it runs them), as absolute paths. */
    public static String classpath() {
        String cp = System.getProperty("surefire.test.class.path");
        if (cp == null || cp.isEmpty()) {
            cp = System.getProperty("java.class.path");
        }
        List<String> abs = new ArrayList<>();
        for (String p : cp.split(File.pathSeparator)) {
            if (!p.isEmpty()) {
                abs.add(Path.of(p).toAbsolutePath().toString());
            }
        }
        return String.join(File.pathSeparator, abs);
    }

    public static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    public static List<String> command(Class<?> main, String... args) {
        return command(List.of(), main, args);
    }

    public static List<String> command(List<String> jvmOptions, Class<?> main, String... args) {
        List<String> cmd = new ArrayList<>();
        cmd.add(java());
        cmd.addAll(jvmOptions);
        cmd.add("-cp");
        cmd.add(classpath());
        cmd.add(main.getName());
        cmd.addAll(List.of(args));
        return cmd;
    }
}
