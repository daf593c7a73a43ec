package org.pmix4j.client.store;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Value;

/**
 * What this process knows about one namespace, filed by level as the server sent it: job-level values,
 * the session, each node, each application, and each process (its job-information blob and whatever
 * Get replies brought). Guarded by the {@link DataStore} that owns it.
 */
final class NamespaceData {
    final String nspace;
    final Map<String, Value> job = new LinkedHashMap<>();
    final Map<String, Value> session = new LinkedHashMap<>();
    final List<Map<String, Value>> nodes = new ArrayList<>();
    final List<Map<String, Value>> apps = new ArrayList<>();
    final Map<Integer, Map<String, Value>> procs = new HashMap<>();

    NamespaceData(String nspace) {
        this.nspace = nspace;
    }

    Map<String, Value> proc(int rank) {
        return procs.computeIfAbsent(rank, r -> new LinkedHashMap<>());
    }

    /** The node with this host name or id (either may be null), or null. */
    Map<String, Value> node(String host, Integer nodeId) {
        for (Map<String, Value> n : nodes) {
            if (host != null && host.equals(text(n.get(Attributes.HOSTNAME.key())))) {
                return n;
            }
            if (nodeId != null && nodeId.equals(Attributes.NODEID.read(n.get(Attributes.NODEID.key())).orElse(null))) {
                return n;
            }
        }
        return null;
    }

    /**
     * The node a Get names by host name or id: as {@link #node}, else the node that has {@code host} among its
     * PMIX_HOSTNAME_ALIASES (a node given by address answers to its own host name), as libpmix looks nodes up:
     * names first, aliases only when no name matched.
     */
    Map<String, Value> named(String host, Integer nodeId) {
        Map<String, Value> n = node(host, nodeId);
        if (n != null || host == null) {
            return n;
        }
        for (Map<String, Value> candidate : nodes) {
            String aliases = text(candidate.get(Attributes.HOSTNAME_ALIASES.key()));
            if (aliases != null && java.util.Arrays.asList(aliases.split(",")).contains(host)) {
                return candidate;
            }
        }
        return null;
    }

    /** The node entry for these values, merged into an existing one of the same host or id, or added. */
    Map<String, Value> nodeFor(String host, Integer nodeId) {
        Map<String, Value> n = node(host, nodeId);
        if (n == null) {
            n = new LinkedHashMap<>();
            nodes.add(n);
        }
        return n;
    }

    Map<String, Value> app(int appnum) {
        for (Map<String, Value> a : apps) {
            Integer n = Attributes.APPNUM.read(a.get(Attributes.APPNUM.key())).orElse(null);
            if (n != null && n == appnum) {
                return a;
            }
        }
        return null;
    }

    Map<String, Value> appFor(int appnum) {
        Map<String, Value> a = app(appnum);
        if (a == null) {
            a = new LinkedHashMap<>();
            a.put(Attributes.APPNUM.key(), new Value.UInt32(appnum));
            apps.add(a);
        }
        return a;
    }

    static String text(Value v) {
        if (v instanceof Value.Str s) {
            return s.value();
        }
        return v instanceof Value.Nspace n ? n.value() : null;
    }
}
