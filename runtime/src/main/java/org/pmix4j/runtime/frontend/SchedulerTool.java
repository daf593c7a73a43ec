package org.pmix4j.runtime.frontend;

import java.util.List;
import java.util.Map;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.PmixException;
import org.pmix4j.client.tool.PmixTool;
import org.pmix4j.runtime.LaunchException;
import org.pmix4j.runtime.RuntimeDirectories;

/**
 * How the user commands of the scheduler ({@code pmix4j alloc}, {@code queue}, {@code cancel}) reach it: as
 * a tool of the node's scheduler, found by its {@code pmix.sched.<host>} file in the system tmpdir (the
 * directory the scheduler was started with: {@code --tmpdir}, else TMPDIR ...).
 */
final class SchedulerTool {
    /** The session a command runs in under {@code pmix4j alloc}: prun and run --dvm spawn into it. */
    static final String SESSION_VARIABLE = "PMIX4J_SESSION_ID";
    /** Its allocation id, for the user. */
    static final String ALLOC_VARIABLE = "PMIX4J_ALLOC_ID";

    private SchedulerTool() {
    }

    static PmixTool connect(Map<String, String> env, String tmpdir) {
        try {
            return PmixTool.init(List.of(Attributes.CONNECT_TO_SCHEDULER.info(true),
                    Attributes.SYSTEM_TMPDIR.info(RuntimeDirectories.tmp(env, tmpdir).toString())));
        } catch (PmixException e) {
            throw new LaunchException("cannot reach the scheduler (is `pmix4j sched` running on this node?): "
                    + e.getMessage(), 1);
        }
    }
}
