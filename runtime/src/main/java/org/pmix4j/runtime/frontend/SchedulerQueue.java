package org.pmix4j.runtime.frontend;

import java.util.List;
import java.util.Map;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Info;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.Query;
import org.pmix4j.client.tool.PmixTool;
import org.pmix4j.runtime.LaunchException;

/**
 * {@code pmix4j queue} and {@code pmix4j cancel}: the scheduler's sessions and pending requests
 * (PMIX_QUERY_QUEUE_STATUS, which the scheduler answers with the table printed), and ending one
 * (PMIx_Allocation_request PMIX_ALLOC_RELEASE, which the scheduler allows the session's owner and root).
 */
public final class SchedulerQueue {
    private final Map<String, String> env;

    public SchedulerQueue(Map<String, String> env) {
        this.env = env;
    }

    /** The table of sessions and pending requests. */
    public String list(String tmpdir) {
        try (PmixTool tool = SchedulerTool.connect(env, tmpdir)) {
            List<Info> answer = tool.query(List.of(new Query(List.of(Attributes.QUERY_QUEUE_STATUS.key()), List.of())));
            return Attributes.QUERY_QUEUE_STATUS.find(answer).orElseThrow(() -> new LaunchException(
                    "the scheduler answered no queue status: " + answer, 1));
        } catch (PmixException e) {
            throw new LaunchException("the scheduler did not list its queue: " + e.getMessage(), 1);
        }
    }

    /**
     * The queue as one JSON document (docs/json.md, "queue"): the scheduler's table (the answer
     * PMIX_QUERY_QUEUE_STATUS carries, a string) read row by row into sessions and pending requests.
     */
    public String listJson(String tmpdir) {
        return QueueTable.json(list(tmpdir));
    }

    /** Ends session {@code id} (or withdraws the pending request the user named so). */
    public void cancel(String id, String tmpdir) {
        List<Info> which;
        if (id.chars().allMatch(Character::isDigit) && !id.isEmpty() && id.length() < 10) {
            which = List.of(Attributes.SESSION_ID.info(Integer.parseInt(id)));
        } else if (id.startsWith("alloc.")) {
            which = List.of(Attributes.ALLOC_ID.info(id));
        } else {
            which = List.of(Attributes.ALLOC_REQ_ID.info(id));
        }
        try (PmixTool tool = SchedulerTool.connect(env, tmpdir)) {
            tool.allocationRequest(org.pmix4j.api.AllocDirective.RELEASE, which);
        } catch (PmixException e) {
            throw new LaunchException("cannot cancel " + id + ": " + e.getMessage(), 1);
        }
    }
}
