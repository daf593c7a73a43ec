package org.pmix4j.server.sessiondir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;
import org.pmix4j.api.Info;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Rank;
import org.pmix4j.api.internal.Log;
import org.pmix4j.server.foreign.Ctime;
import org.pmix4j.wire.protocol.RendezvousContent;

/**
 * The session directories and rendezvous files of one server, from {@code PMIx_server_init} to
 * {@code PMIx_server_finalize}.
 *
 * <p>Typical use by the server core:
 *
 * <pre>{@code
 * SessionDirectories sd = SessionDirectories.create(identity, initInfos, System.getenv());
 * // ... once the listener has its address:
 * sd.writeRendezvousFiles("myns.0;tcp4://127.0.0.1:40123", "4.2.2");   // may throw PMIX_ERR_EXISTS
 * // at PMIx_server_register_nspace / register_client, when the host gave no PMIX_NSDIR / PMIX_PROCDIR:
 * Path ns = sd.namespaceDir("job1");
 * Path p0 = sd.procDir("job1", 0);
 * // at PMIx_server_deregister_nspace:
 * sd.releaseNamespace("job1");
 * // at PMIx_server_finalize:
 * sd.close();
 * }</pre>
 *
 * <p>Creating the object touches nothing on disk; directories appear when first needed. Everything this
 * object created is removed by {@link #close}: its rendezvous files always (only while they still hold
 * what we wrote), its directories unless PMIX_TDIR_RMCLEAN said the host cleans them. A directory that
 * existed before is never removed.
 *
 * <p>Layout: the namespace directory (PMIX_NSDIR) is {@code <server tmpdir>/<nspace>}, the process
 * directory (PMIX_PROCDIR) {@code <nsdir>/<rank>}, as the session-directory text describes; namespaces
 * that are not plain file names are encoded with {@link SafeFileName}. Directories are created 0700 and
 * files 0600.
 *
 * <p>Not thread-safe; call it from the server's event loop.
 */
public final class SessionDirectories implements AutoCloseable {
    private static final Log LOG = Log.of(SessionDirectories.class);

    private final ServerIdentity identity;
    private final SessionOptions options;
    private final DirectoryTracker dirs;
    private final RendezvousWriter writer;
    private final List<Written> written = new ArrayList<>();
    private String startTime;
    private boolean rendezvousDone;
    private boolean closed;

    private record Written(RendezvousLocation file, byte[] content) {
    }

    private SessionDirectories(ServerIdentity identity, SessionOptions options) {
        this.identity = Objects.requireNonNull(identity, "identity");
        this.options = Objects.requireNonNull(options, "options");
        this.dirs = new DirectoryTracker(options.hostCleansDirs());
        // what is made on the way to our tmpdirs may hold other servers' too (every pmix4j runtime of a user
        // keeps its session directory in <tmp>/pmix4j.<host>.<uid>): it goes at the end only when empty
        dirs.shareAncestorsOf(options.serverTmpdir());
        dirs.shareAncestorsOf(options.systemTmpdir());
        this.writer = new RendezvousWriter(dirs);
    }

    /**
     * The session directories of a server started with these {@code PMIx_server_init} attributes in this
     * environment ({@link SessionOptions#from}).
     *
     * @param identity       the server's name, host name and process ids
     * @param initAttributes the attributes given to {@code PMIx_server_init}
     * @param env            the process environment ({@code System.getenv()}; tests pass their own)
     */
    public static SessionDirectories create(ServerIdentity identity, List<Info> initAttributes,
            Map<String, String> env) {
        return new SessionDirectories(identity, SessionOptions.from(initAttributes, env));
    }

    /** Like {@link #create(ServerIdentity, List, Map)}, with the options already read. */
    public static SessionDirectories create(ServerIdentity identity, SessionOptions options) {
        return new SessionDirectories(identity, options);
    }

    public ServerIdentity identity() {
        return identity;
    }

    public SessionOptions options() {
        return options;
    }

    /** The system tmpdir (absolute): PMIX_SYSTEM_TMPDIR as the server reports it. */
    public Path systemTmpdir() {
        return options.systemTmpdir();
    }

    /** The server tmpdir (absolute): PMIX_SERVER_TMPDIR as the server reports it (and PMIX_TMPDIR's default). */
    public Path serverTmpdir() {
        return options.serverTmpdir();
    }

    /** The rendezvous files {@link #writeRendezvousFiles} writes for these options, in writing order. */
    public List<RendezvousLocation> plannedRendezvousFiles() {
        return RendezvousNames.plan(options, identity);
    }

    /**
     * Writes every rendezvous file the options ask for ({@link #plannedRendezvousFiles}), each with the
     * five-line content of libpmix 4.2.2 ({@link RendezvousContent}). Call once, when the listener's URI is
     * known. If any file fails, the ones already written by this call are removed before the exception
     * propagates (directories stay recorded for {@link #close}).
     *
     * @param uri     the server URI, {@code <nspace>.<rank>;tcp4://<ip>:<port>}
     * @param version the library version for line 2 (what the server reports as its PMIX_VERSION)
     * @return the files written, in writing order
     * @throws PmixException PMIX_ERR_EXISTS when a live process holds the system-server, scheduler or
     *                       system-controller file (the message names the file and that pid);
     *                       PMIX_ERR_FILE_OPEN_FAILURE / PMIX_ERR_FILE_WRITE_FAILURE when a file or
     *                       directory cannot be made; PMIX_ERR_BAD_PARAM for a malformed URI
     * @throws IllegalStateException when called twice or after {@link #close}
     */
    public List<RendezvousLocation> writeRendezvousFiles(String uri, String version) {
        checkOpen();
        if (rendezvousDone) {
            throw new IllegalStateException("the rendezvous files were already written");
        }
        rendezvousDone = true;
        RendezvousContent content;
        try {
            content = new RendezvousContent(uri, version, identity.pid(), identity.uid(), identity.gid(), Ctime.now());
        } catch (IllegalArgumentException e) {
            throw new PmixException(PmixStatus.PMIX_ERR_BAD_PARAM, e.getMessage(), e);
        }
        startTime = content.time();
        byte[] bytes = content.toBytes();
        int before = written.size();
        try {
            for (RendezvousLocation f : plannedRendezvousFiles()) {
                if (f.kind().exclusive()) {
                    writer.claim(f, bytes);
                } else {
                    writer.publish(f, bytes);
                }
                written.add(new Written(f, bytes));
                LOG.debug("wrote {} {}", f.kind().description(), f.path());
            }
        } catch (RuntimeException e) {
            while (written.size() > before) {
                remove(written.remove(written.size() - 1));
            }
            throw e;
        }
        return rendezvousFiles();
    }

    /** The rendezvous files written and not yet removed. */
    public List<RendezvousLocation> rendezvousFiles() {
        return written.stream().map(Written::file).toList();
    }

    /**
     * The ctime text on line 5 of the rendezvous files (PMIX_SERVER_START_TIME); empty before
     * {@link #writeRendezvousFiles}.
     */
    public Optional<String> startTime() {
        return Optional.ofNullable(startTime);
    }

    /** The PMIX_NSDIR path of {@code nspace}, without creating it. */
    public Path namespaceDirPath(String nspace) {
        Objects.requireNonNull(nspace, "nspace");
        if (nspace.isEmpty()) {
            throw new PmixException(PmixStatus.PMIX_ERR_BAD_PARAM, "empty namespace");
        }
        return serverTmpdir().resolve(SafeFileName.encode(nspace));
    }

    /** The PMIX_PROCDIR path of a process, without creating it; the rank must be an ordinary one. */
    public Path procDirPath(String nspace, int rank) {
        if (!Rank.isValid(rank)) {
            throw new PmixException(PmixStatus.PMIX_ERR_BAD_PARAM, "rank " + Rank.label(rank)
                    + " has no process directory");
        }
        return namespaceDirPath(nspace).resolve(Integer.toUnsignedString(rank));
    }

    /**
     * The PMIX_NSDIR of {@code nspace}, created (with the server tmpdir, if missing) when it does not exist.
     *
     * @throws PmixException PMIX_ERR_NO_PERMISSIONS when the directory exists but is a symbolic link or
     *                       belongs to another user; PMIX_ERR_FILE_OPEN_FAILURE when it cannot be made
     */
    public Path namespaceDir(String nspace) {
        checkOpen();
        return ensureOwn(namespaceDirPath(nspace));
    }

    /**
     * A directory of the server's own named {@code name} in its tmpdir (the shared-memory store's), created
     * (with the server tmpdir, if missing) when it does not exist and removed with the rest at {@link #close}.
     *
     * @throws PmixException as {@link #namespaceDir}
     */
    public Path serverDirectory(String name) {
        checkOpen();
        return ensureOwn(serverTmpdir().resolve(name));
    }

    /**
     * The PMIX_PROCDIR of a process, created (with its namespace directory) when it does not exist.
     *
     * @throws PmixException as {@link #namespaceDir}; PMIX_ERR_BAD_PARAM for a special rank
     */
    public Path procDir(String nspace, int rank) {
        checkOpen();
        Path p = procDirPath(nspace, rank);
        namespaceDir(nspace);
        return ensureOwn(p);
    }

    /**
     * Removes the directories this object created for {@code nspace} (its namespace directory and the
     * process directories under it, with their contents), unless the host cleans (PMIX_TDIR_RMCLEAN).
     * Called at deregistration of the namespace; unknown namespaces are ignored.
     */
    public void releaseNamespace(String nspace) {
        checkOpen();
        dirs.removeAt(namespaceDirPath(nspace));
    }

    /** The directories this object created and has not removed, in creation order. */
    public List<Path> createdDirectories() {
        return dirs.createdDirectories();
    }

    /**
     * Removes the rendezvous files (always, but only while they still hold what we wrote), then every
     * directory this object created, deepest first (not with PMIX_TDIR_RMCLEAN). Idempotent; never throws
     * for a file-system problem (those are logged).
     */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        for (int i = written.size() - 1; i >= 0; i--) {
            remove(written.get(i));
        }
        written.clear();
        dirs.removeAll();
    }

    /** Test hook, see {@link RendezvousWriter#beforePublish}. */
    void beforePublish(Consumer<Path> hook) {
        writer.beforePublish = hook;
    }

    /** Test hook, see {@link RendezvousWriter#warnings}. */
    void warnings(Consumer<String> sink) {
        writer.warnings = sink;
    }

    private static void remove(Written w) {
        Path p = w.file().path();
        try {
            byte[] now = RendezvousReader.readBytes(p);
            if (!Arrays.equals(now, w.content())) {
                LOG.warn("{} {} was replaced by another process: left in place", w.file().kind().description(), p);
                return;
            }
            Files.delete(p);
        } catch (NoSuchFileException e) {
            LOG.debug("{} was already gone", p);
        } catch (IOException e) {
            LOG.warn("cannot remove {}: {}", p, e.toString());
        }
    }

    /**
     * Creates {@code dir} if missing; one that was already there (or appeared meanwhile) must be a real
     * directory of this user. Checked after the fact, so a link planted in between is caught too.
     */
    private Path ensureOwn(Path dir) {
        Path d = dirs.ensure(dir);
        if (!dirs.created(d)) {
            requireOwn(d);
        }
        return d;
    }

    private void requireOwn(Path dir) {
        if (Files.isSymbolicLink(dir)) {
            throw new PmixException(PmixStatus.PMIX_ERR_NO_PERMISSIONS, dir + " is a symbolic link, not a directory"
                    + " of ours");
        }
        if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
            throw new PmixException(PmixStatus.PMIX_ERR_FILE_OPEN_FAILURE, dir + " exists and is not a directory");
        }
        if (dir.getFileSystem().supportedFileAttributeViews().contains("unix")) {
            try {
                long owner = ((Number) Files.getAttribute(dir, "unix:uid", LinkOption.NOFOLLOW_LINKS)).longValue();
                if (owner != identity.uid()) {
                    throw new PmixException(PmixStatus.PMIX_ERR_NO_PERMISSIONS, dir + " belongs to uid " + owner
                            + ", not to this server (uid " + identity.uid() + ")");
                }
            } catch (IOException e) {
                throw new PmixException(PmixStatus.PMIX_ERR_FILE_OPEN_FAILURE, "cannot check " + dir + ": " + e, e);
            }
        }
    }

    private void checkOpen() {
        if (closed) {
            throw new IllegalStateException("the session directories were closed");
        }
    }
}
