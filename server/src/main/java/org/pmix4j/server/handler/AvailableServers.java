package org.pmix4j.server.handler;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitOption;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.DataArray;
import org.pmix4j.api.DataType;
import org.pmix4j.api.Info;
import org.pmix4j.api.Proc;
import org.pmix4j.api.Value;
import org.pmix4j.api.internal.Log;
import org.pmix4j.wire.protocol.RendezvousContent;

/**
 * PMIX_QUERY_AVAIL_SERVERS: the servers on this node a tool could connect to, found as a 4.2.2 tool finds
 * them, by their rendezvous files (names starting with {@code pmix.}, the layout of the session-directory
 * text and of {@code wire.protocol.RendezvousContent}) under the server's system and server tmpdirs.
 *
 * <p>Only live servers are reported: a file whose pid is not a running process, or that names none, was
 * left by a server that is gone. Each server is reported once, however many files it wrote. The answer,
 * as the Standard declares it, is a data array of infos, each a PMIX_SERVER_INFO_ARRAY holding what is
 * known of one server: PMIX_SERVER_NSPACE, PMIX_SERVER_RANK, PMIX_SERVER_URI, PMIX_VERSION_INFO,
 * PMIX_SERVER_PIDINFO, PMIX_USERID, PMIX_GRPID, PMIX_SERVER_START_TIME, and PMIX_SERVER_SYSTEM_SUPPORT,
 * PMIX_SERVER_SESSION_SUPPORT, PMIX_SERVER_SCHEDULER or PMIX_SERVER_SYS_CONTROLLER when it holds that role's
 * file.
 *
 * <p>libpmix's client library (tools and clients alike) answers this query itself, from its own system
 * tmpdir, and never sends it; 4.2.2 puts the PMIX_SERVER_INFO_ARRAY entries directly in the results, does
 * not check that the servers are alive and reports no URI. This server's answer is for peers that ask the
 * server (the Java tool library).
 *
 * <p>The search goes {@value #MAX_DEPTH} directory levels down (libpmix has no limit; ours stops a tmpdir
 * full of unrelated trees from stalling the answer), does not follow links, and skips what this user may
 * not read (other users' files are owner-only anyway). It reads the file system, so it runs off the
 * server's loop.
 */
public final class AvailableServers {
    private static final Log LOG = Log.of(AvailableServers.class);
    static final int MAX_DEPTH = 4;
    private static final int MAX_FILE_BYTES = 8192;

    private final List<Path> roots;

    /** @param roots where to search: the system tmpdir and the server tmpdir (one of them may hold the other) */
    public AvailableServers(List<Path> roots) {
        this.roots = List.copyOf(new LinkedHashSet<>(roots));
    }

    /** The answer, found on a thread of its own. */
    CompletableFuture<DataArray> findAsync() {
        CompletableFuture<DataArray> f = new CompletableFuture<>();
        Thread.ofVirtual().name("pmix4j-avail-servers").start(() -> f.complete(find()));
        return f;
    }

    /** The answer: one PMIX_SERVER_INFO_ARRAY per live server. */
    public DataArray find() {
        Map<Proc, Found> servers = new LinkedHashMap<>();
        for (Path root : roots) {
            for (Path file : rendezvousFiles(root)) {
                read(file, servers);
            }
        }
        List<Value> out = new ArrayList<>();
        for (Found s : servers.values()) {
            out.add(Attributes.SERVER_INFO_ARRAY.info(new DataArray(DataType.INFO, s.infos())));
        }
        return new DataArray(DataType.INFO, out);
    }

    private static void read(Path file, Map<Proc, Found> servers) {
        RendezvousContent c;
        try {
            c = RendezvousContent.parseLenient(new String(head(file), StandardCharsets.UTF_8));
        } catch (IOException e) {
            LOG.debug("skipping {}: {}", file, e.toString());
            return;
        }
        if (!c.hasPid() || !ProcessHandle.of(c.pid()).map(ProcessHandle::isAlive).orElse(false)) {
            LOG.debug("skipping {}: process {} is not running", file, c.pid());
            return;
        }
        Proc id = new Proc(c.serverNspace(), c.serverRank());
        servers.computeIfAbsent(id, k -> new Found(c, EnumSet.noneOf(Role.class))).roles().add(Role.of(file));
    }

    /** The start of a file: a rendezvous file is a few lines, and a large file named pmix.* is not one. */
    private static byte[] head(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            return in.readNBytes(MAX_FILE_BYTES);
        }
    }

    /** The files named {@code pmix.*} under {@code root}, in name order, at most {@value #MAX_DEPTH} levels down. */
    private static List<Path> rendezvousFiles(Path root) {
        List<Path> found = new ArrayList<>();
        if (!Files.isDirectory(root)) {
            return found;
        }
        try {
            Files.walkFileTree(root, EnumSet.noneOf(FileVisitOption.class), MAX_DEPTH, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                    if (attrs.isRegularFile() && file.getFileName().toString().startsWith("pmix.")
                            && Files.isReadable(file)) {
                        found.add(file);
                    }
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFileFailed(Path file, IOException e) {
                    return FileVisitResult.CONTINUE; // another user's directory, or gone meanwhile
                }
            });
        } catch (IOException e) {
            LOG.debug("cannot search {}: {}", root, e.toString());
        }
        found.sort(null);
        return found;
    }

    /** The role a rendezvous file's name announces (the names of sessiondir.RendezvousNames). */
    private enum Role {
        SYSTEM, SCHEDULER, SYSTEM_CONTROLLER, SESSION, OTHER;

        static Role of(Path file) {
            String name = file.getFileName().toString();
            if (name.startsWith("pmix.sys.")) {
                return SYSTEM;
            }
            if (name.startsWith("pmix.sched.")) {
                return SCHEDULER;
            }
            if (name.startsWith("pmix.sysctrlr.")) {
                return SYSTEM_CONTROLLER;
            }
            return name.endsWith(".tool") ? SESSION : OTHER;
        }
    }

    /** One server: the content of the first of its files read, and the roles of all of them. */
    private record Found(RendezvousContent content, Set<Role> roles) {
        List<Value> infos() {
            RendezvousContent c = content;
            List<Info> i = new ArrayList<>();
            i.add(Attributes.SERVER_NSPACE.info(c.serverNspace()));
            i.add(Attributes.SERVER_RANK.info(c.serverRank()));
            i.add(Attributes.SERVER_URI.info(c.uri()));
            if (!c.version().isEmpty()) {
                i.add(Attributes.VERSION_INFO.info(c.version()));
            }
            i.add(Attributes.SERVER_PIDINFO.info((int) c.pid()));
            if (c.uid() >= 0 && c.gid() >= 0) {
                i.add(Attributes.USERID.info((int) c.uid()));
                i.add(Attributes.GRPID.info((int) c.gid()));
            }
            if (!c.time().isEmpty()) {
                i.add(Attributes.SERVER_START_TIME.info(c.time()));
            }
            if (roles.contains(Role.SYSTEM)) {
                i.add(Attributes.SERVER_SYSTEM_SUPPORT.info(true));
            }
            if (roles.contains(Role.SESSION)) {
                i.add(Attributes.SERVER_SESSION_SUPPORT.info(true));
            }
            if (roles.contains(Role.SCHEDULER)) {
                i.add(Attributes.SERVER_SCHEDULER.info(true));
            }
            if (roles.contains(Role.SYSTEM_CONTROLLER)) {
                i.add(Attributes.SERVER_SYS_CONTROLLER.info(true));
            }
            return List.copyOf(i);
        }
    }
}
