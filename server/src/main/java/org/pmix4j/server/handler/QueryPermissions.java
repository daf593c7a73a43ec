package org.pmix4j.server.handler;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.DataArray;
import org.pmix4j.api.Info;
import org.pmix4j.api.Proc;
import org.pmix4j.api.Query;
import org.pmix4j.api.Value;
import org.pmix4j.server.peer.Peer;
import org.pmix4j.server.security.Authorisation;

/**
 * What a query may reveal ({@link Authorisation}'s rule): a query about a job (its qualifiers name it with
 * PMIX_NSPACE or PMIX_PROCID) is refused with PMIX_ERR_NO_PERMISSIONS unless the requester may act on that
 * job, and the lists of jobs (PMIX_QUERY_NAMESPACES, PMIX_QUERY_NAMESPACE_INFO), whether the server or the
 * host answered them, keep only the jobs the requester may act on.
 */
final class QueryPermissions {
    private final Authorisation authorisation;

    QueryPermissions(Authorisation authorisation) {
        this.authorisation = authorisation;
    }

    /** Refuses the request if one of its queries is about a job that {@code peer} may not act on. */
    void check(Peer peer, List<Query> queries) {
        Set<String> named = new LinkedHashSet<>();
        for (Query q : queries) {
            String nspace = namedJob(q.qualifiers());
            if (nspace != null) {
                named.add(nspace);
            }
        }
        authorisation.require(peer, "query", named);
    }

    /** The answers, with the job lists cut to what {@code peer} may see. */
    List<Info> filter(Peer peer, List<Info> answers) {
        if (authorisation.mayActOnAll(peer)) {
            return answers;
        }
        List<Info> out = new ArrayList<>(answers.size());
        for (Info i : answers) {
            out.add(Info.of(i.key(), filter(peer, i.key(), i.value())));
        }
        return out;
    }

    /** One answer, cut to what {@code peer} may see when it lists jobs. */
    Value filter(Peer peer, String key, Value value) {
        if (authorisation.mayActOnAll(peer)) {
            return value;
        }
        if (key.equals(Attributes.QUERY_NAMESPACES.key()) && value instanceof Value.Str s && s.value() != null) {
            List<String> kept = new ArrayList<>();
            for (String n : s.value().split(",")) {
                if (!n.isEmpty() && authorisation.mayActOn(peer, n)) {
                    kept.add(n);
                }
            }
            return Value.of(String.join(",", kept));
        }
        if (key.equals(Attributes.QUERY_NAMESPACE_INFO.key()) && value instanceof DataArray rows) {
            List<Value> kept = new ArrayList<>();
            for (Value row : rows.elements()) {
                String nspace = row instanceof DataArray a && a.elementType() == org.pmix4j.api.DataType.INFO
                        ? Attributes.NSPACE.find(a.infos()).orElse(null) : null;
                if (nspace != null && authorisation.mayActOn(peer, nspace)) {
                    kept.add(row);
                }
            }
            return new DataArray(rows.elementType(), kept);
        }
        return value;
    }

    /** The job the qualifiers name, or null when they name none (the query is about the requester's). */
    private static String namedJob(List<Info> qualifiers) {
        for (Info q : qualifiers) {
            if (q.key().equals(Attributes.PROCID.key()) && q.value() instanceof Proc p) {
                return p.nspace();
            }
            if (q.key().equals(Attributes.NSPACE.key())) {
                if (q.value() instanceof Value.Str s && s.value() != null) {
                    return s.value();
                }
                if (q.value() instanceof Value.Nspace s) {
                    return s.value();
                }
            }
        }
        return null;
    }
}
