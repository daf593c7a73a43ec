package org.pmix4j.server.store;

import java.util.LinkedHashMap;
import java.util.List;
import org.pmix4j.api.Value;

/**
 * One node as the job data serves it.
 *
 * @param index its position among the known nodes (that of its {@link KnownNode})
 * @param name its host name, or null when only its id is known
 * @param id its node id (given or assigned)
 * @param aliases its other names
 * @param ranks this job's processes on it, ascending (a process's local rank is its position here); do
 *     not modify
 * @param view the node-level values: {@code pmix.hname}, {@code pmix.nodeid}, the host's values, then the
 *     derived ones
 */
record NodeEntry(int index, String name, long id, List<String> aliases, int[] ranks,
        LinkedHashMap<String, Value> view) {
}
