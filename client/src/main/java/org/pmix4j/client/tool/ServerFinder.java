package org.pmix4j.client.tool;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileVisitOption;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;
import org.pmix4j.client.internal.ClientEnvironment;
import org.pmix4j.client.net.Handshake;
import org.pmix4j.client.net.ServerUri;

/**
 * Finds and connects to a server by the local rendezvous precedence chain of the Standard's tools chapter:
 * <ol>
 * <li>PMIX_TOOL_ATTACHMENT_FILE: the server in that file;</li>
 * <li>PMIX_SERVER_URI or PMIX_TCP_URI (both at once is an error): that URI, or {@code file:<path>};</li>
 * <li>PMIX_SERVER_PIDINFO: the server whose {@code pmix.<host>.tool.<pid>} file is in the server tmpdir tree;</li>
 * <li>PMIX_SERVER_NSPACE: likewise {@code pmix.<host>.tool.<nspace>};</li>
 * <li>PMIX_CONNECT_TO_SYSTEM: the system server, {@code <system tmpdir>/pmix.sys.<host>}; likewise
 * PMIX_CONNECT_TO_SCHEDULER ({@code pmix.sched.<host>}) and PMIX_CONNECT_TO_SYS_CONTROLLER
 * ({@code pmix.sysctrlr.<host>});</li>
 * <li>PMIX_CONNECT_SYSTEM_FIRST: the system server if there is one that accepts; otherwise, silently, on;</li>
 * <li>(as libpmix does) a tool started by a PMIx server connects to that server (PMIX_SERVER_URI41 ...);</li>
 * <li>otherwise every rendezvous file under the server tmpdir tree, newest first, until a server accepts.</li>
 * </ol>
 * Servers we are connected to already are skipped; naming one of them is an error. A named target that is
 * missing, unreadable or refuses fails with an error naming it, without trying anything else; such targets
 * are retried PMIX_CONNECT_MAX_RETRIES times, PMIX_CONNECT_RETRY_DELAY apart, or, with
 * PMIX_WAIT_FOR_CONNECTION, until it works or PMIX_TIMEOUT passes. The final search is never retried.
 */
final class ServerFinder {
    /** A server to try: its URI, its version when a file said it, and where we found it. */
    record Candidate(ServerUri uri, String version, String source) {
    }

    /** Connects to one candidate; throws PmixException when it does not accept. */
    interface Dialer {
        Handshake.Result dial(Candidate c);
    }

    private static final int MAX_DEPTH = 8;

    private final ToolDirectives d;
    private final Set<Proc> connected;
    private final Dialer dialer;
    private final Map<String, String> env;

    ServerFinder(ToolDirectives d, Set<Proc> connected, Dialer dialer, Map<String, String> env) {
        this.d = d;
        this.connected = connected;
        this.dialer = dialer;
        this.env = env;
    }

    /** Connects by the first rule of the chain that applies. */
    Handshake.Result connect() {
        if (d.attachmentFile() != null) {
            Path f = Path.of(d.attachmentFile());
            return named("attachment file " + f, () -> List.of(fromFile(f)));
        }
        String uri = d.serverUri() != null ? d.serverUri() : d.tcpUri();
        if (uri != null) {
            String what = (d.serverUri() != null ? "PMIX_SERVER_URI " : "PMIX_TCP_URI ") + uri;
            if (uri.startsWith("file:")) {
                Path f = Path.of(uri.substring(5));
                return named(what, () -> List.of(fromFile(f)));
            }
            return named(what, () -> List.of(new Candidate(ServerUri.parse(uri, what), "", "URI")));
        }
        if (d.serverPid() != null) {
            String name = "pmix." + d.hostname() + ".tool." + d.serverPid();
            return named("the server with pid " + d.serverPid() + " (" + name + " under " + dirs() + ")",
                    () -> search(name::equals, name));
        }
        if (d.serverNspace() != null) {
            String name = "pmix." + d.hostname() + ".tool." + d.serverNspace();
            return named("the server of namespace " + d.serverNspace() + " (" + name + " under " + dirs() + ")",
                    () -> search(name::equals, name));
        }
        if (d.connectToSystem()) {
            Path file = d.systemTmpdir().resolve(d.systemRole().fileName(d.hostname()));
            return named(d.systemRole().description() + " (" + file + ")", () -> List.of(fromFile(file)));
        }
        Path system = d.systemTmpdir().resolve(SystemRole.SYSTEM.fileName(d.hostname()));
        if (d.systemFirst()) {
            try {
                return attempt(List.of(fromFile(system)), "the system server");
            } catch (PmixException | IOException e) {
                // PMIX_CONNECT_SYSTEM_FIRST falls through without a word
            }
        }
        ClientEnvironment ce = new ClientEnvironment(env);
        if (ce.hasServerUri()) {
            ServerUri parent = ce.serverUri();
            return named("the server that started this tool (" + parent + ")",
                    () -> List.of(new Candidate(parent, ce.serverVersion(), "environment")));
        }
        return searchAll();
    }

    private String dirs() {
        return d.serverTmpdir().equals(d.systemTmpdir()) ? d.serverTmpdir().toString()
                : d.serverTmpdir() + " or " + d.systemTmpdir();
    }

    /** A source of candidates that may fail (file missing ...). */
    private interface Source {
        List<Candidate> get() throws IOException;
    }

    /** A target the caller named: its failure is the answer, retried as the directives allow. */
    private Handshake.Result named(String what, Source source) {
        long deadline = d.timeoutMillis() > 0 ? System.currentTimeMillis() + d.timeoutMillis() : Long.MAX_VALUE;
        int attempts = 0;
        while (true) {
            attempts++;
            PmixException failure;
            try {
                return attempt(source.get(), what);
            } catch (NoSuchFileException e) {
                failure = new PmixException(PmixStatus.PMIX_ERR_NOT_FOUND, what + ": " + e.getFile() + " does not exist");
            } catch (AccessDeniedException e) {
                failure = new PmixException(PmixStatus.PMIX_ERR_NO_PERMISSIONS, what + ": no permission to read "
                        + e.getFile());
            } catch (IOException e) {
                failure = new PmixException(PmixStatus.PMIX_ERR_UNREACH, what + ": " + e);
            } catch (PmixException e) {
                if (e.status() == PmixStatus.PMIX_EXISTS) {
                    throw e;
                }
                failure = new PmixException(e.status(), what + ": " + e.detail(), e);
            }
            long now = System.currentTimeMillis();
            boolean more = d.waitForConnection() ? now < deadline : attempts <= d.maxRetries();
            if (!more) {
                throw failure;
            }
            try {
                Thread.sleep(Math.max(1, Math.min(d.retryDelayMillis(), deadline - now)));
            } catch (InterruptedException ie) {
                Thread.currentThread().interrupt();
                throw failure;
            }
        }
    }

    /** Tries the candidates in order; the first that accepts wins. */
    private Handshake.Result attempt(List<Candidate> candidates, String what) {
        if (candidates.isEmpty()) {
            throw new PmixException(PmixStatus.PMIX_ERR_NOT_FOUND, "no rendezvous file found");
        }
        PmixException last = null;
        for (Candidate c : candidates) {
            if (connected.contains(c.uri().server())) {
                if (candidates.size() == 1) {
                    throw new PmixException(PmixStatus.PMIX_EXISTS, what + ": already connected to server "
                            + c.uri().server());
                }
                continue;
            }
            try {
                return dialer.dial(c);
            } catch (PmixException e) {
                last = e;
            }
        }
        if (last == null) {
            throw new PmixException(PmixStatus.PMIX_EXISTS, what + ": already connected to every server found");
        }
        throw last;
    }

    private Candidate fromFile(Path f) throws IOException {
        RendezvousFile r = RendezvousFile.read(f);
        return new Candidate(r.uri(), r.version(), f.toString());
    }

    /** The rendezvous files whose name matches, newest first, under the server (and system) tmpdir. */
    private List<Candidate> search(Predicate<String> name, String what) throws IOException {
        List<Candidate> out = new ArrayList<>();
        for (Path file : files(name)) {
            try {
                out.add(fromFile(file));
            } catch (IOException | PmixException e) {
                // unreadable or not ours: not the file we are after
            }
        }
        if (out.isEmpty()) {
            throw new NoSuchFileException(what, null, "not found under " + dirs());
        }
        return out;
    }

    /** The default: every server that left a rendezvous file, until one accepts. Never retried. */
    private Handshake.Result searchAll() {
        String toolPrefix = "pmix." + d.hostname() + ".tool";
        String sys = "pmix.sys." + d.hostname();
        Map<String, Candidate> byUri = new LinkedHashMap<>();
        try {
            for (Path file : files(n -> n.equals(sys) || n.equals(toolPrefix) || n.startsWith(toolPrefix + "."))) {
                try {
                    Candidate c = fromFile(file);
                    byUri.putIfAbsent(c.uri().text(), c);
                } catch (IOException | PmixException e) {
                    // skip what we cannot read
                }
            }
        } catch (IOException e) {
            throw new PmixException(PmixStatus.PMIX_ERR_UNREACH, "cannot search " + dirs() + " for PMIx servers: " + e);
        }
        if (byUri.isEmpty()) {
            throw new PmixException(PmixStatus.PMIX_ERR_UNREACH, "no PMIx server found: no rendezvous file ("
                    + toolPrefix + "* or " + sys + ") under " + dirs());
        }
        List<String> refused = new ArrayList<>();
        for (Candidate c : byUri.values()) {
            if (connected.contains(c.uri().server())) {
                continue;
            }
            try {
                return dialer.dial(c);
            } catch (PmixException e) {
                refused.add(c.source() + ": " + e.detail());
            }
        }
        throw new PmixException(PmixStatus.PMIX_ERR_UNREACH, refused.isEmpty()
                ? "every PMIx server found under " + dirs() + " is connected already"
                : "no PMIx server under " + dirs() + " accepted the connection: " + String.join("; ", refused));
    }

    private List<Path> files(Predicate<String> name) throws IOException {
        List<Path> roots = new ArrayList<>(List.of(d.serverTmpdir()));
        if (!d.systemTmpdir().equals(d.serverTmpdir()) && !d.serverTmpdir().startsWith(d.systemTmpdir())) {
            roots.add(d.systemTmpdir());
        }
        List<Path> found = new ArrayList<>();
        Map<Path, FileTime> times = new LinkedHashMap<>();
        for (Path root : roots) {
            if (!Files.isDirectory(root)) {
                continue;
            }
            Files.walkFileTree(root, EnumSet.noneOf(FileVisitOption.class), MAX_DEPTH, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                    if (attrs.isRegularFile() && name.test(file.getFileName().toString())) {
                        found.add(file);
                        times.put(file, attrs.lastModifiedTime());
                    }
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFileFailed(Path file, IOException exc) {
                    return FileVisitResult.CONTINUE;
                }
            });
        }
        if (found.size() > 1) {
            // newest first; usually there is one, and a comparator's lambda costs a fresh JVM ~5 ms to make
            found.sort(Comparator.comparing((Path p) -> times.get(p)).reversed());
        }
        return found;
    }
}
