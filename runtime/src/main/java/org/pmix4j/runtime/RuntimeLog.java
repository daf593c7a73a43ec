package org.pmix4j.runtime;

import java.io.IOException;
import java.io.OutputStream;
import java.util.function.Consumer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Info;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;
import org.pmix4j.api.Value;

/**
 * PMIx_Log on behalf of the runtime: PMIX_LOG_STDOUT and PMIX_LOG_STDERR are written to the launcher's
 * stdout and stderr, PMIX_LOG_SYSLOG (and its local/global forms) to the system log through logger(1),
 * since the JDK cannot talk to /dev/log. A channel we do not serve (email, global datastore …) fails with
 * PMIX_ERR_NOT_SUPPORTED naming it, unless PMIX_LOG_ONCE is satisfied by another channel first.
 */
final class RuntimeLog {
    private final Consumer<String> err;
    private final OutputStream out;

    /** @param err writes a whole message to the launcher's stderr; @param out the launcher's stdout */
    RuntimeLog(Consumer<String> err, OutputStream out) {
        this.err = err;
        this.out = out;
    }

    void write(Proc requester, List<Info> data, List<Info> directives) {
        boolean once = Attributes.LOG_ONCE.find(directives).orElse(false);
        List<String> unsupported = new ArrayList<>();
        int done = 0;
        for (Info i : data) {
            if (once && done > 0) {
                break;
            }
            String text = text(i.value());
            String key = i.key();
            if (key.equals(Attributes.LOG_STDERR.key())) {
                err.accept(text.endsWith("\n") ? text.substring(0, text.length() - 1) : text);
                done++;
            } else if (key.equals(Attributes.LOG_STDOUT.key())) {
                synchronized (out) {
                    try {
                        out.write(line(text).getBytes(StandardCharsets.UTF_8));
                        out.flush();
                    } catch (IOException e) {
                        throw new PmixException(PmixStatus.PMIX_ERROR, "cannot write to stdout: " + e.getMessage());
                    }
                }
                done++;
            } else if (key.equals(Attributes.LOG_SYSLOG.key()) || key.equals(Attributes.LOG_LOCAL_SYSLOG.key())
                    || key.equals(Attributes.LOG_GLOBAL_SYSLOG.key())) {
                syslog(requester, text, directives);
                done++;
            } else if (key.startsWith("pmix.log.")) {
                unsupported.add(key);
            }
        }
        if (done == 0 && !unsupported.isEmpty()) {
            throw new PmixException(PmixStatus.PMIX_ERR_NOT_SUPPORTED, "pmix4j run cannot log to " + unsupported);
        }
    }

    private static String line(String text) {
        return text.endsWith("\n") ? text : text + "\n";
    }

    private static String text(Value v) {
        if (v instanceof Value.Str s) { // not a pattern switch: bootstrapped at its first run, a class generated
            return s.value() == null ? "" : s.value();
        }
        return org.pmix4j.wire.text.ValueText.formatPayload(v);
    }

    private static void syslog(Proc requester, String text, List<Info> directives) {
        String priority = "user." + Attributes.LOG_SYSLOG_PRI.find(directives).map(RuntimeLog::level).orElse("info");
        try {
            Process p = new ProcessBuilder("logger", "-t", "pmix4j[" + requester + "]", "-p", priority, "--", text)
                    .redirectErrorStream(true).start();
            if (!p.waitFor(5, TimeUnit.SECONDS) || p.exitValue() != 0) {
                throw new PmixException(PmixStatus.PMIX_ERROR, "logger(1) failed to write to the system log");
            }
        } catch (IOException e) {
            throw new PmixException(PmixStatus.PMIX_ERR_NOT_SUPPORTED, "no system log: logger(1) cannot run: "
                    + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new PmixException(PmixStatus.PMIX_ERROR, "interrupted while logging");
        }
    }

    /** syslog(3) priorities 0..7 as logger(1) levels. */
    private static String level(int pri) {
        String[] names = {"emerg", "alert", "crit", "err", "warning", "notice", "info", "debug"};
        return pri >= 0 && pri < names.length ? names[pri] : "info";
    }
}
