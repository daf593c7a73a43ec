package org.pmix4j.server.sessiondir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The names of the rendezvous files, as libpmix 4.2.2 forms them (ptl_base_listener.c,
 * pmix_ptl_base_setup_listener) and 4.2.2 tools search for them (ptl_base_connect.c); the scheduler and
 * system-controller names are those of the session-directory text (and of OpenPMIx v6, which writes
 * them).
 */
public final class RendezvousNames {
    private RendezvousNames() {
    }

    /** {@code <system tmpdir>/pmix.sys.<host>}. */
    public static Path system(Path systemTmpdir, String host) {
        return systemTmpdir.resolve("pmix.sys." + host);
    }

    /** {@code <server tmpdir>/pmix.<host>.tool}. */
    public static Path session(Path serverTmpdir, String host) {
        return serverTmpdir.resolve("pmix." + host + ".tool");
    }

    /** {@code <server tmpdir>/pmix.<host>.tool.<pid>}. */
    public static Path toolPid(Path serverTmpdir, String host, long pid) {
        return serverTmpdir.resolve("pmix." + host + ".tool." + pid);
    }

    /**
     * {@code <server tmpdir>/pmix.<host>.tool.<nspace>}. The namespace is used as it is, as libpmix does
     * and as a tool searching for it (PMIX_SERVER_NSPACE) expects, unless it cannot be part of a file name
     * (a '/', a NUL, or too long); then it is encoded with {@link SafeFileName}.
     */
    public static Path toolNspace(Path serverTmpdir, String host, String nspace) {
        String name = "pmix." + host + ".tool." + nspace;
        if (nspace.indexOf('/') >= 0 || nspace.indexOf('\0') >= 0
                || name.getBytes(StandardCharsets.UTF_8).length > SafeFileName.NAME_MAX) {
            name = "pmix." + host + ".tool." + SafeFileName.encode(nspace);
        }
        return serverTmpdir.resolve(name);
    }

    /** {@code <system tmpdir>/pmix.sched.<host>}. */
    public static Path scheduler(Path systemTmpdir, String host) {
        return systemTmpdir.resolve("pmix.sched." + host);
    }

    /** {@code <system tmpdir>/pmix.sysctrlr.<host>}. */
    public static Path systemController(Path systemTmpdir, String host) {
        return systemTmpdir.resolve("pmix.sysctrlr." + host);
    }

    /**
     * The files a server with these options writes, in the order they are written: first the exclusive
     * ones (system server, scheduler, system controller), so that a rival is found before anything else
     * is written, then the launcher, session, pid and nspace files. A path that would appear twice (a
     * launcher file named like another) is listed once.
     */
    public static List<RendezvousLocation> plan(SessionOptions options, ServerIdentity identity) {
        String host = identity.hostname();
        Path sys = options.systemTmpdir();
        Path srv = options.serverTmpdir();
        List<RendezvousLocation> out = new ArrayList<>();
        if (options.systemServer()) {
            out.add(new RendezvousLocation(RendezvousKind.SYSTEM, system(sys, host)));
        }
        if (options.scheduler()) {
            out.add(new RendezvousLocation(RendezvousKind.SCHEDULER, scheduler(sys, host)));
        }
        if (options.systemController()) {
            out.add(new RendezvousLocation(RendezvousKind.SYSTEM_CONTROLLER, systemController(sys, host)));
        }
        options.launcherFile().ifPresent(p -> out.add(new RendezvousLocation(RendezvousKind.LAUNCHER, p)));
        if (options.sessionServer()) {
            out.add(new RendezvousLocation(RendezvousKind.SESSION, session(srv, host)));
        }
        if (options.toolSupport()) {
            out.add(new RendezvousLocation(RendezvousKind.TOOL_PID, toolPid(srv, host, identity.pid())));
            out.add(new RendezvousLocation(RendezvousKind.TOOL_NSPACE, toolNspace(srv, host, identity.nspace())));
        }
        Set<Path> seen = new HashSet<>();
        out.removeIf(f -> !seen.add(f.path()));
        return List.copyOf(out);
    }
}
