package org.pmix4j.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.pmix4j.api.App;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Info;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;
import org.pmix4j.runtime.placement.DaemonPlacement.Count;
import org.pmix4j.runtime.placement.DaemonPlacement.Per;

class DebuggerDaemonsTest {
    private static App app(String cmd, Info... info) {
        return new App(cmd, List.of(cmd), List.of(), null, 1, List.of(info));
    }

    private static PmixException bad(List<Info> jobInfo, App... apps) {
        PmixException e = assertThrows(PmixException.class, () -> DebuggerDaemons.read(jobInfo, List.of(apps)));
        assertEquals(PmixStatus.PMIX_ERR_BAD_PARAM, e.status(), e.getMessage());
        return e;
    }

    @Test
    void aSpawnWithoutDaemonsIsOrdinary() {
        assertInstanceOf(DebuggerDaemons.Ordinary.class, DebuggerDaemons.read(List.of(), List.of(app("a"))));
        assertInstanceOf(DebuggerDaemons.Ordinary.class, DebuggerDaemons.read(
                List.of(Attributes.DEBUGGER_DAEMONS.info(false)), List.of(app("a"))));
    }

    @Test
    void daemonsWithATargetAreCoLocatedByTheirCount() {
        Proc target = new Proc("job", 3);
        var r = (DebuggerDaemons.CoLocation) DebuggerDaemons.read(List.of(Attributes.DEBUGGER_DAEMONS.info(true),
                Attributes.DEBUG_TARGET.info(target), Attributes.DEBUG_DAEMONS_PER_PROC.info(2),
                Attributes.DEBUG_STOP_IN_INIT.info(true)), List.of(app("d", Attributes.DEBUG_STOP_ON_EXEC.info(true))));
        assertEquals(target, r.target());
        assertEquals(List.of(new Count(Per.PROC, 2)), r.counts());
        assertTrue(r.daemons().get(0).info().isEmpty(), "pause directives do not apply to daemons");
        // neither count: one per node; the deprecated PMIX_DEBUG_JOB names a whole job; an app's own count wins
        var d = (DebuggerDaemons.CoLocation) DebuggerDaemons.read(List.of(Attributes.DEBUG_JOB.info("job"),
                Attributes.DEBUG_DAEMONS_PER_PROC.info(1)), List.of(app("d", Attributes.DEBUGGER_DAEMONS.info(true),
                Attributes.DEBUG_DAEMONS_PER_NODE.info(4)), app("e", Attributes.DEBUGGER_DAEMONS.info(true))));
        assertEquals(Proc.wildcard("job"), d.target());
        assertEquals(List.of(new Count(Per.NODE, 4), new Count(Per.PROC, 1)), d.counts());
        var dflt = (DebuggerDaemons.CoLocation) DebuggerDaemons.read(List.of(Attributes.DEBUGGER_DAEMONS.info(true),
                Attributes.DEBUG_TARGET.info(Proc.wildcard("job"))), List.of(app("d")));
        assertEquals(List.of(Count.DEFAULT), dflt.counts());
    }

    @Test
    void aDaemonApplicationBesideOthersIsCoSpawned() {
        var r = (DebuggerDaemons.CoSpawn) DebuggerDaemons.read(List.of(Attributes.DEBUG_STOP_IN_INIT.info(true)),
                List.of(app("a"), app("d", Attributes.DEBUGGER_DAEMONS.info(true),
                        Attributes.DEBUG_DAEMONS_PER_PROC.info(1)), app("b")));
        assertEquals(List.of("a", "b"), r.application().stream().map(App::cmd).toList());
        assertEquals(List.of("d"), r.daemons().stream().map(App::cmd).toList());
        assertEquals(List.of(new Count(Per.PROC, 1)), r.counts());
    }

    @Test
    void theDaemonJobsDirectivesNameItsTargetAndDropThePauses() {
        List<Info> jobInfo = List.of(Attributes.DEBUG_STOP_IN_INIT.info(true), Attributes.NOTIFY_COMPLETION.info(true),
                Attributes.DEBUGGER_DAEMONS.info(true), Attributes.DEBUG_DAEMONS_PER_PROC.info(3));
        List<Info> d = DebuggerDaemons.directives(jobInfo, Proc.wildcard("app"), new Count(Per.NODE, 2));
        assertFalse(Attributes.DEBUG_STOP_IN_INIT.isIn(d));
        assertTrue(Attributes.NOTIFY_COMPLETION.find(d).orElse(false));
        assertTrue(DebuggerDaemons.isDaemonJob(d));
        assertEquals(List.of(Attributes.DEBUG_TARGET.info(Proc.wildcard("app")),
                Attributes.DEBUG_DAEMONS_PER_NODE.info(2)), DebuggerDaemons.jobData(d));
        assertEquals(List.of(), DebuggerDaemons.jobData(jobInfo.subList(0, 2)));
        List<Info> application = DebuggerDaemons.applicationDirectives(jobInfo);
        assertFalse(DebuggerDaemons.isDaemonJob(application), "the co-spawned application is no daemon job");
        assertTrue(Attributes.DEBUG_STOP_IN_INIT.isIn(application), "its pauses are its own");
    }

    @Test
    void whatCannotBeCarriedOutIsRefusedNamingIt() {
        Info daemons = Attributes.DEBUGGER_DAEMONS.info(true);
        Info target = Attributes.DEBUG_TARGET.info(Proc.wildcard("job"));
        assertTrue(bad(List.of(daemons, target, Attributes.DEBUG_DAEMONS_PER_PROC.info(1),
                Attributes.DEBUG_DAEMONS_PER_NODE.info(1)), app("d")).detail().contains(
                "PMIX_DEBUG_DAEMONS_PER_PROC (1) and PMIX_DEBUG_DAEMONS_PER_NODE (1) were both given"));
        assertTrue(bad(List.of(daemons, target, Attributes.DEBUG_DAEMONS_PER_NODE.info(0)), app("d")).detail()
                .startsWith("PMIX_DEBUG_DAEMONS_PER_NODE 0"));
        assertTrue(bad(List.of(daemons), app("d")).detail().contains("names no job to debug"));
        assertTrue(bad(List.of(target), app("a")).detail().contains("add PMIX_DEBUGGER_DAEMONS"));
        assertTrue(bad(List.of(target), app("a"), app("d", daemons)).detail().startsWith("PMIX_DEBUG_TARGET"));
        assertTrue(bad(List.of(daemons, target, Attributes.DEBUG_JOB.info("other")), app("d")).detail()
                .contains("name different jobs"));
    }
}
