package org.pmix4j.runtime;

import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;

/**
 * The launcher's rules for how a process ended, as PRRTE applies them: a non-zero exit, a death by
 * signal, a kill by job control, an exit without PMIx_Finalize after PMIx_Init, and an abort are failures
 * of the job, each described in the launcher's words and with the job's PMIX_JOB_TERM_STATUS for it.
 */
final class ExitClassifier {

    /**
     * The failure the end of {@code p} with {@code status} (as a shell reports it) is, or {@code null}. Ask
     * only once the server has handled the process's connection to its end: before, a FINALIZE it sent
     * may not have been read yet.
     */
    Job.Failure classify(LaunchedProcess p, int status) {
        String who = "process rank " + p.proc().rank() + " (pid " + p.pid() + ") on node " + p.node();
        if (status != 0 && p.killedByCommand()) {
            return new Job.Failure(status, who + " was killed by a job-control request ("
                    + LaunchedProcess.describe(status) + ")", p, PmixStatus.PMIX_ERR_JOB_KILLED_BY_CMD, p.endNanos());
        }
        if (status != 0) {
            int jobTerm = status > 128 && status < 128 + 65 ? PmixStatus.PMIX_ERR_JOB_ABORTED_BY_SIG
                    : PmixStatus.PMIX_ERR_JOB_NON_ZERO_TERM;
            return new Job.Failure(status, who + " " + LaunchedProcess.describe(status), p, jobTerm, p.endNanos());
        }
        if (p.connected() && !p.finalized()) {
            // PMIx_Init without PMIx_Finalize is an improper exit, as in PRRTE
            return new Job.Failure(1, who + " exited without calling PMIx_Finalize", p,
                    PmixStatus.PMIX_ERR_JOB_TERM_WO_SYNC, p.endNanos());
        }
        return null;
    }

    /** The failure a call of abort is; {@code p} is the requester's process if the runtime started it. */
    Job.Failure abort(Proc requester, LaunchedProcess p, int status, String message) {
        String why = "process rank " + requester.rank() + (p != null ? " (pid " + p.pid() + ")" : "")
                + " called abort with status " + status + (message == null || message.isEmpty() ? "" : ": " + message);
        return new Job.Failure(status, why, p, PmixStatus.PMIX_ERR_JOB_ABORTED, System.nanoTime());
    }
}
