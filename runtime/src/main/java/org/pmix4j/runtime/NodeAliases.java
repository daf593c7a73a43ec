package org.pmix4j.runtime;

import java.util.ArrayList;
import java.util.List;
import org.pmix4j.server.ServerConfig;

/**
 * The other names of a node (PMIX_HOSTNAME_ALIASES): what its kernel calls it, in full and cut at the first
 * dot, and the name it was given when the job data names it otherwise. A node keeps the name it was given
 * (a host file's address, say): the daemons find their processes by it. A program that asks for its node by
 * what gethostname() told it (PMIx_Resolve_peers, a node-level Get with PMIX_HOSTNAME) finds it through
 * these, as under PRRTE, which names the node by its daemon's host name and keeps the given one as an alias.
 * Names that stand for every host (localhost, loopback addresses) are never aliases.
 */
public final class NodeAliases {
    private NodeAliases() {
    }

    /** This host's own names besides {@code nodeName}, as its daemon reports them. */
    public static List<String> ownNames(String nodeName) {
        List<String> out = new ArrayList<>(2);
        add(out, ServerConfig.localHostname(), nodeName);
        add(out, ServerConfig.localFullHostname(), nodeName);
        return out;
    }

    /** {@code names} with {@code extra} added, unless it is the node's name, already there, or any host's. */
    public static List<String> with(List<String> names, String extra, String nodeName) {
        List<String> out = new ArrayList<>(names);
        add(out, extra, nodeName);
        return out;
    }

    private static void add(List<String> out, String name, String nodeName) {
        if (name != null && !name.isEmpty() && !name.equals(nodeName) && !out.contains(name) && !anyHost(name)) {
            out.add(name);
        }
    }

    /** A name every host answers to: not one node's alias. */
    static boolean anyHost(String name) {
        return name.equals("localhost") || name.startsWith("localhost.") || name.startsWith("127.")
                || name.equals("::1");
    }
}
