package org.pmix4j.server.cleanup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;

/**
 * What the registry guarantees beyond merging: a request for several scopes is all or nothing, nested
 * registered directories are cleaned from the deepest up, and finalizing carries out (and waits for)
 * everything still registered or under way.
 */
class EpilogOrderAndFinalizeTest {
    private static final com.sun.security.auth.module.UnixSystem ME = new com.sun.security.auth.module.UnixSystem();
    private static final int UID = (int) ME.getUid();
    private static final int GID = (int) ME.getGid();

    @TempDir
    Path tmp;

    private CleanupRequest files(List<Path> files, List<Path> ignores) {
        return new CleanupRequest(files, List.of(), ignores, false, false, false, UID, GID);
    }

    @Test
    void aRequestForSeveralScopesThatConflictsInOneChangesNone() {
        EpilogRegistry reg = new EpilogRegistry();
        Proc job = Proc.wildcard("j");
        Proc rank0 = new Proc("j", 0);
        Path f = tmp.resolve("f");
        reg.register(job, files(List.of(), List.of(f)));
        PmixException x = assertThrows(PmixException.class,
                () -> reg.register(List.of(rank0, job), files(List.of(f, tmp.resolve("g")), List.of())));
        assertEquals(PmixStatus.PMIX_ERR_CONFLICTING_CLEANUP_DIRECTIVES, x.status());
        assertTrue(reg.epilog(rank0).isEmpty(), "the first scope was not touched either");
        reg.register(List.of(rank0, job), files(List.of(tmp.resolve("g")), List.of()));
        assertEquals(1, reg.epilog(rank0).orElseThrow().files().size());
        assertEquals(1, reg.epilog(job).orElseThrow().files().size());
    }

    @Test
    void nestedRegisteredDirectoriesAreCleanedDeepestFirst() throws IOException {
        Path outer = Files.createDirectories(tmp.resolve("outer/inner"));
        Files.writeString(outer.resolve("f"), "f");
        Path top = outer.getParent();
        Files.writeString(top.resolve("a"), "a");
        Epilog e = new Epilog(UID, GID);
        // the outer one first, neither recursive: only the order of execution lets the outer one go
        e.add(new CleanupRequest(List.of(), List.of(top, outer), List.of(), false, false, false, UID, GID));
        EpilogRunner.run(e);
        assertFalse(Files.exists(top));
    }

    @Test
    void finalizingCarriesOutWhatIsLeftAndWaits() throws IOException {
        ExecutingEpilogRegistry reg = new ExecutingEpilogRegistry();
        Path jobDir = Files.createDirectories(tmp.resolve("job/sub"));
        for (int i = 0; i < 500; i++) {
            Files.writeString(jobDir.resolve("f" + i), "x");
        }
        Path procFile = Files.writeString(tmp.resolve("p"), "p");
        Path late = Files.writeString(tmp.resolve("late"), "l");
        reg.register(Proc.wildcard("j"), new CleanupRequest(List.of(), List.of(jobDir.getParent()), List.of(), true,
                false, false, UID, GID));
        reg.register(new Proc("j", 0), files(List.of(procFile), List.of()));
        reg.register(Proc.wildcard("never-deregistered"), files(List.of(late), List.of()));
        // the job ends: its cleanup starts on a thread of its own
        reg.namespaceGone("j");
        reg.drain().run();
        assertFalse(Files.exists(jobDir.getParent()), "the cleanup under way was waited for");
        assertFalse(Files.exists(procFile));
        assertFalse(Files.exists(late), "what was still registered is done at finalize");
        assertTrue(reg.epilog(Proc.wildcard("never-deregistered")).isEmpty());
    }
}
