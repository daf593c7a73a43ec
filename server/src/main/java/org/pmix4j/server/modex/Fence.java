package org.pmix4j.server.modex;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionStage;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Info;
import org.pmix4j.api.Proc;
import org.pmix4j.server.HostModule;
import org.pmix4j.server.collective.Collective;
import org.pmix4j.server.collective.Collectives;
import org.pmix4j.server.core.Request;
import org.pmix4j.server.store.JobStore;
import org.pmix4j.wire.BufferKind;

/**
 * The fence as an operation of the collective engine. A fence is identified by its exact process set, as in
 * libpmix ({@link #key}). When other servers take part, the host's {@code fence} upcall moves this server's
 * contribution — the REMOTE data of the local participants, when any caller asked PMIX_COLLECT_DATA — to
 * them and hands back everyone's, which is filed here ({@link FenceBlob}). Each participant is answered
 * with a bare STATUS; PMIX_ERR_PARTIAL_SUCCESS when a local participant left before the end.
 */
final class Fence implements Collectives.Operation<byte[]> {
    static final String KIND = "fence";

    private final HostModule host;
    private final ModexStore modex;
    private final JobStore jobs;
    private final BufferKind kind;
    /** Whether any caller asked for the data to be collected. */
    private boolean collect;

    Fence(HostModule host, ModexStore modex, JobStore jobs, BufferKind kind) {
        this.host = host;
        this.modex = modex;
        this.jobs = jobs;
        this.kind = kind;
    }

    /** The fence's process set: the caller's whole namespace when it named none; sorted, without duplicates. */
    static List<Proc> participants(Proc caller, List<Proc> named) {
        return Collectives.canonical(named.isEmpty() ? List.of(Proc.wildcard(caller.nspace())) : named);
    }

    static Collectives.Key key(List<Proc> participants) {
        return new Collectives.Key(KIND, participants);
    }

    @Override
    public void arrived(Collective c, Proc caller, List<Info> directives) {
        for (Info i : directives) {
            if (i.key().equals(Attributes.COLLECT_DATA.key())) {
                collect |= i.isTrue();
            }
        }
    }

    /**
     * The first caller's directives, with PMIX_COLLECT_DATA when any caller collects, then the flags libpmix
     * appends for the host (PMIX_SORTED_PROC_ARRAY, PMIX_LOCAL_COLLECTIVE_STATUS).
     */
    @Override
    public List<Info> hostDirectives(Collective c) {
        List<Info> directives = new ArrayList<>();
        for (Info i : Collectives.hostDirectives(c, true)) {
            if (!i.key().equals(Attributes.COLLECT_DATA.key())) {
                directives.add(i);
            }
        }
        if (collect) {
            directives.add(Attributes.COLLECT_DATA.info(true));
        }
        return directives;
    }

    @Override
    public CompletionStage<byte[]> callHost(Collective c, List<Info> directives) {
        byte[] contribution = collect ? FenceBlob.contribution(c.procs(), c.arrivedProcs(), modex, jobs, kind)
                : new byte[0];
        return host.fence(c.procs(), directives, contribution);
    }

    @Override
    public int hostAnswered(Collective c, byte[] all) {
        if (collect && all != null) {
            FenceBlob.store(all, c.procs(), modex, jobs, kind);
        }
        return Collectives.localStatus(c);
    }

    @Override
    public void reply(Collective c, Proc participant, Request req, int status) {
        req.replyStatus(status);
    }
}
