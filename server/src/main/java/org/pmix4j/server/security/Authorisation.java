package org.pmix4j.server.security;

import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;
import org.pmix4j.api.Info;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;
import org.pmix4j.api.internal.Log;
import org.pmix4j.server.HostModule;
import org.pmix4j.server.core.ServerCore;
import org.pmix4j.server.peer.Peer;

/**
 * The one place that decides whether a peer may act on a job (job control, cleanup registration, IO
 * forwarding pulls, stdin, spawning into a job or session, queries about a job, reading a job's data). The
 * rule:
 * <ul>
 *   <li>root, the server's own user, and a tool its host granted {@link HostModule.ToolRights#ALL_JOBS} may act
 *   on every job;</li>
 *   <li>any other peer on its own namespace and on the jobs its user owns ({@link JobOwnership}), and on
 *   nothing else: not on another user's job, nor on a namespace this server does not know.</li>
 * </ul>
 * A refusal is PMIX_ERR_NO_PERMISSIONS, with a message naming the operation, the job and the requester's uid,
 * logged once per peer and operation ({@link RateLimitedLog}, repeats counted); the offender keeps its
 * connection and everybody else is served as before. The peer's uid is the one its connection was accepted
 * with. Loop thread only.
 */
public final class Authorisation implements ServerCore.PeerListener {
    private static final Log LOG = Log.of(Authorisation.class);

    private final JobOwnership owners;
    private final HostModule host;
    private final int serverUid;
    private final RateLimitedLog refusals;
    private final Set<Peer> trusted = new HashSet<>();

    public Authorisation(JobOwnership owners, HostModule host, int serverUid) {
        this(owners, host, serverUid, new RateLimitedLog(LOG));
    }

    Authorisation(JobOwnership owners, HostModule host, int serverUid, RateLimitedLog refusals) {
        this.owners = owners;
        this.host = host;
        this.serverUid = serverUid;
        this.refusals = refusals;
    }

    /** Whether {@code peer} may act on every job. */
    public boolean mayActOnAll(Peer peer) {
        return peer.uid() == 0 || peer.uid() == serverUid || trusted.contains(peer);
    }

    /** Whether {@code peer} may act on the job (or tool, or server) {@code nspace}. */
    public boolean mayActOn(Peer peer, String nspace) {
        if (mayActOnAll(peer) || (peer.proc() != null && peer.proc().nspace().equals(nspace))) {
            return true;
        }
        return owners.owners(nspace).contains(peer.uid());
    }

    /**
     * The jobs an event raised by {@code raiser} may reach, as a test on the recipient's namespace: every
     * job for a peer that may act on all of them, else the raiser's own job and the jobs its user owns. A
     * broadcast (range SESSION, GLOBAL, ALL) from one user must not reach another user's processes: Open MPI
     * aborts a job on some events (PMIX_ERR_PROC_ABORTED, PMIX_ERR_JOB_TERMINATED), whoever raised them.
     * Ownership is read when the event is delivered (a cached one may go out later, to a job registered
     * since), the raiser's rights as they are now.
     */
    public Predicate<String> eventReach(Peer raiser) {
        if (mayActOnAll(raiser)) {
            return nspace -> true;
        }
        int uid = raiser.uid();
        String own = raiser.proc() == null ? null : raiser.proc().nspace();
        return nspace -> nspace.equals(own) || owners.owners(nspace).contains(uid);
    }

    /**
     * Refuses reading the data of {@code nspace} (PMIx_Get) to a peer that may not act on it, when it is a job
     * registered here; the data of a job this server does not know is the host's to give or refuse (it
     * answers the direct modex), since processes of a user's jobs on other nodes read each other's.
     */
    public void requireRead(Peer peer, String nspace) {
        if (!mayActOnAll(peer) && owners.isRegistered(nspace) && !mayActOn(peer, nspace)) {
            throw refusal(peer, "get", nspace);
        }
    }

    /**
     * Refuses {@code operation} unless {@code peer} may act on every namespace of {@code procs} (none: its
     * own job, which it may).
     *
     * @throws PmixException PMIX_ERR_NO_PERMISSIONS naming the first job it may not act on
     */
    public void requireProcs(Peer peer, String operation, Collection<Proc> procs) {
        Set<String> nspaces = new LinkedHashSet<>();
        for (Proc p : procs) {
            nspaces.add(p.nspace());
        }
        require(peer, operation, nspaces);
    }

    /** Refuses {@code operation} unless {@code peer} may act on each of {@code nspaces}. */
    public void require(Peer peer, String operation, Collection<String> nspaces) {
        if (mayActOnAll(peer)) {
            return;
        }
        for (String nspace : nspaces) {
            if (!mayActOn(peer, nspace)) {
                throw refusal(peer, operation, nspace);
            }
        }
    }

    /** Refuses a spawn into session {@code sessionId} unless {@code peer} may act on each of its jobs here. */
    public void requireSession(Peer peer, String operation, int sessionId) {
        require(peer, operation + " into session " + Integer.toUnsignedString(sessionId),
                owners.jobsOfSession(sessionId));
    }

    /** {@code requester} had {@code nspace} spawned through this server: its user owns the new job. */
    public void spawned(String nspace, Peer requester) {
        owners.spawnedBy(nspace, requester);
    }

    /**
     * The refusal of {@code operation} on {@code nspace}, logged (rate-limited); for a caller that answers the
     * request itself instead of throwing.
     */
    public PmixException refusal(Peer peer, String operation, String nspace) {
        Set<Integer> jobOwners = owners.owners(nspace);
        String whose = jobOwners.isEmpty() ? "no job of that name is known to this server"
                : "the job belongs to uid " + uids(jobOwners);
        String message = operation + " on job '" + nspace + "' refused to uid " + Integer.toUnsignedString(peer.uid())
                + " (" + peer + "): " + whose;
        refusals.warn(peer, operation, message);
        return new PmixException(PmixStatus.PMIX_ERR_NO_PERMISSIONS, message);
    }

    private static String uids(Set<Integer> uids) {
        StringBuilder b = new StringBuilder();
        for (int u : uids) {
            b.append(b.isEmpty() ? "" : ", ").append(Integer.toUnsignedString(u));
        }
        return b.toString();
    }

    @Override
    public void connected(Peer peer, List<Info> info) {
        if (peer.isClient()) {
            return;
        }
        HostModule.ToolRights rights;
        try {
            rights = host.toolRights(peer.proc(), peer.uid(), peer.gid(), info);
        } catch (RuntimeException e) {
            LOG.warn("the host failed to say what {} may do ({}); it may act on its own jobs only", peer, e.toString());
            return;
        }
        if (rights == HostModule.ToolRights.ALL_JOBS) {
            trusted.add(peer);
            LOG.info("{} (uid {}) may act on every job: its host granted it", peer,
                    Integer.toUnsignedString(peer.uid()));
        }
    }

    @Override
    public void lost(Peer peer, String why) {
        trusted.remove(peer);
        refusals.forget(peer);
    }
}
