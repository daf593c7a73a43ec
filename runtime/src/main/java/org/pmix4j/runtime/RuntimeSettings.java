package org.pmix4j.runtime;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Info;

/**
 * What makes a runtime the one-shot launcher ({@code pmix4j run}) or the persistent DVM ({@code pmix4j dvm}):
 * the name its messages carry, whether it outlives its jobs, where its session directory is, and what its
 * server is besides a server for its jobs' processes (a tool server always; the node's system server and
 * system controller when asked).
 *
 * @param name         the runtime's name in its messages ("pmix4j run", "pmix4j dvm")
 * @param persistent   runs until it is told to terminate, not until its jobs end
 * @param sessionDir   the server's session directory ({@code <tmp>/pmix4j.<host>.<uid>/<kind>.<pid>}), removed at the end
 * @param systemServer also the node's system server and system controller ({@code pmix.sys.<host>})
 * @param reportUri    PMIX_TCP_REPORT_URI: "-", "+" or a file; or null
 */
record RuntimeSettings(String name, boolean persistent, Path sessionDir, boolean systemServer, String reportUri) {

    /** The settings of {@code pmix4j run}. */
    static RuntimeSettings launcher(Map<String, String> env, String hostname) {
        return new RuntimeSettings("pmix4j run", false, sessionDir(RuntimeDirectories.tmp(env, null), hostname, "run"), false, null);
    }

    /** The settings of {@code pmix4j daemon}, the runtime's daemon on another node. */
    static RuntimeSettings daemon(Map<String, String> env, String hostname) {
        return new RuntimeSettings("pmix4j daemon", false, sessionDir(RuntimeDirectories.tmp(env, null), hostname, "daemon"),
                false, null);
    }

    /** The settings of {@code pmix4j dvm}; {@code tmpdir} (--tmpdir) replaces TMPDIR when given. */
    static RuntimeSettings dvm(Map<String, String> env, String hostname, String tmpdir, boolean systemServer,
            String reportUri) {
        return new RuntimeSettings("pmix4j dvm", true, sessionDir(RuntimeDirectories.tmp(env, tmpdir), hostname, "dvm"), systemServer,
                reportUri);
    }

    /** The server's own attributes beyond its name (PMIx_server_init's info). */
    List<Info> serverInfo() {
        List<Info> info = new ArrayList<>(List.of(
                Attributes.SERVER_TOOL_SUPPORT.info(true),
                Attributes.SERVER_TMPDIR.info(sessionDir.toString())));
        if (persistent) {
            // the system tmpdir of a DVM is where its --tmpdir points, so that its system-level files are
            // found by tools looking there (the session-directory spec's pmix.sys.<host>)
            info.add(Attributes.SYSTEM_TMPDIR.info(sessionDir.getParent().getParent().toString()));
        }
        if (systemServer) {
            info.add(Attributes.SERVER_SYSTEM_SUPPORT.info(true));
            info.add(Attributes.SERVER_SYS_CONTROLLER.info(true));
        }
        if (reportUri != null) {
            info.add(Attributes.TCP_REPORT_URI.info(reportUri));
        }
        return info;
    }

    private static Path sessionDir(Path tmp, String hostname, String kind) {
        return RuntimeDirectories.sessionDir(tmp, hostname, kind, ProcessHandle.current().pid());
    }
}
