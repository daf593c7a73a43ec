package org.pmix4j.runtime;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.pmix4j.api.App;
import org.pmix4j.api.Attribute;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Info;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Value;

class SpawnDirectivesTest {
    private static App app(Info... info) {
        return new App("/bin/true", List.of("/bin/true"), List.of(), null, 1, List.of(info));
    }

    private static PmixException refused(List<Info> jobInfo, App... apps) {
        PmixException e = assertThrows(PmixException.class, () -> SpawnDirectives.check(jobInfo, List.of(apps)));
        assertEquals(PmixStatus.PMIX_ERR_NOT_SUPPORTED, e.status(), e.getMessage());
        return e;
    }

    @Test
    void whatTheRuntimeCarriesOutPassesRequiredOrNot() {
        assertDoesNotThrow(() -> SpawnDirectives.check(List.of(Attributes.MAPBY.requiredInfo("slot"),
                Attributes.FWD_STDOUT.info(true), Attributes.NOTIFY_COMPLETION.requiredInfo(true),
                Attributes.IOF_TAG_OUTPUT.info(true), Attributes.NOHUP.requiredInfo(true),
                Attributes.TIMEOUT.info(10)), List.of(app(Attributes.WDIR.requiredInfo("/tmp")))));
    }

    @Test
    void theDebuggerPausesOfAWholeJobAreCarriedOut() {
        assertDoesNotThrow(() -> SpawnDirectives.check(List.of(Attributes.DEBUG_STOP_ON_EXEC.requiredInfo(true),
                Attributes.DEBUG_STOP_IN_INIT.info(true), Info.of(Attributes.DEBUG_STOP_IN_APP.key(),
                        new org.pmix4j.api.Rank(org.pmix4j.api.Rank.WILDCARD))), List.of(app())));
    }

    @Test
    void aPauseOfSomeRanksOnlyIsRefusedSayingWhy() {
        PmixException e = refused(List.of(Info.of(Attributes.DEBUG_STOP_IN_INIT.key(), new org.pmix4j.api.Rank(1))),
                app());
        assertTrue(e.detail().startsWith("PMIX_DEBUG_STOP_IN_INIT (pmix.dbg.init) = "), e.getMessage());
        assertTrue(e.detail().contains("pauses all the ranks of a job or none"), e.getMessage());
        refused(List.of(Info.of(Attributes.DEBUG_STOP_IN_APP.key(), Value.of("0,1"))), app());
    }

    @Test
    void theDebuggerDirectivesNotCarriedOutAreAlwaysRefusedNamingTheAttribute() {
        // a launcher daemon of the requester's own is refused even when not marked required
        PmixException e = refused(List.of(Attributes.LAUNCHER_DAEMON.info("dmn")), app());
        assertTrue(e.detail().startsWith("PMIX_LAUNCHER_DAEMON (" + Attributes.LAUNCHER_DAEMON.key()
                + ") is not supported by this runtime: "), e.getMessage());
    }

    @Test
    void theDebuggerDaemonDirectivesAreCarriedOutAtJobAndApplicationLevel() {
        // what they ask is Spawner's to check (DebuggerDaemonsTest)
        List<Info> daemons = List.of(Attributes.DEBUGGER_DAEMONS.requiredInfo(true),
                Attributes.DEBUG_TARGET.requiredInfo(org.pmix4j.api.Proc.wildcard("job")),
                Attributes.DEBUG_DAEMONS_PER_PROC.requiredInfo(1), Attributes.DEBUG_DAEMONS_PER_NODE.requiredInfo(1),
                Attributes.DEBUG_JOB.requiredInfo("job"));
        assertDoesNotThrow(() -> SpawnDirectives.check(daemons, List.of(app(daemons.toArray(Info[]::new)))));
        Set<String> registered = new HashSet<>();
        SpawnDirectives.supported().forEach(a -> registered.add(a.key()));
        daemons.forEach(i -> assertTrue(registered.contains(i.key()), i.key()));
    }

    @Test
    void forkExecAgentsAreCarriedOutForAWholeJobNotHeldAtExec() {
        assertDoesNotThrow(() -> SpawnDirectives.check(List.of(Attributes.FORKEXEC_AGENT.requiredInfo("fea"),
                Attributes.DEBUG_STOP_IN_INIT.info(true)), List.of(app())));
        PmixException onExec = refused(List.of(Attributes.FORKEXEC_AGENT.info("fea"),
                Attributes.DEBUG_STOP_ON_EXEC.info(true)), app());
        assertTrue(onExec.detail().startsWith("PMIX_FORKEXEC_AGENT (pmix.fe.agnt) is not supported here: "
                + "PMIX_DEBUG_STOP_ON_EXEC cannot be carried out with it"), onExec.getMessage());
        PmixException perApp = refused(List.of(), app(), app(Attributes.FORKEXEC_AGENT.info("fea")));
        assertTrue(perApp.detail().startsWith("PMIX_FORKEXEC_AGENT (pmix.fe.agnt) is not supported"),
                perApp.getMessage());
        assertTrue(perApp.detail().contains("give it in the spawn's job info (a directive of application 1)"),
                perApp.getMessage());
    }

    @Test
    void theSessionDirectivesAreCarriedOutNowRequiredOrNot() {
        // which session they name is the job table's to check (an unknown one is PMIX_ERR_NOT_FOUND there)
        assertDoesNotThrow(() -> SpawnDirectives.check(List.of(Attributes.SESSION_ID.requiredInfo(7),
                Attributes.ALLOC_ID.requiredInfo("alloc-7"), Attributes.ALLOC_REQ_ID.requiredInfo("mine"),
                Attributes.SPAWN_CHILD_SEP.requiredInfo(true)), List.of(app())));
    }

    @Test
    void anAlwaysRefusedDirectiveAtApplicationLevelIsRefusedToo() {
        PmixException e = refused(List.of(), app(), app(Attributes.LAUNCHER_DAEMON.requiredInfo("dmn")));
        assertTrue(e.detail().startsWith("PMIX_LAUNCHER_DAEMON (" + Attributes.LAUNCHER_DAEMON.key()
                + ") is not supported"), e.getMessage());
        assertTrue(e.detail().contains("application 1"), e.getMessage());
    }

    @Test
    void aPauseIsForAWholeJobNotOneApplication() {
        PmixException e = refused(List.of(), app(), app(Attributes.DEBUG_STOP_IN_INIT.info(true)));
        assertTrue(e.detail().startsWith("PMIX_DEBUG_STOP_IN_INIT (pmix.dbg.init) is not supported"), e.getMessage());
        assertTrue(e.detail().contains("give it in the spawn's job info (a directive of application 1)"),
                e.getMessage());
    }

    @Test
    void aBooleanDirectiveSetToFalseAsksForNothing() {
        assertDoesNotThrow(() -> SpawnDirectives.check(List.of(Attributes.DEBUG_STOP_ON_EXEC.info(false)),
                List.of(app())));
    }

    @Test
    void anOptionalDirectiveNotCarriedOutIsIgnoredAndARequiredOneRefused() {
        Info personality = Attributes.PERSONALITY.info("ompi");
        Info unknown = Info.of("org.example.knob", Value.of("x"));
        assertDoesNotThrow(() -> SpawnDirectives.check(List.of(personality, unknown), List.of(app(personality))));

        PmixException std = refused(List.of(Attributes.PERSONALITY.requiredInfo("ompi")), app());
        assertTrue(std.detail().startsWith("PMIX_PERSONALITY (pmix.pers) is not supported by this runtime: it is"
                + " marked required (PMIX_INFO_REQD)"), std.getMessage());
        PmixException other = refused(List.of(Info.required("org.example.knob", Value.of("x"))), app());
        assertTrue(other.detail().startsWith("org.example.knob is not supported by this runtime: "),
                other.getMessage());
        // carried out at job level is not carried out per application
        PmixException perApp = refused(List.of(), app(Attributes.MAPBY.requiredInfo("slot")));
        assertTrue(perApp.detail().startsWith("PMIX_MAPBY (pmix.mapby) is not supported"), perApp.getMessage());
    }

    @Test
    void theFirstDirectiveNotCarriedOutIsTheOneNamed() {
        PmixException e = refused(List.of(Attributes.MAPBY.info("core"), Attributes.LAUNCHER_DAEMON.requiredInfo("d"),
                Attributes.PERSONALITY.requiredInfo("ompi")), app());
        assertTrue(e.detail().startsWith("PMIX_LAUNCHER_DAEMON"), e.getMessage());
    }

    @Test
    void whatIsRegisteredIsExactlyWhatIsCarriedOutAndNothingRefused() {
        Set<String> registered = new HashSet<>();
        for (Attribute<?> a : SpawnDirectives.supported()) {
            registered.add(a.key());
        }
        Set<String> tables = new HashSet<>();
        SpawnDirectives.JOB_LEVEL.forEach(s -> tables.add(s.attribute().key()));
        SpawnDirectives.APP_LEVEL.forEach(s -> tables.add(s.attribute().key()));
        assertEquals(tables, registered);
        for (SpawnDirectives.Refused r : SpawnDirectives.ALWAYS_REFUSED) {
            assertTrue(!registered.contains(r.attribute().key()), r.attribute().macroName());
        }
    }
}
