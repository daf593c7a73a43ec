package org.pmix4j.runtime.frontend;

import java.util.ArrayList;
import java.util.List;
import org.pmix4j.runtime.json.Json;

/**
 * The scheduler's queue table (PMIX_QUERY_QUEUE_STATUS's string: a header, then one row per running
 * session and per pending request, in columns SESSION ALLOC_ID USER STATE SLOTS NODES TIME_LEFT JOBS) as
 * JSON. Every column but the last is one word; the last is the rest of the line (a pending request's is
 * its position and start estimate, in words).
 */
final class QueueTable {
    private QueueTable() {
    }

    static String json(String table) {
        List<Object> sessions = new ArrayList<>();
        List<Object> pending = new ArrayList<>();
        String[] lines = table.split("\n");
        for (int i = 1; i < lines.length; i++) {
            String[] f = lines[i].trim().split("\\s+", 8);
            if (f.length < 8) {
                continue;
            }
            if (f[3].equals("running")) {
                sessions.add(Json.object().put("session", number(f[0])).put("allocation", f[1]).put("user", f[2])
                        .put("slots", number(f[4])).put("nodes", nodes(f[5]))
                        .put("timeLeft", f[6].equals("unlimited") ? null : f[6])
                        .put("jobs", f[7].equals("-") ? List.of() : List.of(f[7].split(","))));
            } else {
                pending.add(Json.object().put("request", f[1]).put("user", f[2]).put("size", f[4])
                        .put("detail", f[7]));
            }
        }
        return Json.object().put("type", "queue").put("sessions", sessions).put("pending", pending).toString();
    }

    /** NODES: {@code host:slots,...}, each as {name, slots}. */
    private static List<Object> nodes(String column) {
        List<Object> out = new ArrayList<>();
        for (String n : column.split(",")) {
            int colon = n.lastIndexOf(':');
            out.add(colon < 0 ? Json.object().put("name", n).put("slots", null)
                    : Json.object().put("name", n.substring(0, colon)).put("slots", number(n.substring(colon + 1))));
        }
        return out;
    }

    private static Object number(String word) {
        try {
            return Long.parseLong(word);
        } catch (NumberFormatException e) {
            return word;
        }
    }
}
