package org.pmix4j.server.security;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Info;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.Proc;
import org.pmix4j.api.Rank;
import org.pmix4j.api.Value;
import org.pmix4j.server.core.LocalClient;
import org.pmix4j.server.core.Namespace;
import org.pmix4j.server.core.ServerCore;
import org.pmix4j.server.peer.Peer;
import org.pmix4j.server.store.JobData;
import org.pmix4j.server.store.JobStore;

/**
 * Who owns each job this server knows, by uid. A registered job is owned by
 * <ul>
 *   <li>the users its processes were registered as ({@code register_client}'s uid), and the PMIX_USERID of its
 *   registration when the host gave one; when the host gave neither, by the server's own user (the host
 *   registered the job and said nothing else);</li>
 *   <li>the user whose tool or client had it spawned through this server (PMIx_Spawn's requester): a user
 *   who submits a job to a DVM run by root owns it, although its processes run as root.</li>
 * </ul>
 * The server's own namespace belongs to the server's user, a connected tool's namespace to the tool's user.
 * A namespace that is none of these has no owner here. Loop thread only.
 */
public final class JobOwnership implements ServerCore.PeerListener {
    private final Function<String, Namespace> namespaces;
    private final JobStore jobs;
    private final Proc self;
    private final int serverUid;
    private final Map<String, Set<Integer>> spawners = new HashMap<>();
    private final List<Peer> tools = new ArrayList<>();

    /** {@code namespaces} finds a registered namespace by name (null when there is none). */
    public JobOwnership(Function<String, Namespace> namespaces, JobStore jobs, Proc self, int serverUid) {
        this.namespaces = namespaces;
        this.jobs = jobs;
        this.self = self;
        this.serverUid = serverUid;
    }

    /** The uids that own {@code nspace}; empty when this server knows no job, tool or server of that name. */
    public Set<Integer> owners(String nspace) {
        Set<Integer> out = new HashSet<>();
        Namespace ns = namespaces.apply(nspace);
        if (ns != null) {
            for (LocalClient c : ns.clients()) {
                out.add(c.uid());
            }
            registeredUser(nspace).ifPresent(out::add);
            if (out.isEmpty()) {
                out.add(serverUid);
            }
            out.addAll(spawners.getOrDefault(nspace, Set.of()));
            return out;
        }
        if (nspace.equals(self.nspace())) {
            out.add(serverUid);
            return out;
        }
        for (Peer t : tools) {
            if (t.proc() != null && t.proc().nspace().equals(nspace)) {
                out.add(t.uid());
            }
        }
        return out;
    }

    /** Whether {@code nspace} is a job registered with this server. */
    public boolean isRegistered(String nspace) {
        return namespaces.apply(nspace) != null;
    }

    /** The registered jobs whose PMIX_SESSION_ID is {@code sessionId}. */
    public List<String> jobsOfSession(int sessionId) {
        List<String> out = new ArrayList<>();
        for (String nspace : jobs.nspaces()) {
            JobData job = jobs.get(nspace).orElse(null);
            if (job != null && job.hasData() && job.sessionId() == Integer.toUnsignedLong(sessionId)) {
                out.add(nspace);
            }
        }
        return out;
    }

    /** {@code requester} had {@code nspace} spawned through this server: its user owns the job too. */
    public void spawnedBy(String nspace, Peer requester) {
        if (namespaces.apply(nspace) == null) {
            return; // ended and deregistered already (or never registered here): nothing to own
        }
        spawners.computeIfAbsent(nspace, n -> new HashSet<>()).add(requester.uid());
    }

    private Optional<Integer> registeredUser(String nspace) {
        return jobLevel(nspace, Attributes.USERID.key()).flatMap(Attributes.USERID::read);
    }

    private Optional<Value> jobLevel(String nspace, String key) {
        JobData job = jobs.get(nspace).orElse(null);
        if (job == null || !job.hasData()) {
            return Optional.empty();
        }
        try {
            return job.find(Rank.WILDCARD, key, List.<Info>of());
        } catch (PmixException e) {
            return Optional.empty();
        }
    }

    @Override
    public void connected(Peer peer, List<Info> info) {
        if (!peer.isClient()) {
            tools.add(peer);
        }
    }

    @Override
    public void lost(Peer peer, String why) {
        tools.remove(peer);
    }

    @Override
    public void namespaceGone(String nspace) {
        spawners.remove(nspace);
    }
}
