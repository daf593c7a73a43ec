package org.pmix4j.runtime;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.pmix4j.api.internal.Log;

/**
 * Sends any signal to processes. The JDK can only terminate (SIGTERM) and kill (SIGKILL), so other signals
 * (SIGUSR1, SIGSTOP, SIGCONT …) go through kill(1), the portable way that needs no native code.
 */
final class Kill {
    private static final Log LOG = Log.of(Kill.class);

    private Kill() {
    }

    /** Sends {@code signal} (a name such as "USR1", or a number) to each pid; returns whether kill(1) succeeded. */
    static boolean send(String signal, List<Long> pids) {
        if (pids.isEmpty()) {
            return true;
        }
        List<String> cmd = new ArrayList<>(List.of("kill", "-s", signal.startsWith("SIG") ? signal.substring(3) : signal));
        // "--": a negative pid names a process group, not an option
        cmd.add("--");
        pids.forEach(p -> cmd.add(Long.toString(p)));
        try {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            if (!p.waitFor(5, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return false;
            }
            // a process that ended meanwhile makes kill(1) fail for it alone: that is no error of ours
            return p.exitValue() == 0;
        } catch (IOException e) {
            LOG.warn("cannot run kill(1) to send SIG{}: {}", signal, e.getMessage());
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
