package org.pmix4j.runtime.frontend;

import java.util.List;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.DataArray;
import org.pmix4j.api.DataRange;
import org.pmix4j.api.DataType;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;
import org.pmix4j.client.tool.PmixTool;
import org.pmix4j.runtime.LaunchException;

/**
 * {@code pmix4j debug release NSPACE}: releases a job paused for a debugger (at exec, in PMIx_Init or in the
 * application) the way a debugger does: PMIX_DEBUGGER_RELEASE from a tool, targeted at the job's processes
 * (PMIX_RANGE_CUSTOM with PMIX_EVENT_CUSTOM_RANGE = the namespace, all ranks). The processes waiting in
 * PMIx_Init receive it themselves; the runtime continues those it holds at exec.
 */
public final class DebugRelease {
    private DebugRelease() {
    }

    /** Sends the release from {@code tool} (connected to the job's runtime). */
    public static void send(PmixTool tool, String nspace) {
        tool.notifyEvent(PmixStatus.PMIX_DEBUGGER_RELEASE, tool.self(), DataRange.CUSTOM, List.of(
                Attributes.EVENT_CUSTOM_RANGE.info(new DataArray(DataType.PROC, List.of(Proc.wildcard(nspace)))),
                Attributes.EVENT_NON_DEFAULT.info(true)));
    }

    /** Connects to the runtime {@code where} names, releases {@code nspace}; returns 0. */
    public static int run(DvmLocator where, String nspace, java.util.Map<String, String> env) {
        try (PmixTool tool = where.connect(env, "the runtime")) {
            if (JobListing.processTable(tool, nspace).isEmpty()) {
                throw new LaunchException("no job " + nspace + " in this runtime (pmix4j ps lists its jobs)", 1);
            }
            send(tool, nspace);
            return 0;
        } catch (PmixException e) {
            throw new LaunchException("the release of " + nspace + " was refused: " + e.getMessage(), 1);
        }
    }
}
