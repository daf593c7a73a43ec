package org.pmix4j.runtime.iof;

import java.io.IOException;
import java.util.Map;

/** Real processes for the tests: {@code /bin/sh -c script}. */
final class Sh {
    private Sh() {
    }

    static Process start(String script, Map<String, String> env) throws IOException {
        ProcessBuilder pb = new ProcessBuilder("/bin/sh", "-c", script);
        pb.environment().putAll(env);
        return pb.start();
    }

    static Process start(String script) throws IOException {
        return start(script, Map.of());
    }
}
