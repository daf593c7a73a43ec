package org.pmix4j.server.collective;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.pmix4j.api.Proc;

/**
 * The process groups constructed through this server, by id: their members, and whether the host took
 * part in the construction (a group of local processes only is built here alone, and then also destructed
 * here alone). Loop thread only.
 */
public final class Groups {
    /** A constructed group. */
    public record Group(String id, List<Proc> members, boolean viaHost) {
        public Group {
            members = List.copyOf(members);
        }
    }

    private final Map<String, Group> groups = new HashMap<>();

    public Group get(String id) {
        return groups.get(id);
    }

    public void put(Group g) {
        groups.put(g.id(), g);
    }

    public void remove(String id) {
        groups.remove(id);
    }
}
