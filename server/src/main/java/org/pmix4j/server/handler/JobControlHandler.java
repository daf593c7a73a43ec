package org.pmix4j.server.handler;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.function.Function;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Info;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;
import org.pmix4j.api.Rank;
import org.pmix4j.api.Value;
import org.pmix4j.server.HostModule;
import org.pmix4j.server.cleanup.CleanupRegistry;
import org.pmix4j.server.cleanup.CleanupRequest;
import org.pmix4j.server.core.CommandHandler;
import org.pmix4j.server.core.LocalClient;
import org.pmix4j.server.core.Namespace;
import org.pmix4j.server.core.Request;
import org.pmix4j.server.peer.Peer;
import org.pmix4j.server.security.Authorisation;
import org.pmix4j.wire.message.JobControlRequest;

/**
 * JOB_CONTROL (targets; none = the requester's job) → the host's {@code jobControl} upcall. Reply
 * ({@code jctrl_cbfunc}): a {@link org.pmix4j.wire.message.StatusInfosReply}; bare STATUS -47 without the
 * upcall.
 *
 * <p><b>Cleanup registration</b> (RFC0027: PMIX_REGISTER_CLEANUP, PMIX_REGISTER_CLEANUP_DIR,
 * PMIX_CLEANUP_RECURSIVE, PMIX_CLEANUP_IGNORE, PMIX_CLEANUP_LEAVE_TOPDIR, PMIX_CLEANUP_EMPTY) is the
 * server's own business, as in libpmix: it is recorded in the {@link CleanupRegistry} (which carries it out
 * when the process ends or the host deregisters the job) for each target — a
 * process ({@code {nspace, rank}}, only for a registered local client, others are skipped as libpmix does),
 * a job ({@code {nspace, WILDCARD}}), or the requester's job when there are no targets. Values are
 * comma-separated absolute paths (a relative one is PMIX_ERR_BAD_PARAM, a path both removed and ignored
 * PMIX_ERR_CONFLICTING_CLEANUP_DIRECTIVES; a request for several targets is registered for all or none). A
 * request of cleanup directives only is answered at once with a bare STATUS success (Open MPI 4.1 sends two
 * of these during MPI_Init); otherwise the other directives go to the host, without the cleanup ones. Differences from libpmix: it refuses cleanup too when its host has no
 * {@code job_control}, does not count PMIX_CLEANUP_EMPTY as a cleanup directive, accepts relative paths, and
 * hands the host all the directives, cleanup ones included.
 *
 * <p><b>Who may</b>: every job the targets name must be one the requester may act on ({@link Authorisation}):
 * its own, its user's, or any for root, the server's user and a tool the host trusts. Otherwise the whole
 * request (cleanup registrations included) is refused with PMIX_ERR_NO_PERMISSIONS before anything is done
 * and before the host hears of it. libpmix 4.2.2 checks nothing here and leaves it to its host.
 */
public final class JobControlHandler implements CommandHandler<JobControlRequest> {
    private static final List<String> CLEANUP_KEYS = List.of(Attributes.REGISTER_CLEANUP.key(),
            Attributes.REGISTER_CLEANUP_DIR.key(), Attributes.CLEANUP_RECURSIVE.key(), Attributes.CLEANUP_IGNORE.key(),
            Attributes.CLEANUP_LEAVE_TOPDIR.key(), Attributes.CLEANUP_EMPTY.key());

    private final HostModule host;
    private final Executor loop;
    private final CleanupRegistry cleanups;
    private final Function<String, Namespace> namespaces;
    private final Authorisation authorisation;

    /** {@code namespaces} finds a registered namespace by name (null when there is none). */
    public JobControlHandler(HostModule host, Executor loop, CleanupRegistry cleanups,
            Function<String, Namespace> namespaces, Authorisation authorisation) {
        this.authorisation = authorisation;
        this.host = host;
        this.loop = loop;
        this.cleanups = cleanups;
        this.namespaces = namespaces;
    }

    @Override
    public void handle(Request req, JobControlRequest control) {
        List<Proc> targets = control.targets();
        List<Info> directives = control.directives();
        List<Info> rest = new ArrayList<>();
        List<Info> cleanup = new ArrayList<>();
        for (Info i : directives) {
            (CLEANUP_KEYS.contains(i.key()) ? cleanup : rest).add(i);
        }
        authorisation.requireProcs(req.peer(), rest.isEmpty() ? "cleanup registration" : "job control", targets);
        if (!cleanup.isEmpty()) {
            register(req, targets, cleanup);
        }
        if (rest.isEmpty()) {
            req.replyStatus(PmixStatus.PMIX_SUCCESS);
            return;
        }
        InfoReplies.statusSizeInfos(loop, req, host.jobControl(req.peer().proc(), targets, rest));
    }

    private void register(Request req, List<Proc> targets, List<Info> cleanup) {
        List<Path> files = new ArrayList<>();
        List<Path> dirs = new ArrayList<>();
        List<Path> ignores = new ArrayList<>();
        boolean recursive = false;
        boolean leaveTop = false;
        boolean emptyOnly = false;
        for (Info i : cleanup) {
            String k = i.key();
            if (k.equals(Attributes.REGISTER_CLEANUP.key())) {
                files.addAll(paths(i));
            } else if (k.equals(Attributes.REGISTER_CLEANUP_DIR.key())) {
                dirs.addAll(paths(i));
            } else if (k.equals(Attributes.CLEANUP_IGNORE.key())) {
                ignores.addAll(paths(i));
            } else if (k.equals(Attributes.CLEANUP_RECURSIVE.key())) {
                recursive = i.isTrue();
            } else if (k.equals(Attributes.CLEANUP_LEAVE_TOPDIR.key())) {
                leaveTop = i.isTrue();
            } else if (k.equals(Attributes.CLEANUP_EMPTY.key())) {
                emptyOnly = i.isTrue();
            }
        }
        Peer peer = req.peer();
        CleanupRequest request = new CleanupRequest(files, dirs, ignores, recursive, leaveTop, emptyOnly, peer.uid(),
                peer.gid());
        if (request.isEmpty()) {
            return;
        }
        cleanups.register(scopes(peer, targets), request);
    }

    /** Where the registration belongs: libpmix's choice of epilog for each target. */
    private List<Proc> scopes(Peer peer, List<Proc> targets) {
        if (targets.isEmpty()) {
            return List.of(Proc.wildcard(peer.proc().nspace()));
        }
        List<Proc> out = new ArrayList<>();
        for (Proc t : targets) {
            if (t.rank() == Rank.WILDCARD) {
                out.add(t);
                continue;
            }
            Namespace ns = namespaces.apply(t.nspace());
            LocalClient c = ns == null ? null : ns.client(t.rank());
            if (c != null) {
                out.add(t);
            }
        }
        return out;
    }

    private static List<Path> paths(Info i) {
        if (!(i.value() instanceof Value.Str s) || s.value() == null || s.value().isEmpty()) {
            throw new PmixException(PmixStatus.PMIX_ERR_BAD_PARAM, i.key() + " needs a string of paths, got "
                    + i.value().type());
        }
        List<Path> out = new ArrayList<>();
        for (String part : s.value().split(",")) {
            String t = part.trim();
            if (t.isEmpty()) {
                continue;
            }
            Path p;
            try {
                p = Path.of(t).normalize();
            } catch (InvalidPathException e) {
                throw new PmixException(PmixStatus.PMIX_ERR_BAD_PARAM, i.key() + ": '" + t + "' is not a path");
            }
            if (!p.isAbsolute()) {
                throw new PmixException(PmixStatus.PMIX_ERR_BAD_PARAM, i.key() + ": '" + t
                        + "' is not an absolute path (RFC0027 refuses relative ones)");
            }
            out.add(p);
        }
        return out;
    }
}
