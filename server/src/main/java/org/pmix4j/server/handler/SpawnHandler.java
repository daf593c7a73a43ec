package org.pmix4j.server.handler;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;
import org.pmix4j.api.ByteObject;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Info;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.server.HostModule;
import org.pmix4j.server.core.CommandHandler;
import org.pmix4j.server.core.Request;
import org.pmix4j.server.iof.IofRouter;
import org.pmix4j.server.peer.Peer;
import org.pmix4j.server.security.Authorisation;
import org.pmix4j.server.store.JobData;
import org.pmix4j.server.store.JobStore;
import org.pmix4j.wire.message.SpawnReply;
import org.pmix4j.wire.message.SpawnRequest;

/**
 * SPAWN: the host starts the job and names its namespace. Reply ({@code _spcb}, a {@link SpawnReply}):
 * STATUS, the nspace (NULL when the host named none), and on success, when the new namespace is registered
 * with this server, its job-level data as KVALs, which the client files as it files its own job data (so it
 * can Get the new job's size ... at once).
 *
 * <p>What the job info says about output (PMIX_FWD_STDOUT / STDERR / STDDIAG, for a tool all output
 * channels when it names none; PMIX_IOF_CACHE_*, PMIX_IOF_BUFFERING_*) goes to the {@link IofRouter}
 * ({@code registerForSpawn}): the requester receives the new job's output, as libpmix arranges, with its
 * default id 0, and output the host delivered before is sent at once. Unlike libpmix, a tool that names
 * some output channels gets only those (libpmix adds the ones it did not name): what a spawn forwards is
 * also what later pulls of the job may ask for.
 *
 * <p>Neither libpmix nor this server adds PMIX_SPAWNED or PMIX_PARENT_ID: the host registers them with
 * the new namespace (PMIX_SPAWNED = true at job level, PMIX_PARENT_ID = the requester, as PRRTE does).
 *
 * <p><b>Who may</b> ({@link Authorisation}): a spawn that reaches into existing jobs — PMIX_DEBUG_TARGET or
 * PMIX_DEBUG_JOB (daemons that attach to a job), PMIX_PARENT_ID (a parent job), PMIX_SESSION_ID (a session:
 * each of its jobs registered here) — is refused with PMIX_ERR_NO_PERMISSIONS unless the requester may act on
 * those jobs; the host never hears of it. The requester's user owns the job it had spawned.
 */
public final class SpawnHandler implements CommandHandler<SpawnRequest> {
    private final HostModule host;
    private final IofRouter iof;
    private final JobStore jobs;
    private final Executor loop;
    private final Authorisation authorisation;

    public SpawnHandler(HostModule host, IofRouter iof, JobStore jobs, Executor loop, Authorisation authorisation) {
        this.authorisation = authorisation;
        this.host = host;
        this.iof = iof;
        this.jobs = jobs;
        this.loop = loop;
    }

    @Override
    public void handle(Request req, SpawnRequest spawn) {
        List<Info> jobInfo = spawn.jobInfo();
        Peer peer = req.peer();
        iof.checkDirectives(jobInfo);
        try {
            checkReach(peer, jobInfo);
            // debugger daemons may name their target in their application's info (co-location)
            for (org.pmix4j.api.App app : spawn.apps()) {
                checkReach(peer, app.info());
            }
        } catch (PmixException refused) {
            req.reply(new SpawnReply(refused.status(), null, ByteObject.EMPTY));
            return;
        }
        HostReplies.whenDone(loop, host.spawn(peer.proc(), jobInfo, spawn.apps()), (nspace, status) -> {
            if (status == PmixStatus.PMIX_SUCCESS && nspace != null) {
                authorisation.spawned(nspace, peer);
                iof.registerForSpawn(peer, nspace, jobInfo);
            }
            ByteObject jobData = ByteObject.EMPTY;
            if (status == PmixStatus.PMIX_SUCCESS && nspace != null) {
                JobData job = jobs.get(nspace).orElse(null);
                if (job != null && job.hasData()) {
                    jobData = new ByteObject(JobLevelData.keyValuePacks(job, peer.kind()));
                }
            }
            req.reply(new SpawnReply(status, nspace, jobData));
        });
    }

    /** Refuses a spawn into jobs or a session that the requester may not act on. */
    private void checkReach(Peer peer, List<Info> jobInfo) {
        List<String> into = new ArrayList<>();
        Attributes.DEBUG_TARGET.find(jobInfo).ifPresent(p -> into.add(p.nspace()));
        Attributes.DEBUG_JOB.find(jobInfo).ifPresent(into::add);
        Attributes.PARENT_ID.find(jobInfo).ifPresent(p -> into.add(p.nspace()));
        authorisation.require(peer, "spawn", into);
        Attributes.SESSION_ID.find(jobInfo).ifPresent(id -> authorisation.requireSession(peer, "spawn", id));
    }
}
