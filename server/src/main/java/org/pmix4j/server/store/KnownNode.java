package org.pmix4j.server.store;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import org.pmix4j.api.Rank;
import org.pmix4j.api.Value;

/**
 * One node as the {@link NodeTable} knows it while a registration is resolved: its name, id and aliases,
 * which the stages learn one description or process at a time, and what the host registered about it.
 * {@link #finish} makes the node's {@link NodeEntry} once its processes are known.
 */
final class KnownNode {
    private static final int[] NONE = new int[0];

    /** The node's position in the {@link NodeTable}. */
    final int index;
    String name;
    long id = -1;
    List<String> aliases;
    /** Node-level values the host registered (without pmix.hname / pmix.nodeid), in its order. */
    final LinkedHashMap<String, Value> hostInfo = new LinkedHashMap<>();

    private int[] hostPeers;
    private boolean hostPeersParsed;

    KnownNode(int index) {
        this.index = index;
    }

    boolean hasAlias(String a) {
        return aliases != null && aliases.contains(a);
    }

    void addAlias(String a) {
        if (a.equals(name)) {
            return;
        }
        if (aliases == null) {
            aliases = new ArrayList<>(2);
        }
        if (!aliases.contains(a)) {
            aliases.add(a);
        }
    }

    /** True when {@code host} is this node's name or one of its aliases. */
    boolean isNamed(String host) {
        return host.equals(name) || hasAlias(host);
    }

    String displayName() {
        return name != null ? "'" + name + "'" : "#" + id;
    }

    /** The ranks of the host's pmix.lpeers for this node, or null when it gave none; checked below jobSize. */
    int[] hostPeers(int jobSize) {
        if (!hostPeersParsed) {
            Value v = hostInfo.get(Keys.LOCAL_PEERS);
            hostPeers = v == null ? null : parsePeers(Keys.string(v));
            hostPeersParsed = true;
        }
        if (hostPeers != null) {
            for (int r : hostPeers) {
                if (r >= jobSize) {
                    throw Keys.bad("pmix.lpeers of node " + displayName() + ": rank " + r
                            + " is not below the job size " + jobSize);
                }
            }
        }
        return hostPeers;
    }

    private int[] parsePeers(String s) {
        if (s.isEmpty()) {
            return NONE;
        }
        String[] parts = s.split(",", -1);
        int[] out = new int[parts.length];
        int n = 0;
        for (String p : parts) {
            try {
                int dash = p.indexOf('-');
                if (dash > 0) {
                    int a = Integer.parseInt(p, 0, dash, 10);
                    int b = Integer.parseInt(p, dash + 1, p.length(), 10);
                    if (a < 0 || b < a || b - a >= Keys.MAX_JOB_SIZE) {
                        throw new NumberFormatException();
                    }
                    if (n + (b - a + 1) > out.length) {
                        out = Arrays.copyOf(out, n + (b - a + 1) + parts.length);
                    }
                    for (int r = a; r <= b; r++) {
                        out[n++] = r;
                    }
                } else {
                    int r = Integer.parseInt(p);
                    if (r < 0) {
                        throw new NumberFormatException();
                    }
                    out[n++] = r;
                }
            } catch (NumberFormatException e) {
                throw Keys.bad("pmix.lpeers of node " + displayName() + " is '" + s + "': '" + p
                        + "' is not a rank or a range of ranks");
            }
        }
        return Arrays.copyOf(out, n);
    }

    /**
     * The node with this job's processes on it ({@code jobRanks}, ascending), and its view. When every process of the job is placed,
     * the host's own pmix.lpeers, pmix.local.size and pmix.lldr must agree with the placement.
     */
    NodeEntry finish(int[] jobRanks, boolean allPlaced) {
        LinkedHashMap<String, Value> v = new LinkedHashMap<>();
        if (name != null) {
            v.put(Keys.HOSTNAME, new Value.Str(name));
        }
        if (id >= 0) {
            v.put(Keys.NODEID, new Value.UInt32((int) id));
        }
        v.putAll(hostInfo);
        if (jobRanks.length > 0) {
            if (allPlaced) {
                check(jobRanks);
            }
            if (!v.containsKey(Keys.LOCAL_PEERS)) {
                StringBuilder sb = new StringBuilder(jobRanks.length * 4);
                for (int i = 0; i < jobRanks.length; i++) {
                    if (i > 0) {
                        sb.append(',');
                    }
                    sb.append(jobRanks[i]);
                }
                v.put(Keys.LOCAL_PEERS, new Value.Str(sb.toString()));
            }
            v.putIfAbsent(Keys.LOCALLDR, new Rank(jobRanks[0]));
            v.putIfAbsent(Keys.LOCAL_SIZE, new Value.UInt32(jobRanks.length));
            v.putIfAbsent(Keys.NODE_SIZE, new Value.UInt32(jobRanks.length));
        }
        return new NodeEntry(index, name, id, aliases == null ? List.of() : List.copyOf(aliases), jobRanks, v);
    }

    private void check(int[] ranks) {
        int[] peers = hostPeers(Integer.MAX_VALUE);
        if (peers != null) {
            int[] sorted = peers.clone();
            Arrays.sort(sorted);
            if (!Arrays.equals(sorted, ranks)) {
                throw Keys.bad("pmix.lpeers of node " + displayName() + " is '"
                        + Keys.string(hostInfo.get(Keys.LOCAL_PEERS)) + "' but the job places "
                        + describe(ranks) + " there");
            }
        }
        Value ls = hostInfo.get(Keys.LOCAL_SIZE);
        if (ls != null && Keys.number(ls) != ranks.length) {
            throw Keys.bad("pmix.local.size of node " + displayName() + " is " + Keys.number(ls)
                    + " but the job places " + ranks.length + " processes there");
        }
        Value ldr = hostInfo.get(Keys.LOCALLDR);
        if (ldr != null && Keys.number(ldr) != ranks[0]) {
            throw Keys.bad("pmix.lldr of node " + displayName() + " is " + Keys.number(ldr)
                    + " but the lowest rank there is " + ranks[0]);
        }
    }

    private static String describe(int[] ranks) {
        if (ranks.length <= 8) {
            return "ranks " + Arrays.toString(ranks);
        }
        return ranks.length + " ranks (" + ranks[0] + ", " + ranks[1] + ", ... " + ranks[ranks.length - 1] + ")";
    }
}
