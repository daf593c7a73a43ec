package org.pmix4j.runtime;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.pmix4j.api.internal.Log;
import org.pmix4j.runtime.debug.Signaller;

/**
 * Sends any signal to processes. The JDK can only terminate (SIGTERM) and kill (SIGKILL) one process, so
 * other signals (SIGUSR1, SIGSTOP, SIGCONT …) and process groups go through kill(2) where java.lang.foreign
 * reaches it ({@link Signaller}), else through kill(1), the portable way that needs no native code.
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
        Optional<Signaller> direct = Signaller.available();
        Integer number = number(signal);
        if (direct.isPresent() && number != null) {
            boolean all = true;
            for (long pid : pids) {
                try {
                    direct.get().kill(pid, number);
                } catch (IOException e) {
                    // as kill(1)'s status: a process that ended meanwhile fails for it alone
                    all = false;
                }
            }
            return all;
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

    /** The number of a signal given by name ("USR1", "SIGUSR1") or number; null if this class knows it not. */
    private static Integer number(String signal) {
        if (!signal.isEmpty() && signal.chars().allMatch(Character::isDigit)) {
            return Integer.valueOf(signal);
        }
        return ForwardedSignals.numberOrNull(signal.startsWith("SIG") ? signal.substring(3) : signal);
    }
}
