package org.pmix4j.server.handler;

import java.util.List;
import java.util.function.Function;
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
import org.pmix4j.server.sharedstore.SharedJobData;
import org.pmix4j.server.store.JobData;
import org.pmix4j.server.store.JobStore;
import org.pmix4j.api.ByteObject;
import org.pmix4j.wire.Packer;
import org.pmix4j.wire.message.JobInfoReply;
import org.pmix4j.wire.message.JobInfoRequest;

/**
 * REQ (job information), the first request of every client: the reply is the client's nspace followed by
 * the whole job data as KVAL packs, in the form libpmix's "hash" data store files it. The bytes are
 * built once per job and shared by all its clients. A client that chose the shared-memory store gets its
 * job's data written there and only the session, node and application arrays in the reply, as libpmix's
 * server does. Tools get their nspace and the few keys libpmix gives a tool.
 */
public final class JobInfoHandler implements CommandHandler<JobInfoRequest> {
    private final JobStore jobs;
    private final Function<String, Namespace> namespaces;
    private final SharedJobData shared;

    /**
     * @param namespaces the server's namespace of a name, or null (for the version of its first client)
     * @param shared     the shared-memory store, which a client that chose it reads the job data from
     */
    public JobInfoHandler(JobStore jobs, Function<String, Namespace> namespaces, SharedJobData shared) {
        this.jobs = jobs;
        this.namespaces = namespaces;
        this.shared = shared;
    }

    @Override
    public void handle(Request req, JobInfoRequest request) {
        Peer peer = req.peer();
        String nspace = peer.proc().nspace();
        if (!peer.isClient()) {
            Packer p = new Packer(peer.kind());
            p.kval(Attributes.BFROPS_MODULE.key(), Value.of(peer.version()));
            p.kval(Attributes.UNIV_SIZE.key(), new Value.UInt32(1));
            req.reply(new JobInfoReply(nspace, new ByteObject(p.toByteArray())));
            return;
        }
        JobData job = jobs.get(peer.proc().nspace()).orElseThrow(
                () -> new PmixException(PmixStatus.PMIX_ERR_INVALID_NAMESPACE, "job data of " + peer.proc().nspace()
                        + " is gone"));
        Namespace ns = namespaces.apply(peer.proc().nspace());
        // libpmix files the version of the job's first client as pmix.bfrops.mod
        if (ns != null && ns.firstClientVersion() != null
                && job.find(Rank.WILDCARD, Attributes.BFROPS_MODULE.key(), List.of()).isEmpty()) {
            job.addJobInfo(Attributes.BFROPS_MODULE.key(), Value.of(ns.firstClientVersion()));
        }
        if (peer.readsSharedStore()) {
            // written before the reply: the client reads the store as soon as PMIx_Init returns
            shared.jobInfoRequested(job, peer.kind());
            req.reply(new JobInfoReply(nspace, new ByteObject(JobDataPayloads.sharedStoreReply(job, peer.kind()))));
            return;
        }
        req.reply(new JobInfoReply(nspace, new ByteObject(JobDataPayloads.jobInfoReply(job, peer.kind()))));
    }
}
