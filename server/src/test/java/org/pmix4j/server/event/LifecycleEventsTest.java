package org.pmix4j.server.event;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Info;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;

class LifecycleEventsTest {
    private static final Instant T = Instant.ofEpochSecond(1_700_000_123L);

    @Test
    void jobEndCarriesWhatTheStandardAsks() {
        List<Info> info = LifecycleEvents.jobEnd("j1", PmixStatus.PMIX_ERR_JOB_ABORTED, new Proc("j1", 3), 42, T);
        assertEquals(PmixStatus.PMIX_ERR_JOB_ABORTED, Attributes.JOB_TERM_STATUS.find(info).orElseThrow());
        assertEquals("j1", Attributes.NSPACE.find(info).orElseThrow());
        assertEquals(Proc.wildcard("j1"), Attributes.EVENT_AFFECTED_PROC.find(info).orElseThrow());
        assertEquals(1_700_000_123L, Attributes.EVENT_TIMESTAMP.find(info).orElseThrow());
        assertEquals(new Proc("j1", 3), Attributes.PROCID.find(info).orElseThrow());
        assertEquals(42, Attributes.EXIT_CODE.find(info).orElseThrow());
        assertTrue(Attributes.EVENT_NON_DEFAULT.find(info).orElseThrow());
        // the info is valid for the ranges a launcher uses
        EventDirectives d = EventDirectives.ofEvent(PmixStatus.PMIX_EVENT_JOB_END,
                org.pmix4j.api.DataRange.SESSION, info);
        assertEquals(List.of(Proc.wildcard("j1")), d.affected());
        assertTrue(d.nonDefault());
    }

    @Test
    void jobEndWithoutFailureNamesNoProcess() {
        List<Info> info = LifecycleEvents.jobEnd("j1", PmixStatus.PMIX_SUCCESS, T);
        assertTrue(Attributes.PROCID.find(info).isEmpty());
        assertTrue(Attributes.EXIT_CODE.find(info).isEmpty());
        assertEquals(PmixStatus.PMIX_SUCCESS, Attributes.JOB_TERM_STATUS.find(info).orElseThrow());
    }

    @Test
    void startAndLaunchCompleteNameTheJob() {
        for (List<Info> info : List.of(LifecycleEvents.jobStart("j2", T), LifecycleEvents.launchComplete("j2", T))) {
            assertEquals("j2", Attributes.NSPACE.find(info).orElseThrow());
            assertEquals(1_700_000_123L, Attributes.EVENT_TIMESTAMP.find(info).orElseThrow());
            assertEquals(Proc.wildcard("j2"), Attributes.EVENT_AFFECTED_PROC.find(info).orElseThrow());
        }
    }

    @Test
    void processTermination() {
        assertEquals(PmixStatus.PMIX_ERR_PROC_ABORTED_BY_SIG, LifecycleEvents.procTerminationCode(9, true, false));
        assertEquals(PmixStatus.PMIX_ERR_PROC_TERM_WO_SYNC, LifecycleEvents.procTerminationCode(0, true, false));
        assertEquals(PmixStatus.PMIX_EVENT_PROC_TERMINATED, LifecycleEvents.procTerminationCode(0, true, true));
        assertEquals(PmixStatus.PMIX_EVENT_PROC_TERMINATED, LifecycleEvents.procTerminationCode(0, false, false));
        assertEquals(PmixStatus.PMIX_SUCCESS,
                LifecycleEvents.procTermStatus(PmixStatus.PMIX_EVENT_PROC_TERMINATED, 0));
        assertEquals(PmixStatus.PMIX_ERR_EXIT_NONZERO_TERM,
                LifecycleEvents.procTermStatus(PmixStatus.PMIX_EVENT_PROC_TERMINATED, 3));
        assertEquals(PmixStatus.PMIX_ERR_PROC_ABORTED_BY_SIG,
                LifecycleEvents.procTermStatus(PmixStatus.PMIX_ERR_PROC_ABORTED_BY_SIG, 137));

        List<Info> info = LifecycleEvents.procTerminated(new Proc("j3", 2), PmixStatus.PMIX_ERR_PROC_ABORTED_BY_SIG,
                137, T);
        assertEquals(new Proc("j3", 2), Attributes.EVENT_AFFECTED_PROC.find(info).orElseThrow());
        assertEquals(PmixStatus.PMIX_ERR_PROC_ABORTED_BY_SIG, Attributes.PROC_TERM_STATUS.find(info).orElseThrow());
        assertEquals(137, Attributes.EXIT_CODE.find(info).orElseThrow());
        assertEquals(1_700_000_123L, Attributes.EVENT_TIMESTAMP.find(info).orElseThrow());
        // process events are for default handlers too: a peer's failure is what they are for
        assertTrue(Attributes.EVENT_NON_DEFAULT.find(info).isEmpty());
    }
}
