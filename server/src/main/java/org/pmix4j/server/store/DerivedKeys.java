package org.pmix4j.server.store;

import java.util.LinkedHashMap;
import java.util.List;
import org.pmix4j.api.Rank;
import org.pmix4j.api.Value;

/**
 * The stage that completes the job and session levels: what the host gave, checked against the layout,
 * then what can be derived where the host gave nothing ({@code pmix.jobid} = nspace, job size,
 * {@code pmix.max.size}, {@code pmix.num.nodes}, {@code pmix.job.napps}, {@code pmix.nlist}, the session
 * directories, session id 0xffffffff and {@code pmix.univ.size}).
 *
 * @param sessionId the session id (unsigned 32 bits; 0xffffffff when the host gave none, as libpmix uses)
 * @param session the session-level values, {@code pmix.session.id} first
 * @param job the job-level values in reply order: the host's, then the derived ones
 * @param offset {@code pmix.offset}: added to a rank to make its global rank
 */
record DerivedKeys(long sessionId, LinkedHashMap<String, Value> session, LinkedHashMap<String, Value> job,
        int offset) {

    /** What libpmix uses as the session id when the host gives none. */
    static final long NO_SESSION = 0xffff_ffffL;

    /**
     * Derives the levels of a registration of {@code nspace}; {@code emptyInfo} is a registration with an
     * empty info array, which derives nothing for an empty job (as libpmix).
     */
    static DerivedKeys derive(String nspace, Registration reg, boolean emptyInfo, int jobSize,
            NodeLayout layout, List<AppEntry> apps, SessionDirs dirs) {
        LinkedHashMap<String, Value> job = new LinkedHashMap<>(reg.job);
        List<NodeEntry> jobNodes = layout.jobOrder();
        Value nn = job.get(Keys.NUM_NODES);
        if (nn != null && reg.nodeMap != null && Keys.number(nn) != jobNodes.size()) {
            throw Keys.bad("pmix.num.nodes is " + Keys.number(nn) + " but " + reg.nodeMap.key() + " lists "
                    + jobNodes.size() + " nodes");
        }
        Value na = job.get(Keys.NUM_APPS);
        if (na != null && Keys.number(na) < apps.size()) {
            throw Keys.bad("pmix.job.napps is " + Keys.number(na) + " but the job has " + apps.size()
                    + " applications");
        }
        boolean derive = !emptyInfo || jobSize > 0;
        if (derive) {
            job.putIfAbsent(Keys.JOBID, new Value.Str(nspace));
            job.putIfAbsent(Keys.JOB_SIZE, new Value.UInt32(jobSize));
            job.putIfAbsent(Keys.MAX_PROCS, new Value.UInt32(jobSize));
            if (!jobNodes.isEmpty()) {
                job.putIfAbsent(Keys.NUM_NODES, new Value.UInt32(jobNodes.size()));
            }
            if (!apps.isEmpty()) {
                job.putIfAbsent(Keys.NUM_APPS, new Value.UInt32(apps.size()));
            }
            if (!jobNodes.isEmpty() && !job.containsKey(Keys.NODE_LIST)) {
                String list = nodeList(jobNodes);
                if (list != null) {
                    job.put(Keys.NODE_LIST, new Value.Str(list));
                }
            }
        }
        if (dirs.nspaceDir() != null && !job.containsKey(Keys.NSDIR)) {
            String d = dirs.nspaceDir().apply(nspace);
            if (d != null) {
                job.put(Keys.NSDIR, new Value.Str(d));
            }
        }
        int offset = 0;
        Value ov = job.get(Keys.OFFSET);
        if (ov != null) {
            offset = (int) Keys.number(ov);
            if (jobSize > 0
                    && Integer.toUnsignedLong(offset) + jobSize - 1 > Integer.toUnsignedLong(Rank.VALID_MAX)) {
                throw Keys.bad("pmix.offset " + Integer.toUnsignedString(offset) + " + job size " + jobSize
                        + " runs past the largest valid rank");
            }
        }

        long sessionId = reg.sessionId >= 0 ? reg.sessionId : NO_SESSION;
        LinkedHashMap<String, Value> session = new LinkedHashMap<>();
        session.put(Keys.SESSION_ID, new Value.UInt32((int) sessionId));
        session.putAll(reg.session);
        if (derive) {
            // the Standard lets a session-level PMIX_MAX_PROCS stand for the universe size
            Value sessionMax = reg.session.get(Keys.MAX_PROCS);
            session.putIfAbsent(Keys.UNIV_SIZE, sessionMax != null ? sessionMax : new Value.UInt32(jobSize));
        }
        if (dirs.tmpdir() != null) {
            session.putIfAbsent(Keys.TMPDIR, new Value.Str(dirs.tmpdir()));
        }
        return new DerivedKeys(sessionId, session, job, offset);
    }

    /** The job's node names, comma-separated in job order; null when a node has no name. */
    private static String nodeList(List<NodeEntry> jobNodes) {
        StringBuilder sb = new StringBuilder();
        for (NodeEntry n : jobNodes) {
            if (n.name() == null) {
                return null;
            }
            if (sb.length() > 0) {
                sb.append(',');
            }
            sb.append(n.name());
        }
        return sb.toString();
    }
}
