package org.pmix4j.runtime.frontend;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Info;
import org.pmix4j.client.tool.PmixTool;
import org.pmix4j.runtime.LaunchException;
import org.pmix4j.runtime.RuntimeDirectories;

/**
 * How the front ends ({@code pmix4j prun}, {@code pmix4j term}, {@code pmix4j run --dvm}) find their DVM,
 * by the same rules for all: {@code --dvm-uri URI} (or {@code file:PATH}), {@code --pid PID},
 * {@code --namespace NSPACE}, {@code --system-server}, or else the only DVM of this user on this node
 * ({@code --pid} may also name a {@code pmix4j run}, whose server takes tools as well). A DVM
 * lives in {@code <tmp>/pmix4j.<host>.<uid>/dvm.<pid>} (its session directory, with its rendezvous files),
 * {@code <tmp>} being {@code --tmpdir}, else TMPDIR, else /tmp. What is found is given as the attributes that
 * make {@code PmixTool.init} connect to it; what is not found is a LaunchException saying where it looked.
 *
 * @param uri          --dvm-uri, or null
 * @param pid          --pid, or null
 * @param nspace       --namespace, or null
 * @param systemServer --system-server
 * @param tmpdir       --tmpdir, or null
 */
public record DvmLocator(String uri, Long pid, String nspace, boolean systemServer, String tmpdir) {

    /** No choice made: the only DVM running. */
    public static DvmLocator any() {
        return new DvmLocator(null, null, null, false, null);
    }

    /**
     * PRRTE's {@code --dvm} of {@code prterun}: {@code URI}, {@code file:PATH}, {@code pid:PID},
     * {@code ns:NSPACE}, {@code system}, or empty for the only one running.
     */
    public static DvmLocator parse(String spec) {
        if (spec == null || spec.isEmpty()) {
            return any();
        }
        if (spec.equals("system")) {
            return new DvmLocator(null, null, null, true, null);
        }
        if (spec.startsWith("pid:")) {
            return new DvmLocator(null, pid(spec.substring(4), "--dvm pid:"), null, false, null);
        }
        if (spec.startsWith("ns:")) {
            return new DvmLocator(null, null, spec.substring(3), false, null);
        }
        return new DvmLocator(spec, null, null, false, null);
    }

    /** A --pid value, checked. */
    public static long pid(String text, String option) {
        try {
            long p = Long.parseLong(text.trim());
            if (p > 0) {
                return p;
            }
        } catch (NumberFormatException e) {
            // falls through to the message
        }
        throw new IllegalArgumentException(option + text + ": not a process id");
    }

    /** The attributes for PmixTool.init that connect to the DVM, after checking that it is there. */
    public List<Info> connectInfo(Map<String, String> env, String hostname) {
        Path root = userDir(env, hostname);
        List<Info> info = new ArrayList<>();
        if (uri != null) {
            info.add(Attributes.SERVER_URI.info(uri));
        } else if (systemServer) {
            info.add(Attributes.CONNECT_TO_SYSTEM.info(true));
            info.add(Attributes.SYSTEM_TMPDIR.info(tmp(env).toString()));
        } else if (nspace != null) {
            info.add(Attributes.SERVER_NSPACE.info(nspace));
            info.add(Attributes.SERVER_TMPDIR.info(root.toString()));
        } else {
            long p = pid != null ? pid : onlyOne(root);
            Path dir = root.resolve("dvm." + p);
            if (pid != null && !Files.isDirectory(dir)) {
                // a pmix4j run serves tools too (its job's debugger, pmix4j ps, pmix4j debug release)
                Path run = root.resolve("run." + p);
                if (!Files.isDirectory(run)) {
                    throw new LaunchException("no DVM or pmix4j run with pid " + p + " (looked for " + dir + " and "
                            + run + ")", 1);
                }
                dir = run;
            }
            info.add(Attributes.SERVER_PIDINFO.info((int) p));
            info.add(Attributes.SERVER_TMPDIR.info(dir.toString()));
        }
        return info;
    }

    /**
     * As {@link #connect}, for the commands that only read (ps, top): {@code --pid} may also name any PMIx
     * server that takes tools, such as Open MPI's mpirun or PRRTE's prte, found by the {@code
     * pmix.<host>.tool.<pid>} rendezvous file its library wrote, as libpmix's own tools find it.
     */
    public PmixTool connectAnyServer(Map<String, String> env, String what) {
        String host = org.pmix4j.server.ServerConfig.localHostname();
        Path root = userDir(env, host);
        if (pid == null || Files.isDirectory(root.resolve("dvm." + pid)) || Files.isDirectory(root.resolve("run." + pid))) {
            return connect(env, what);
        }
        try {
            return PmixTool.init(List.of(Attributes.SERVER_PIDINFO.info((int) (long) pid)));
        } catch (org.pmix4j.api.PmixException e) {
            throw new LaunchException("no DVM or pmix4j run with pid " + pid + " (looked for " + root.resolve("dvm." + pid)
                    + " and " + root.resolve("run." + pid) + "), and no other PMIx server with that pid takes tools: "
                    + e.getMessage(), 1);
        }
    }

    /**
     * Connects a tool to the runtime this names, with {@code extra} connection attributes (e.g. PMIX_LAUNCHER).
     *
     * @param what the runtime as the front end's messages name it ("the DVM")
     * @throws LaunchException "cannot reach &lt;what&gt;: &lt;why&gt;"
     */
    public PmixTool connect(Map<String, String> env, String what, Info... extra) {
        List<Info> info = new ArrayList<>(connectInfo(env, org.pmix4j.server.ServerConfig.localHostname()));
        info.addAll(List.of(extra));
        try {
            return PmixTool.init(info);
        } catch (org.pmix4j.api.PmixException e) {
            throw new LaunchException("cannot reach " + what + ": " + e.getMessage(), 1);
        }
    }

    /** The pid of the only live DVM under {@code root}; none or several is an error naming what was seen. */
    private static long onlyOne(Path root) {
        List<Long> live = running(root);
        if (live.isEmpty()) {
            throw new LaunchException("no DVM is running (looked for " + root.resolve("dvm.<pid>")
                    + "); start one with 'pmix4j dvm --daemonize'", 1);
        }
        if (live.size() > 1) {
            throw new LaunchException("several DVMs are running (pids " + live + "); choose one with --pid", 1);
        }
        return live.get(0);
    }

    /** The pids of the live DVMs of this user on this node (their session directories under {@code root}). */
    private static List<Long> running(Path root) {
        List<Long> out = new ArrayList<>();
        if (!Files.isDirectory(root)) {
            return out;
        }
        try (Stream<Path> dirs = Files.list(root)) {
            for (Path d : (Iterable<Path>) dirs::iterator) {
                String n = d.getFileName().toString();
                if (n.startsWith("dvm.")) {
                    try {
                        long p = Long.parseLong(n.substring(4));
                        if (ProcessHandle.of(p).map(ProcessHandle::isAlive).orElse(false)) {
                            out.add(p);
                        }
                    } catch (NumberFormatException e) {
                        // not one of ours
                    }
                }
            }
        } catch (IOException e) {
            throw new LaunchException("cannot list " + root + ": " + e.getMessage(), 1);
        }
        out.sort(null);
        return out;
    }

    /** {@code <tmp>/pmix4j.<host>.<uid>}: where this user's runtimes keep their session directories. */
    public Path userDir(Map<String, String> env, String hostname) {
        return RuntimeDirectories.userDir(tmp(env), hostname);
    }

    private Path tmp(Map<String, String> env) {
        return RuntimeDirectories.tmp(env, tmpdir);
    }
}
