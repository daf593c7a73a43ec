package org.pmix4j.server.modex;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.ByteObject;
import org.pmix4j.api.Info;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;
import org.pmix4j.api.Rank;
import org.pmix4j.api.Scope;
import org.pmix4j.server.HostModule;
import org.pmix4j.server.core.CommandHandler;
import org.pmix4j.server.core.Request;
import org.pmix4j.server.core.ServerCore;
import org.pmix4j.server.net.EventLoop;
import org.pmix4j.server.handler.jobdata.JobDataPayloads;
import org.pmix4j.server.security.Authorisation;
import org.pmix4j.server.store.JobData;
import org.pmix4j.server.store.JobStore;
import org.pmix4j.wire.BufferKind;
import org.pmix4j.wire.Packer;
import org.pmix4j.wire.message.GetReply;
import org.pmix4j.wire.message.GetRequest;

/**
 * GET: {@code STRING nspace, PROC_RANK rank, SIZE ninfo, INFO[], [STRING key]}. The client asks for a
 * process's whole data set; the answer is STATUS and byte objects (the job-level data first when the target
 * is another job or the whole job, then PROC + KVALs of the target), from which the client picks the key.
 *
 * <p>As libpmix's server does: a local target's committed LOCAL data is served at once; a key the target
 * never committed is waited for (PMIX_TIMEOUT, or 2 s once the target has committed something) unless
 * PMIX_IMMEDIATE; a key present only in the other scope is NOT_FOUND at once; a remote target is served from
 * collected data or, failing that (or with PMIX_GET_REFRESH_CACHE), through the host's direct modex.
 * PMIX_DATA_SCOPE picks the scope looked in (default: LOCAL for a local target, REMOTE for a remote one).
 * Reserved ("pmix") keys are never put
 * and are answered from the registered job data.
 *
 * <p>The data of another job registered here is read only by a peer that may act on it ({@link Authorisation}:
 * its user's jobs; root's and the server user's peers any), else PMIX_ERR_NO_PERMISSIONS.
 */
public final class GetHandler implements CommandHandler<GetRequest> {
    /** How long a key a local process has not (yet) committed is waited for by default, as in libpmix. */
    static final long DEFAULT_KEY_WAIT_MS = 2000;

    private final ModexStore modex;
    private final JobStore jobs;
    private final HostModule host;
    /** The kind the host's direct-modex blobs are packed in: the server's own. */
    private final BufferKind serverKind;
    private final EventLoop loop;
    private final Authorisation authorisation;

    public GetHandler(ModexStore modex, JobStore jobs, HostModule host, BufferKind serverKind, EventLoop loop,
            Authorisation authorisation) {
        this.authorisation = authorisation;
        this.modex = modex;
        this.jobs = jobs;
        this.host = host;
        this.serverKind = serverKind;
        this.loop = loop;
    }

    @Override
    public void handle(Request req, GetRequest get) {
        if (get.target().nspace().isEmpty()) {
            throw new PmixException(PmixStatus.PMIX_ERR_BAD_PARAM, "get without a namespace");
        }
        if (!get.target().nspace().equals(req.peer().proc().nspace())) {
            authorisation.requireRead(req.peer(), get.target().nspace());
        }
        new Lookup(req, get.target(), get.key(), get.directives()).start();
    }

    /** One GET being answered, possibly after waiting. */
    private final class Lookup {
        private final Request req;
        private final Proc target;
        private final String key;
        private final List<Info> info;
        private final boolean immediate;
        private final long timeoutMs;
        /** PMIX_DATA_SCOPE: which of the target's data to look in; null = the default for where it runs. */
        private final Scope scope;
        /** PMIX_GET_REFRESH_CACHE: fetch a remote target's data again even if we hold some. */
        private boolean refresh;
        private EventLoop.Timer timer;

        Lookup(Request req, Proc target, String key, List<Info> info) {
            this.req = req;
            this.target = target;
            this.key = key;
            this.info = info;
            this.immediate = Attributes.IMMEDIATE.find(info).orElse(false);
            this.timeoutMs = Attributes.TIMEOUT.find(info).map(s -> s * 1000L).orElse(-1L);
            Scope s = Attributes.DATA_SCOPE.find(info).orElse(null);
            this.scope = s == null || s.equals(Scope.UNDEF) ? null : s;
            this.refresh = Attributes.GET_REFRESH_CACHE.find(info).orElse(false);
        }

        void start() {
            if (timeoutMs > 0) {
                timer = loop.schedule(timeoutMs, TimeUnit.MILLISECONDS, () -> finish(PmixStatus.PMIX_ERR_TIMEOUT));
            }
            attempt();
        }

        private void finish(int status) {
            if (req.isAnswered()) {
                return;
            }
            if (timer != null) {
                timer.cancel();
            }
            req.replyStatus(status);
        }

        /** Tries to answer; registers itself to try again when the target's data changes. */
        private void attempt() {
            if (req.isAnswered()) {
                return;
            }
            JobData job = jobs.get(target.nspace()).orElse(null);
            if (job == null) {
                if (immediate) {
                    finish(PmixStatus.PMIX_ERR_NOT_FOUND);
                } else {
                    directModex(null);
                }
                return;
            }
            if (target.rank() == Rank.WILDCARD) {
                reply(job, null);
                return;
            }
            if (Integer.compareUnsigned(target.rank(), job.jobSize()) >= 0 && job.jobSize() > 0) {
                finish(PmixStatus.PMIX_ERR_NOT_FOUND);
                return;
            }
            if (key != null && key.startsWith("pmix")) {
                // reserved keys are job data, never put: the registered data has it or nobody does
                if (job.find(target.rank(), key, List.of()).isPresent()) {
                    reply(job, new byte[0]);
                } else {
                    finish(PmixStatus.PMIX_ERR_NOT_FOUND);
                }
                return;
            }
            if (key != null && job.find(target.rank(), key, List.of()).isPresent()) {
                // a key of the host's own that it registered for the process (e.g. a fork/exec agent's spawn
                // instructions): libpmix files such keys only if they do not start with "pmix"
                reply(job, new byte[0]);
                return;
            }
            ProcData d = modex.get(target);
            if (job.isLocal(target.rank())) {
                local(job, d);
            } else {
                remote(job, d);
            }
        }

        private void local(JobData job, ProcData d) {
            boolean committed = d != null && d.committed();
            // a local target's own data is always current here: PMIX_GET_REFRESH_CACHE changes nothing
            Scope in = scope == null ? Scope.LOCAL : scope;
            if (committed && (key == null || inScope(d, in, key))) {
                reply(job, scoped(d, in));
                return;
            }
            if (committed && (d.local().has(key) || d.remote().has(key))) {
                // the target shared it in the other scope only (e.g. with remote readers): no use waiting
                finish(PmixStatus.PMIX_ERR_NOT_FOUND);
                return;
            }
            if (immediate || modex.isGone(target)) {
                finish(PmixStatus.PMIX_ERR_NOT_FOUND);
                return;
            }
            if (committed && timer == null) {
                // the target committed, but not this key: libpmix waits a little for a later commit
                timer = loop.schedule(DEFAULT_KEY_WAIT_MS, TimeUnit.MILLISECONDS,
                        () -> finish(PmixStatus.PMIX_ERR_TIMEOUT));
            }
            modex.onChange(target, this::attempt);
        }

        private void remote(JobData job, ProcData d) {
            if (Scope.LOCAL.equals(scope)) {
                finish(PmixStatus.PMIX_ERR_NOT_FOUND); // a process on another node shares nothing node-only
                return;
            }
            if (refresh) {
                refresh = false; // once: the answer of the direct modex is then served from the store
                directModex(job);
                return;
            }
            if (d != null && (key == null ? !d.remote().isEmpty() : d.remote().has(key))) {
                reply(job, d.remote().bytes(req.peer().kind()));
                return;
            }
            if (immediate) {
                finish(PmixStatus.PMIX_ERR_NOT_FOUND);
                return;
            }
            directModex(job);
        }

        private static boolean inScope(ProcData d, Scope s, String key) {
            return switch (s.kind()) {
                case REMOTE -> d.remote().has(key);
                case GLOBAL -> d.local().has(key) || d.remote().has(key);
                default -> d.local().has(key);
            };
        }

        /** A local target's KVALs of scope {@code s}; GLOBAL = both (a GLOBAL put is in both, same value). */
        private byte[] scoped(ProcData d, Scope s) {
            BufferKind kind = req.peer().kind();
            return switch (s.kind()) {
                case REMOTE -> d.remote().bytes(kind);
                case GLOBAL -> concat(d.remote().bytes(kind), d.local().bytes(kind));
                default -> d.local().bytes(kind);
            };
        }

        private static byte[] concat(byte[] a, byte[] b) {
            byte[] out = java.util.Arrays.copyOf(a, a.length + b.length);
            System.arraycopy(b, 0, out, a.length, b.length);
            return out;
        }

        /** Asks the host to fetch the target's data from its server. */
        private void directModex(JobData job) {
            List<Info> directives = new ArrayList<>(info);
            if (key != null) {
                directives.add(Attributes.REQUIRED_KEY.info(key));
            }
            host.directModex(target, directives).whenCompleteAsync((blob, err) -> {
                if (req.isAnswered()) {
                    return;
                }
                if (err != null) {
                    int st = ServerCore.statusOf(err);
                    finish(st == PmixStatus.PMIX_ERR_NOT_SUPPORTED ? PmixStatus.PMIX_ERR_NOT_FOUND : st);
                    return;
                }
                modex.storeRemote(target, blob, serverKind);
                JobData now = job != null ? job : jobs.get(target.nspace()).orElse(null);
                reply(now, modex.get(target).remote().bytes(req.peer().kind()));
            }, loop);
        }

        /**
         * STATUS 0, the job-level object when the target is the whole job or another job, then the target's
         * object: PROC, its registered data when it belongs to another job, and {@code keyValues} (its KVAL
         * packs).
         */
        private void reply(JobData job, byte[] keyValues) {
            BufferKind kind = req.peer().kind();
            List<ByteObject> objects = new ArrayList<>(2);
            // a tool named in a registered job (one a server started, as a fork/exec agent) got none of its
            // job's data at init: it is sent as to a peer of another job
            boolean foreign = !target.nspace().equals(req.peer().proc().nspace()) || !req.peer().isClient();
            if (job != null && (target.rank() == Rank.WILDCARD || foreign)) {
                objects.add(new ByteObject(JobDataPayloads.jobLevelObject(job, kind)));
            }
            if (target.rank() != Rank.WILDCARD) {
                Packer obj = new Packer(kind);
                if (job != null && foreign) {
                    obj.raw(JobDataPayloads.procObject(job, target.rank(), kind));
                } else {
                    obj.proc(target);
                }
                obj.raw(keyValues);
                objects.add(new ByteObject(obj.toByteArray()));
            }
            if (timer != null) {
                timer.cancel();
            }
            req.reply(new GetReply(PmixStatus.PMIX_SUCCESS, objects));
        }
    }

}
