package org.pmix4j.runtime.sched;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Info;
import org.pmix4j.runtime.sched.policy.Demand;
import org.pmix4j.runtime.sched.policy.QueueSnapshot;
import org.pmix4j.runtime.sched.policy.Session;

/**
 * The answer to PMIX_QUERY_QUEUE_STATUS (a string, as the attribute is): the table {@code pmix4j queue}
 * prints, in the spirit of Slurm's squeue. Running sessions first, by id, with their jobs as the runtime
 * reports them; then the pending requests in queue order, with the start backfill estimates for each.
 */
final class QueueStatus {
    private static final String FORMAT = "%-8s %-10s %-10s %-8s %6s  %-20s %-10s %s%n";

    private final QueueSnapshot snapshot;
    private final Map<Integer, List<String>> jobs;
    private final Map<Integer, String> users;

    private QueueStatus(QueueSnapshot snapshot, Map<Integer, List<String>> jobs, Map<Integer, String> users) {
        this.snapshot = snapshot;
        this.jobs = jobs;
        this.users = users;
    }

    /** @param runtimeSessions the runtime's answer to pmix4j.qry.sessions: their jobs */
    static QueueStatus of(QueueSnapshot snapshot, List<List<Info>> runtimeSessions) {
        Map<Integer, List<String>> jobs = new HashMap<>();
        for (List<Info> fields : runtimeSessions) {
            Integer id = Attributes.SESSION_ID.find(fields).orElse(null);
            if (id == null) {
                continue;
            }
            List<String> names = new ArrayList<>();
            for (Info f : fields) {
                if (f.key().equals(Attributes.NSPACE.key())) {
                    names.add(Attributes.NSPACE.find(List.of(f)).orElse(""));
                }
            }
            jobs.put(id, names);
        }
        return new QueueStatus(snapshot, jobs, userNames());
    }

    /** The answer's infos: PMIX_QUERY_QUEUE_STATUS with the table. */
    List<Info> infos() {
        return List.of(Attributes.QUERY_QUEUE_STATUS.info(text()));
    }

    String text() {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(FORMAT, "SESSION", "ALLOC_ID", "USER", "STATE", "SLOTS", "NODES", "TIME_LEFT", "JOBS"));
        for (Session s : snapshot.running()) {
            String left = s.end() == null ? "unlimited" : clock(Duration.between(snapshot.at(), s.end()));
            List<String> j = jobs.getOrDefault(s.id(), List.of());
            sb.append(String.format(FORMAT, s.id(), s.allocationId(), user(s.uid()), "running", s.slots(),
                    String.join(",", s.nodes().stream().map(Object::toString).toList()), left,
                    j.isEmpty() ? "-" : String.join(",", j)));
        }
        for (QueueSnapshot.Pending p : snapshot.pending()) {
            Duration wait = Duration.between(snapshot.at(), p.estimatedStart());
            sb.append(String.format(FORMAT, "-", "#" + p.ticket().number(), user(p.request().uid()), "pending",
                    size(p.request().demand()), "-", "-", "position " + p.position() + ", starts in about "
                            + clock(wait.isNegative() ? Duration.ZERO : wait) + " (" + p.request().describe() + ")"));
        }
        return sb.toString();
    }

    /** A request's size: its slots, or its whole nodes as "2N". */
    private static String size(Demand d) {
        return switch (d) {
            case Demand.Slots s -> Integer.toString(s.count());
            case Demand.WholeNodes n -> n.count() + "N";
            case Demand.ListedNodes l -> "nodes";
        };
    }

    private String user(int uid) {
        return users.getOrDefault(uid, Integer.toUnsignedString(uid));
    }

    private static String clock(Duration d) {
        long s = Math.max(0, d.toSeconds());
        return String.format("%02d:%02d:%02d", s / 3600, (s / 60) % 60, s % 60);
    }

    /** Names from /etc/passwd, as squeue shows them; a uid not found there shows as its number. */
    private static Map<Integer, String> userNames() {
        Map<Integer, String> names = new HashMap<>();
        try {
            for (String line : Files.readAllLines(Path.of("/etc/passwd"))) {
                String[] f = line.split(":");
                if (f.length > 2 && f[2].chars().allMatch(Character::isDigit) && !f[2].isEmpty() && f[2].length() < 10) {
                    names.putIfAbsent(Integer.parseInt(f[2]), f[0]);
                }
            }
        } catch (IOException | RuntimeException e) {
            // numbers then
        }
        return names;
    }
}
