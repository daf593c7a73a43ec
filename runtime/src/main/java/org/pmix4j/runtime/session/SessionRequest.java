package org.pmix4j.runtime.session;

import java.util.List;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.DataArray;
import org.pmix4j.api.Info;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;

/**
 * A session as a scheduler's PMIx_Session_control asks for it (docs/sessions.md, "instantiate" and
 * "extend"): PMIX_SESSION_RESOURCES = {PMIX_ALLOC_NODE_LIST "n1,n2", PMIX_ALLOC_NUM_CPU_LIST "4,2" (slots
 * per node, same order), PMIX_ALLOC_ID, PMIX_ALLOC_REQ_ID, PMIX_ALLOC_TIME}, and beside it PMIX_USERID (the
 * owner), {@code pmix4j.ssn.parent} and PMIX_ALLOC_CHILD_SEP. PMIX_ALLOC_ID, PMIX_ALLOC_REQ_ID and
 * PMIX_ALLOC_TIME are also taken beside the resources. Only this node's slots can be run for now.
 *
 * @param slots       the slots asked for, on this node
 * @param allocId     PMIX_ALLOC_ID, or null
 * @param requestId   PMIX_ALLOC_REQ_ID, or null
 * @param timeSeconds PMIX_ALLOC_TIME, 0 for none
 * @param owner       PMIX_USERID, or null (the requester's then)
 * @param parent      {@code pmix4j.ssn.parent}, or null
 * @param childSep    PMIX_ALLOC_CHILD_SEP
 */
public record SessionRequest(int slots, String allocId, String requestId, long timeSeconds, Integer owner,
        Integer parent, boolean childSep) {

    /**
     * Reads the directives of an instantiate or extend. {@code slotsRequired}: an instantiate must name
     * resources; an extend may give only a time.
     *
     * @throws PmixException PMIX_ERR_BAD_PARAM for malformed resources, PMIX_ERR_NOT_SUPPORTED for a node
     *                       that is not this one
     */
    public static SessionRequest of(List<Info> directives, String hostname, boolean slotsRequired) {
        List<Info> res = Attributes.SESSION_RESOURCES.find(directives).map(DataArray::infos).orElse(List.of());
        String nodes = Attributes.ALLOC_NODE_LIST.find(res).orElse(null);
        String cpus = Attributes.ALLOC_NUM_CPU_LIST.find(res).orElse(null);
        int slots = 0;
        if (nodes == null && cpus == null) {
            Long n = Attributes.ALLOC_NUM_CPUS.find(res).orElse(null);
            if (n != null) {
                slots = Math.toIntExact(n);
            } else if (slotsRequired) {
                throw bad("PMIX_SESSION_RESOURCES must give PMIX_ALLOC_NODE_LIST and PMIX_ALLOC_NUM_CPU_LIST (the"
                        + " session's nodes and their slots)");
            }
        } else {
            slots = slotsOnThisNode(nodes, cpus, hostname);
        }
        String allocId = Attributes.ALLOC_ID.find(res).or(() -> Attributes.ALLOC_ID.find(directives)).orElse(null);
        String reqId = Attributes.ALLOC_REQ_ID.find(res).or(() -> Attributes.ALLOC_REQ_ID.find(directives))
                .orElse(null);
        long time = Attributes.ALLOC_TIME.find(res).or(() -> Attributes.ALLOC_TIME.find(directives)).map(
                Integer::toUnsignedLong).orElse(0L);
        return new SessionRequest(slots, allocId, reqId, time, Attributes.USERID.find(directives).orElse(null),
                SessionKeys.PARENT.find(directives).orElse(null),
                Attributes.ALLOC_CHILD_SEP.find(directives).orElse(false));
    }

    private static int slotsOnThisNode(String nodes, String cpus, String hostname) {
        if (nodes == null || cpus == null) {
            throw bad("PMIX_SESSION_RESOURCES gives " + (nodes == null ? "PMIX_ALLOC_NUM_CPU_LIST without"
                    + " PMIX_ALLOC_NODE_LIST" : "PMIX_ALLOC_NODE_LIST without PMIX_ALLOC_NUM_CPU_LIST")
                    + ": both are needed, the slots of each node in the order of the nodes");
        }
        String[] names = nodes.split(",");
        String[] counts = cpus.split(",");
        if (names.length != counts.length) {
            throw bad("PMIX_ALLOC_NODE_LIST \"" + nodes + "\" names " + names.length + " nodes but"
                    + " PMIX_ALLOC_NUM_CPU_LIST \"" + cpus + "\" gives " + counts.length + " slot counts");
        }
        int total = 0;
        for (int i = 0; i < names.length; i++) {
            String name = names[i].strip();
            if (!isThisNode(name, hostname)) {
                throw new PmixException(PmixStatus.PMIX_ERR_NOT_SUPPORTED, "node " + name + " of the session is"
                        + " not this node (" + hostname + "): this runtime runs sessions on its own node only;"
                        + " sessions of several nodes come later");
            }
            try {
                int n = Integer.parseInt(counts[i].strip());
                if (n < 1) {
                    throw new NumberFormatException();
                }
                total = Math.addExact(total, n);
            } catch (NumberFormatException e) {
                throw bad("PMIX_ALLOC_NUM_CPU_LIST \"" + cpus + "\": \"" + counts[i].strip() + "\" is no slot count"
                        + " (a positive number)");
            }
        }
        return total;
    }

    /** This node, by its name or its short name. */
    static boolean isThisNode(String name, String hostname) {
        if (name.equalsIgnoreCase(hostname)) {
            return true;
        }
        String shortName = hostname.contains(".") ? hostname.substring(0, hostname.indexOf('.')) : hostname;
        String shortGiven = name.contains(".") ? name.substring(0, name.indexOf('.')) : name;
        return shortGiven.equalsIgnoreCase(shortName);
    }

    private static PmixException bad(String message) {
        return new PmixException(PmixStatus.PMIX_ERR_BAD_PARAM, message);
    }
}
