package org.pmix4j.server.event;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.DataArray;
import org.pmix4j.api.DataRange;
import org.pmix4j.api.DataType;
import org.pmix4j.api.Info;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;
import org.pmix4j.api.Rank;
import org.pmix4j.api.Value;

class EventDirectivesTest {
    private static final Proc A0 = new Proc("a", 0);
    private static final Proc A1 = new Proc("a", 1);
    private static final Proc B0 = new Proc("b", 0);

    private static DataArray procs(Proc... p) {
        return new DataArray(DataType.PROC, List.<Value>of(p));
    }

    private static Notification event(DataRange range, Proc source, List<Info> info) {
        return new Notification(1, -3000, source, range, info, EventDirectives.ofEvent(-3000, range, info), -1,
                Instant.EPOCH, ns -> true);
    }

    @Test
    void readsTheSteeringAttributes() {
        EventDirectives d = EventDirectives.ofEvent(-3000, DataRange.CUSTOM, List.of(
                Attributes.EVENT_CUSTOM_RANGE.info(procs(A0, B0)), Attributes.EVENT_AFFECTED_PROC.info(A1),
                Attributes.EVENT_NON_DEFAULT.info(true), Attributes.EVENT_DO_NOT_CACHE.info(true)));
        assertEquals(List.of(A0, B0), d.targets());
        assertEquals(List.of(A1), d.affected());
        assertTrue(d.nonDefault());
        assertTrue(d.doNotCache());
    }

    @Test
    void aCustomRangeBelongsWithRangeCustom() {
        PmixException e = assertThrows(PmixException.class, () -> EventDirectives.ofEvent(-3000,
                DataRange.NAMESPACE, List.of(Info.of(Attributes.EVENT_CUSTOM_RANGE.key(), A0))));
        assertEquals(PmixStatus.PMIX_ERR_BAD_PARAM, e.status());
        assertThrows(PmixException.class, () -> EventDirectives.ofEvent(-3000, DataRange.CUSTOM, List.of()));
        assertThrows(PmixException.class, () -> EventDirectives.ofEvent(-3000, DataRange.INVALID, List.of()));
        assertThrows(PmixException.class, () -> EventDirectives.ofEvent(-3000, DataRange.CUSTOM,
                List.of(Attributes.EVENT_CUSTOM_RANGE.info(DataArray.ofInfos(List.of())))));
    }

    @Test
    void aRegistrationNamesItsAffectedProcessesOnce() {
        assertEquals(List.of(A0, B0), EventDirectives.affectedOfRegistration(
                List.of(Attributes.EVENT_AFFECTED_PROCS.info(procs(A0, B0)))));
        assertThrows(PmixException.class, () -> EventDirectives.affectedOfRegistration(List.of(
                Attributes.EVENT_AFFECTED_PROC.info(A0), Attributes.EVENT_AFFECTED_PROCS.info(procs(B0)))));
    }

    @Test
    void rangesReachWhomTheStandardSays() {
        assertTrue(EventRange.includes(event(DataRange.SESSION, A0, List.of()), B0));
        assertTrue(EventRange.includes(event(DataRange.NAMESPACE, A0, List.of()), A1));
        assertFalse(EventRange.includes(event(DataRange.NAMESPACE, A0, List.of()), B0));
        assertFalse(EventRange.includes(event(DataRange.RM, A0, List.of()), B0));
        assertFalse(EventRange.includes(event(DataRange.PROC_LOCAL, A0, List.of()), A0));
        Notification custom = event(DataRange.CUSTOM, A0,
                List.of(Attributes.EVENT_CUSTOM_RANGE.info(procs(Proc.wildcard("b"), A1))));
        assertTrue(EventRange.includes(custom, B0));
        assertTrue(EventRange.includes(custom, A1));
        assertFalse(EventRange.includes(custom, A0));
    }

    @Test
    void registrationsMatchCodesDefaultsAndAffectedProcesses() {
        Notification plain = event(DataRange.SESSION, A0, List.of(Attributes.EVENT_AFFECTED_PROC.info(A1)));
        Notification nondef = event(DataRange.SESSION, A0, List.of(Attributes.EVENT_NON_DEFAULT.info(true)));
        EventRegistration byDefault = new EventRegistration(null, List.of(), List.of(), List.of());
        EventRegistration byCode = new EventRegistration(null, List.of(-3000), List.of(), List.of());
        EventRegistration otherCode = new EventRegistration(null, List.of(-3001), List.of(), List.of());
        EventRegistration aboutA = new EventRegistration(null, List.of(-3000), List.of(Proc.wildcard("a")), List.of());
        EventRegistration aboutB = new EventRegistration(null, List.of(-3000), List.of(B0), List.of());
        assertTrue(byDefault.wants(plain));
        assertFalse(byDefault.wants(nondef));
        assertTrue(byCode.wants(nondef));
        assertFalse(otherCode.wants(plain));
        assertTrue(aboutA.wants(plain));
        assertFalse(aboutB.wants(plain));
        // an event that names no affected process concerns anyone
        assertTrue(aboutB.wants(nondef));
        assertEquals(List.of(-3001), new EventRegistration(null, List.of(-3000, -3001), List.of(), List.of())
                .without(-3000).codes());
    }

    @Test
    void anEventNamingItsTargetsLeavesWhenAllHaveIt() {
        Notification n = event(DataRange.CUSTOM, A0, List.of(Attributes.EVENT_CUSTOM_RANGE.info(procs(A1, B0))));
        assertFalse(n.everyTargetServed());
        Notification wild = event(DataRange.CUSTOM, A0,
                List.of(Attributes.EVENT_CUSTOM_RANGE.info(procs(new Proc("b", Rank.WILDCARD)))));
        assertFalse(wild.everyTargetServed());
    }
}
