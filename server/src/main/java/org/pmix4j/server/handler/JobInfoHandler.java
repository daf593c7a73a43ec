package org.pmix4j.server.handler;

import org.pmix4j.wire.message.UndeclaredRequest;
import java.util.List;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Rank;
import org.pmix4j.api.Value;
import org.pmix4j.server.core.CommandHandler;
import org.pmix4j.server.core.Namespace;
import org.pmix4j.server.core.Request;
import org.pmix4j.server.handler.jobdata.JobDataPayloads;
import org.pmix4j.server.peer.Peer;
import org.pmix4j.server.store.JobData;
import org.pmix4j.server.store.JobStore;
import org.pmix4j.wire.Packer;

/**
 * REQ (job information), the first request of every client: the reply is the client's nspace followed by
 * the whole job data as KVAL packs, in the form libpmix's "hash" data store files it. The bytes are
 * built once per job and shared by all its clients. Tools get their nspace and the few keys libpmix
 * gives a tool.
 */
public final class JobInfoHandler implements CommandHandler<UndeclaredRequest> {
    @Override
    public void handle(Request req, UndeclaredRequest undeclared) {
        Peer peer = req.peer();
        Packer p = req.packer().string(peer.proc().nspace());
        if (!peer.isClient()) {
            p.kval(Attributes.BFROPS_MODULE.key(), Value.of(peer.version()));
            p.kval(Attributes.UNIV_SIZE.key(), new Value.UInt32(1));
            req.reply(p);
            return;
        }
        JobData job = req.server().service(JobStore.class).get(peer.proc().nspace()).orElseThrow(
                () -> new PmixException(PmixStatus.PMIX_ERR_INVALID_NAMESPACE, "job data of " + peer.proc().nspace()
                        + " is gone"));
        Namespace ns = req.server().namespace(peer.proc().nspace());
        // libpmix files the version of the job's first client as pmix.bfrops.mod
        if (ns != null && ns.firstClientVersion() != null
                && job.find(Rank.WILDCARD, Attributes.BFROPS_MODULE.key(), List.of()).isEmpty()) {
            job.addJobInfo(Attributes.BFROPS_MODULE.key(), Value.of(ns.firstClientVersion()));
        }
        p.raw(JobDataPayloads.jobInfoReply(job, peer.kind()));
        req.reply(p);
    }
}
