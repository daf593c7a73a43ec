package org.pmix4j.server.handler;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionStage;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Info;
import org.pmix4j.api.IofChannel;
import org.pmix4j.api.Proc;
import org.pmix4j.api.internal.Log;
import org.pmix4j.server.HostModule;
import org.pmix4j.server.core.ServerCore;
import org.pmix4j.server.peer.Peer;

/**
 * The IO forwarding pulls the host was told of, so that their end reaches it as well: a host that stops
 * printing what a tool takes with PMIX_IOF_REDIRECT must print it again once the tool deregisters or goes
 * away (the Standard: "the original output stream(s) destination is restored upon termination of the
 * tool"). The end is the {@code iofPull} upcall with PMIX_IOF_STOP added, like libpmix's deregistration, but
 * naming the sources, channels and directives of the pull that ended (libpmix passes none, which leaves the
 * host unable to tell which pull it was).
 *
 * <p>Loop thread only.
 */
final class HostIofPulls implements ServerCore.PeerListener {
    private static final Log LOG = Log.of(HostIofPulls.class);

    private record Pull(List<Proc> sources, int channels, List<Info> directives) {
    }

    private record Key(Peer peer, int id) {
    }

    private final HostModule host;
    private final Map<Key, Pull> pulls = new HashMap<>();

    HostIofPulls(HostModule host) {
        this.host = host;
    }

    /**
     * The host was told of {@code requester}'s pull, this server's id {@code id}. A requester lost while the
     * host was being told has its pull ended at once: its loss has been handled already.
     */
    void told(Peer requester, int id, List<Proc> sources, int channels, List<Info> directives) {
        pulls.put(new Key(requester, id), new Pull(List.copyOf(sources), channels, List.copyOf(directives)));
        if (!requester.isConnected()) {
            lost(requester, "lost while its pull was being granted");
        }
    }

    /**
     * The pull ended by deregistration: tells the host with {@code directives} (the deregistration's) added
     * to the pull's own and PMIX_IOF_STOP. A pull the host never heard of is ended with no sources.
     */
    CompletionStage<Void> ended(Peer requester, int id, List<Info> directives) {
        Pull p = pulls.remove(new Key(requester, id));
        if (p == null) {
            return host.iofPull(List.of(), stop(List.of(), directives), IofChannel.NONE);
        }
        return host.iofPull(p.sources(), stop(p.directives(), directives), p.channels());
    }

    /** A requester lost without deregistering: the host hears of the end of each of its pulls. */
    @Override
    public void lost(Peer peer, String why) {
        List<Pull> gone = new ArrayList<>();
        pulls.entrySet().removeIf(e -> {
            if (e.getKey().peer() == peer) {
                gone.add(e.getValue());
                return true;
            }
            return false;
        });
        for (Pull p : gone) {
            host.iofPull(p.sources(), stop(p.directives(), List.of()), p.channels()).whenComplete((ok, err) -> {
                if (err != null) {
                    LOG.debug("host on the end of {}'s pull of {}: {}", peer.proc(), p.sources(), err.getMessage());
                }
            });
        }
    }

    private static List<Info> stop(List<Info> pull, List<Info> more) {
        List<Info> all = new ArrayList<>(pull.size() + more.size() + 1);
        all.addAll(pull);
        all.addAll(more);
        all.add(Attributes.IOF_STOP.info(true));
        return all;
    }
}
