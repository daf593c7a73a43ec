package org.pmix4j.server.handler;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Executor;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.DataArray;
import org.pmix4j.api.Info;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;
import org.pmix4j.api.Query;
import org.pmix4j.api.Rank;
import org.pmix4j.api.Value;
import org.pmix4j.api.internal.Log;
import org.pmix4j.server.HostModule;
import org.pmix4j.api.AttributeSupport;
import org.pmix4j.server.core.CommandHandler;
import org.pmix4j.server.core.Request;
import org.pmix4j.server.security.Authorisation;
import org.pmix4j.server.store.JobData;
import org.pmix4j.server.store.JobStore;
import org.pmix4j.wire.message.StatusInfosReply;
import org.pmix4j.wire.message.QueryRequest;

/**
 * QUERY: at least one query. Answered as libpmix's server answers: first from the data
 * registered here, then by the host's {@code query} upcall.
 *
 * <p><b>From the registered data</b> ({@link JobData#find}): every key of a query, for the process named
 * by the qualifiers PMIX_PROCID or PMIX_NSPACE / PMIX_RANK (default: the requester's namespace, rank
 * WILDCARD), with PMIX_SESSION_INFO, PMIX_APP_INFO / PMIX_APPNUM, PMIX_NODE_INFO / PMIX_NODEID /
 * PMIX_HOSTNAME and the like honoured. A query with PMIX_QUERY_REFRESH_CACHE goes to the host whole (as in
 * libpmix, which then asks the host for everything); what the host does not answer is still filled in from
 * the registered data.
 *
 * <p><b>From the host</b>: the keys not found here, in their queries (with their qualifiers), in one call.
 * PMIX_QUERY_NAMESPACES is the host's to answer (it knows jobs on other nodes too); when it does not, the
 * server answers with the namespaces registered here, comma-separated. libpmix's own server answers
 * PMIX_QUERY_ATTRIBUTE_SUPPORT and PMIX_QUERY_AVAIL_SERVERS without the host and sends everything else to
 * it; this server answers the first from {@link AttributeSupport} (what the server library and, through
 * PmixServer.registerAttributes, the host registered) and the second from {@link AvailableServers} (the
 * live servers whose rendezvous files are under its tmpdirs), which reads the file system off the loop.
 *
 * <p><b>Reply</b> ({@code query_cbfunc}, a {@link StatusInfosReply}): STATUS, SIZE, INFO[] (each info keyed by
 * the query key) —
 * PMIX_SUCCESS when every key was answered or the host succeeded; PMIX_QUERY_PARTIAL_SUCCESS when the host
 * failed but some keys were answered here (a 4.2.2 client does not read the infos after a status other
 * than success); otherwise the host's error, PMIX_ERR_NOT_FOUND when it has no query upcall (libpmix
 * answers PMIX_ERR_UNREACH then, an artifact of it trying to ask a server of its own). A malformed or empty
 * request gets a bare STATUS.
 *
 * <p><b>Who may see what</b> ({@link QueryPermissions}): a query whose qualifiers name another user's job is
 * refused with PMIX_ERR_NO_PERMISSIONS (a bare STATUS), and the lists of jobs in an answer, the host's
 * included, are cut to the jobs the requester may act on.
 *
 * <p>Note that a libpmix client answers some queries itself and never sends them: PMIX_QUERY_ATTRIBUTE_SUPPORT
 * for client (and, in a tool, tool) attributes; PMIX_QUERY_AVAIL_SERVERS; the ABI version keys; and,
 * unless PMIX_QUERY_REFRESH_CACHE is given, any query whose every key it finds in its own cache for the
 * process the qualifiers name (its own job data, data of jobs it connected to, earlier query results).
 */
public final class QueryHandler implements CommandHandler<QueryRequest> {
    private static final Log LOG = Log.of(QueryHandler.class);

    private final AttributeSupport support;
    private final AvailableServers servers;
    private final JobStore jobs;
    private final HostModule host;
    private final Executor loop;
    private final QueryPermissions permissions;

    public QueryHandler(AttributeSupport support, AvailableServers servers, JobStore jobs, HostModule host,
            Executor loop, Authorisation authorisation) {
        this.permissions = new QueryPermissions(authorisation);
        this.support = support;
        this.servers = servers;
        this.jobs = jobs;
        this.host = host;
        this.loop = loop;
    }

    @Override
    public void handle(Request req, QueryRequest query) {
        List<Query> queries = query.queries();
        if (queries.isEmpty()) {
            throw new PmixException(PmixStatus.PMIX_ERR_BAD_PARAM, "a query without queries");
        }
        permissions.check(req.peer(), queries);
        if (queries.stream().anyMatch(q -> AttributeSupport.isAttributeQuery(q.keys()))) {
            // as in libpmix, a request with an attribute-support query is answered here, whole: the
            // other queries in it are not looked at
            List<Info> answers = new ArrayList<>();
            for (Query q : queries) {
                if (AttributeSupport.isAttributeQuery(q.keys())) {
                    answers.addAll(support.answer(q.qualifiers()));
                }
            }
            reply(req, answers.isEmpty() ? PmixStatus.PMIX_ERR_NOT_FOUND : PmixStatus.PMIX_SUCCESS, answers);
            return;
        }
        if (queries.stream().anyMatch(q -> q.keys().contains(Attributes.QUERY_AVAIL_SERVERS.key()))) {
            servers.findAsync().whenCompleteAsync((found, err) -> {
                try {
                    answer(req, queries, found);
                } catch (RuntimeException e) {
                    LOG.debug("query by {} failed: {}", req.peer(), e.toString());
                    reply(req, e instanceof PmixException pe ? pe.status() : PmixStatus.PMIX_ERROR, List.of());
                }
            }, loop);
            return;
        }
        answer(req, queries, null);
    }

    /** Answers {@code queries}, with {@code availableServers} for PMIX_QUERY_AVAIL_SERVERS when asked. */
    private void answer(Request req, List<Query> queries, DataArray availableServers) {
        Proc requester = req.peer().proc();

        Map<String, Value> local = new LinkedHashMap<>();
        Map<String, Value> fallback = new LinkedHashMap<>();
        Set<String> wanted = new HashSet<>();
        List<Query> forHost = new ArrayList<>();
        for (Query q : queries) {
            boolean refresh = GroupConstructHandler.flag(q.qualifiers(), Attributes.QUERY_REFRESH_CACHE.key());
            List<String> hostKeys = new ArrayList<>();
            for (String key : q.keys()) {
                wanted.add(key);
                if (key.equals(Attributes.QUERY_AVAIL_SERVERS.key())) {
                    local.put(key, availableServers);
                    continue;
                }
                if (key.equals(Attributes.QUERY_NAMESPACES.key())) {
                    fallback.put(key, Value.of(String.join(",", jobs.nspaces())));
                    hostKeys.add(key);
                    continue;
                }
                Optional<Value> v = fromStore(jobs, requester, key, q.qualifiers());
                if (v.isPresent() && !refresh) {
                    local.put(key, v.get());
                } else {
                    v.ifPresent(value -> fallback.put(key, value));
                    hostKeys.add(key);
                }
            }
            if (!hostKeys.isEmpty()) {
                forHost.add(new Query(hostKeys, q.qualifiers()));
            }
        }
        if (forHost.isEmpty()) {
            reply(req, PmixStatus.PMIX_SUCCESS, toInfos(local));
            return;
        }
        HostReplies.whenDone(loop, host.query(requester, forHost), (answers, status) -> {
            Map<String, Value> all = new LinkedHashMap<>(local);
            if (status == PmixStatus.PMIX_SUCCESS) {
                List<Info> out = new ArrayList<>(toInfos(local));
                Set<String> answered = new HashSet<>(local.keySet());
                for (Info i : answers == null ? List.<Info>of() : answers) {
                    out.add(i);
                    answered.add(i.key());
                }
                for (Map.Entry<String, Value> e : fallback.entrySet()) {
                    if (!answered.contains(e.getKey())) {
                        out.add(Info.of(e.getKey(), e.getValue()));
                    }
                }
                reply(req, PmixStatus.PMIX_SUCCESS, out);
                return;
            }
            all.putAll(fallback);
            LOG.debug("host could not answer {} for {}: status {}", forHost, requester, status);
            if (all.keySet().containsAll(wanted)) {
                reply(req, PmixStatus.PMIX_SUCCESS, toInfos(all));
            } else if (!all.isEmpty()) {
                reply(req, PmixStatus.PMIX_QUERY_PARTIAL_SUCCESS, toInfos(all));
            } else {
                reply(req, status == PmixStatus.PMIX_ERR_NOT_SUPPORTED ? PmixStatus.PMIX_ERR_NOT_FOUND : status, List.of());
            }
        });
    }

    private void reply(Request req, int status, List<Info> infos) {
        req.reply(new StatusInfosReply(status, permissions.filter(req.peer(), infos)));
    }

    private static List<Info> toInfos(Map<String, Value> values) {
        List<Info> out = new ArrayList<>(values.size());
        values.forEach((k, v) -> out.add(Info.of(k, v)));
        return out;
    }

    /** The key for the process the qualifiers name, from the registered job data. */
    private static Optional<Value> fromStore(JobStore jobs, Proc requester, String key, List<Info> qualifiers) {
        String nspace = requester.nspace();
        int rank = Rank.WILDCARD;
        for (Info q : qualifiers) {
            if (q.key().equals(Attributes.PROCID.key()) && q.value() instanceof Proc p) {
                nspace = p.nspace();
                rank = p.rank();
            } else if (q.key().equals(Attributes.NSPACE.key())) {
                if (q.value() instanceof Value.Str s && s.value() != null) {
                    nspace = s.value();
                } else if (q.value() instanceof Value.Nspace s) {
                    nspace = s.value();
                }
            } else if (q.key().equals(Attributes.RANK.key()) && q.value() instanceof Rank r) {
                rank = r.value();
            }
        }
        JobData job = jobs.get(nspace).orElse(null);
        if (job == null || !job.hasData()) {
            return Optional.empty();
        }
        if (key.equals(Attributes.RANK.key()) && Rank.isValid(rank) && Integer.compareUnsigned(rank, job.jobSize()) < 0) {
            // a process's rank is implicit in the job data, as in libpmix's, where PMIX_RANK heads its array
            return Optional.of(new Rank(rank));
        }
        try {
            return job.find(rank == Rank.UNDEF ? Rank.WILDCARD : rank, key, qualifiers);
        } catch (PmixException e) {
            LOG.debug("query of {} in {}: {}", key, nspace, e.getMessage());
            return Optional.empty();
        }
    }
}
