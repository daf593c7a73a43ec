package org.pmix4j.server.event;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Info;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;

/**
 * The info of the job and process lifecycle events the Standard defines (Chap_API_Tools "Tracking the job
 * lifecycle", Chap_API_Event), for a launcher to raise with
 * {@code PmixServer.notifyEvent(code, server.self(), range, info)}.
 *
 * <p>Every event carries PMIX_EVENT_TIMESTAMP and PMIX_EVENT_AFFECTED_PROC (the Standard requires the
 * affected processes on every event a host generates; handlers filter on it, as the Standard advises tools
 * to do because a cached job-end of another job may reach them). The job events also carry PMIX_NSPACE and
 * PMIX_EVENT_NON_DEFAULT, as PRRTE sends them: a default handler (Open MPI installs one that treats events
 * as errors) must not take the end of some job for a failure of its own; whoever wants them registers for
 * their code.
 *
 * <p>Range: the host's own name as source with PMIX_RANGE_SESSION reaches every registered process and tool
 * of the node (PRRTE uses SESSION for job end); PMIX_RANGE_CUSTOM with PMIX_EVENT_CUSTOM_RANGE added
 * targets, e.g., only the tool that launched the job. PMIX_RANGE_NAMESPACE means the namespace of the
 * source, so with the host as source it reaches nobody.
 */
public final class LifecycleEvents {
    private LifecycleEvents() {
    }

    /** PMIX_EVENT_JOB_START: the first process of the job was spawned. */
    public static List<Info> jobStart(String nspace, Instant when) {
        return jobEvent(nspace, when);
    }

    /** PMIX_LAUNCH_COMPLETE: every process of the job was spawned. */
    public static List<Info> launchComplete(String nspace, Instant when) {
        return jobEvent(nspace, when);
    }

    /** PMIX_READY_FOR_DEBUG from the launcher: every process of the job is paused for a debugger (as PRRTE). */
    public static List<Info> readyForDebug(String nspace, Instant when) {
        return jobEvent(nspace, when);
    }

    /**
     * The same event info aimed at one process or tool alone (PMIX_EVENT_CUSTOM_RANGE), to be raised with
     * PMIX_RANGE_CUSTOM: e.g. the job's requester.
     */
    public static List<Info> to(Proc target, List<Info> info) {
        List<Info> targeted = new ArrayList<>(info);
        targeted.add(Attributes.EVENT_CUSTOM_RANGE.info(new org.pmix4j.api.DataArray(org.pmix4j.api.DataType.PROC,
                List.of(target))));
        return targeted;
    }

    /**
     * PMIX_EVENT_JOB_END for a job in which no process failed.
     *
     * @param termStatus PMIX_JOB_TERM_STATUS: PMIX_SUCCESS, or why the job was ended (e.g.
     *                   PMIX_ERR_JOB_CANCELED)
     * @param when       when the last process terminated
     */
    public static List<Info> jobEnd(String nspace, int termStatus, Instant when) {
        List<Info> info = jobEvent(nspace, when);
        info.add(0, Attributes.JOB_TERM_STATUS.info(termStatus));
        return info;
    }

    /**
     * PMIX_EVENT_JOB_END naming the first process that failed and its exit code (PMIX_PROCID,
     * PMIX_EXIT_CODE), e.g. with PMIX_ERR_JOB_NON_ZERO_TERM or PMIX_ERR_JOB_ABORTED as the status.
     */
    public static List<Info> jobEnd(String nspace, int termStatus, Proc firstFailed, int exitCode, Instant when) {
        Objects.requireNonNull(firstFailed, "firstFailed");
        List<Info> info = jobEnd(nspace, termStatus, when);
        info.add(Attributes.PROCID.info(firstFailed));
        info.add(Attributes.EXIT_CODE.info(exitCode));
        return info;
    }

    /**
     * The event code for a process that ended: PMIX_ERR_PROC_ABORTED_BY_SIG when a signal killed it,
     * PMIX_ERR_PROC_TERM_WO_SYNC when it had called PMIx_Init but not PMIx_Finalize, otherwise
     * PMIX_EVENT_PROC_TERMINATED.
     *
     * @param signal the signal that killed it, 0 if it exited
     */
    public static int procTerminationCode(int signal, boolean calledInit, boolean calledFinalize) {
        if (signal > 0) {
            return PmixStatus.PMIX_ERR_PROC_ABORTED_BY_SIG;
        }
        if (calledInit && !calledFinalize) {
            return PmixStatus.PMIX_ERR_PROC_TERM_WO_SYNC;
        }
        return PmixStatus.PMIX_EVENT_PROC_TERMINATED;
    }

    /**
     * The PMIX_PROC_TERM_STATUS of a process that ended: PMIX_SUCCESS for a clean exit with code 0,
     * PMIX_ERR_EXIT_NONZERO_TERM for another exit code, otherwise the termination code itself.
     */
    public static int procTermStatus(int terminationCode, int exitCode) {
        if (terminationCode == PmixStatus.PMIX_EVENT_PROC_TERMINATED) {
            return exitCode == 0 ? PmixStatus.PMIX_SUCCESS : PmixStatus.PMIX_ERR_EXIT_NONZERO_TERM;
        }
        return terminationCode;
    }

    /**
     * The info of a process termination event (PMIX_EVENT_PROC_TERMINATED, PMIX_ERR_PROC_TERM_WO_SYNC,
     * PMIX_ERR_PROC_ABORTED_BY_SIG …): the process as PMIX_EVENT_AFFECTED_PROC, PMIX_PROC_TERM_STATUS,
     * PMIX_EXIT_CODE (by launcher convention 128 + N for death by signal N) and the time.
     */
    public static List<Info> procTerminated(Proc proc, int termStatus, int exitCode, Instant when) {
        Objects.requireNonNull(proc, "proc");
        List<Info> info = new ArrayList<>();
        info.add(Attributes.EVENT_AFFECTED_PROC.info(proc));
        info.add(Attributes.PROC_TERM_STATUS.info(termStatus));
        info.add(Attributes.EXIT_CODE.info(exitCode));
        info.add(Attributes.EVENT_TIMESTAMP.info(when.getEpochSecond()));
        return info;
    }

    private static List<Info> jobEvent(String nspace, Instant when) {
        Objects.requireNonNull(nspace, "nspace");
        Objects.requireNonNull(when, "when");
        List<Info> info = new ArrayList<>();
        info.add(Attributes.NSPACE.info(nspace));
        info.add(Attributes.EVENT_AFFECTED_PROC.info(Proc.wildcard(nspace)));
        info.add(Attributes.EVENT_TIMESTAMP.info(when.getEpochSecond()));
        info.add(Attributes.EVENT_NON_DEFAULT.info(true));
        return info;
    }
}
