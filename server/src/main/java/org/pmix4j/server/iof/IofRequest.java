package org.pmix4j.server.iof;

import java.util.List;
import org.pmix4j.api.Proc;
import org.pmix4j.api.Rank;
import org.pmix4j.server.peer.Peer;

/**
 * One registration for output: who wants it ({@code requester}), from which processes ({@code sources},
 * WILDCARD ranks allowed), on which channels (a mask), and the id the requester gave the request, which
 * every data message carries back ({@code remoteId}). {@code id} is this server's index of it, the one
 * IOF_PULL answers and IOF_DEREG names. Its output goes out through {@code output}, which gathers it as
 * the request's buffering asks.
 */
record IofRequest(int id, Peer requester, List<Proc> sources, int channels, long remoteId, OutputBuffer output) {
    IofRequest {
        sources = List.copyOf(sources);
    }

    /** libpmix's test: the channel is wanted, the source is listed, and the requester can take it. */
    boolean wants(Proc source, int channel, Proc server) {
        if ((channel & channels) == 0 || !requester.isConnected() || requester.isFinalized()) {
            return false;
        }
        // never back to where it came from, nor to the server itself
        if (sameProc(source, requester.proc()) || requester.proc().equals(server)) {
            return false;
        }
        for (Proc p : sources) {
            if (sameProc(source, p)) {
                return true;
            }
        }
        return false;
    }

    /** Equal nspaces and ranks, a WILDCARD rank on either side matching any. */
    static boolean sameProc(Proc a, Proc b) {
        return a.nspace().equals(b.nspace())
                && (a.rank() == b.rank() || a.rank() == Rank.WILDCARD || b.rank() == Rank.WILDCARD);
    }
}
