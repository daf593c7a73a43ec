package org.pmix4j.server.handler;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletionStage;
import org.pmix4j.api.ByteObject;
import org.pmix4j.api.Info;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;
import org.pmix4j.server.HostModule;
import org.pmix4j.server.collective.Collective;
import org.pmix4j.server.collective.Collectives;
import org.pmix4j.server.core.CommandHandler;
import org.pmix4j.server.core.Request;
import org.pmix4j.server.store.JobData;
import org.pmix4j.server.store.JobStore;
import org.pmix4j.wire.message.ConnectProcsRequest;
import org.pmix4j.wire.message.ConnectProcsReply;

/**
 * CONNECT: the processes to connect (at least one) and directives. A collective ({@link Collectives}): when
 * every local participant has called, it completes here if all participants are local, else through the
 * host's {@code connect} upcall, called once for the local set.
 *
 * <p>Reply ({@code _cnct}, a {@link ConnectProcsReply}): STATUS; on success, for every other namespace involved,
 * one BYTE_OBJECT holding {@code STRING nspace} and that job's job-level KVALs, which the client files so it can Get the other
 * side's job data afterwards. libpmix sends the namespaces of the local callers; this server also sends
 * those of the named participants whose job data the host registered here (a remote job the host told
 * this server about).
 */
public final class ConnectHandler implements CommandHandler<ConnectProcsRequest> {
    static final String KIND = "connect";

    private final Collectives all;
    private final HostModule host;
    private final JobStore jobs;

    public ConnectHandler(Collectives all, HostModule host, JobStore jobs) {
        this.all = all;
        this.host = host;
        this.jobs = jobs;
    }

    @Override
    public void handle(Request req, ConnectProcsRequest connect) {
        Participants p = Participants.of(connect.procs(), connect.directives(), KIND);
        all.join(new Collectives.Key(KIND, p.procs()), p.procs(), req, p.directives(), () -> new Collectives.Operation<Void>() {
            @Override
            public CompletionStage<Void> callHost(Collective c, List<Info> directives) {
                return host.connect(c.procs(), directives);
            }

            @Override
            public void reply(Collective c, Proc participant, Request r, int status) {
                List<ByteObject> jobObjects = new ArrayList<>();
                if (status == PmixStatus.PMIX_SUCCESS) {
                    for (String ns : nspaces(c)) {
                        if (ns.equals(participant.nspace())) {
                            continue;
                        }
                        JobData job = jobs.get(ns).orElse(null);
                        if (job == null || !job.hasData()) {
                            continue;
                        }
                        jobObjects.add(ConnectProcsReply.jobObject(ns, JobLevelData.keyValuePacks(job, r.peer().kind()),
                                r.peer().kind()));
                    }
                }
                r.reply(new ConnectProcsReply(status, jobObjects));
            }
        });
    }

    /** The namespaces of the callers, then those of the named participants. */
    private static Set<String> nspaces(Collective c) {
        Set<String> out = new LinkedHashSet<>();
        for (Proc p : c.arrivedProcs()) {
            out.add(p.nspace());
        }
        for (Proc p : c.procs()) {
            out.add(p.nspace());
        }
        return out;
    }

    /** The participants of CONNECT and DISCONNECT, at least one, in the collective's canonical order. */
    record Participants(List<Proc> procs, List<Info> directives) {
        static Participants of(List<Proc> procs, List<Info> directives, String what) {
            if (procs.isEmpty()) {
                throw new PmixException(PmixStatus.PMIX_ERR_BAD_PARAM, what + " without participants");
            }
            return new Participants(Collectives.canonical(procs), directives);
        }
    }
}
