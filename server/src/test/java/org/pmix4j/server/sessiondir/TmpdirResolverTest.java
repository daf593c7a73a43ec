package org.pmix4j.server.sessiondir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Info;
import org.pmix4j.api.Value;

class TmpdirResolverTest {
    private static final List<Info> NONE = List.of();

    private static Map<String, String> env(String... kv) {
        Map<String, String> m = new HashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put(kv[i], kv[i + 1]);
        }
        return m;
    }

    @Test
    void systemTmpdirFollowsAttributeThenEnvironmentThenTmp() {
        Map<String, String> full = env("PMIX_SYSTEM_TMPDIR", "/e/sys", "TMPDIR", "/e/tmpdir", "TEMP", "/e/temp",
                "TMP", "/e/tmp", "PMIX_SERVER_TMPDIR", "/e/srv");
        List<Info> attr = List.of(Attributes.SYSTEM_TMPDIR.info("/a/sys"));
        assertEquals(Path.of("/a/sys"), TmpdirResolver.systemTmpdir(attr, full));
        assertEquals(Path.of("/e/sys"), TmpdirResolver.systemTmpdir(NONE, full));
        full.remove("PMIX_SYSTEM_TMPDIR");
        assertEquals(Path.of("/e/tmpdir"), TmpdirResolver.systemTmpdir(NONE, full));
        full.remove("TMPDIR");
        assertEquals(Path.of("/e/temp"), TmpdirResolver.systemTmpdir(NONE, full));
        full.remove("TEMP");
        assertEquals(Path.of("/e/tmp"), TmpdirResolver.systemTmpdir(NONE, full));
        full.remove("TMP");
        // PMIX_SERVER_TMPDIR never decides the system tmpdir
        assertEquals(Path.of("/tmp"), TmpdirResolver.systemTmpdir(NONE, full));
    }

    @Test
    void serverTmpdirFollowsAttributeThenEnvironmentThenTmp() {
        Map<String, String> full = env("PMIX_SERVER_TMPDIR", "/e/srv", "TMPDIR", "/e/tmpdir", "TEMP", "/e/temp",
                "TMP", "/e/tmp", "PMIX_SYSTEM_TMPDIR", "/e/sys");
        List<Info> attr = List.of(Attributes.SERVER_TMPDIR.info("/a/srv"), Attributes.SYSTEM_TMPDIR.info("/a/sys"));
        assertEquals(Path.of("/a/srv"), TmpdirResolver.serverTmpdir(attr, full));
        assertEquals(Path.of("/e/srv"), TmpdirResolver.serverTmpdir(NONE, full));
        full.remove("PMIX_SERVER_TMPDIR");
        assertEquals(Path.of("/e/tmpdir"), TmpdirResolver.serverTmpdir(NONE, full));
        full.remove("TMPDIR");
        assertEquals(Path.of("/e/temp"), TmpdirResolver.serverTmpdir(NONE, full));
        full.remove("TEMP");
        assertEquals(Path.of("/e/tmp"), TmpdirResolver.serverTmpdir(NONE, full));
        full.remove("TMP");
        // PMIX_SYSTEM_TMPDIR never decides the server tmpdir
        assertEquals(Path.of("/tmp"), TmpdirResolver.serverTmpdir(NONE, full));
    }

    @Test
    void emptyValuesCountAsAbsentAndPathsAreAbsolute() {
        Map<String, String> e = env("TMPDIR", "", "TEMP", "rel/dir");
        assertEquals(Path.of("rel/dir").toAbsolutePath().normalize(), TmpdirResolver.serverTmpdir(NONE, e));
        List<Info> emptyAttr = List.of(Attributes.SYSTEM_TMPDIR.info(""));
        assertEquals(Path.of("rel/dir").toAbsolutePath().normalize(), TmpdirResolver.systemTmpdir(emptyAttr, e));
        assertEquals(Path.of("/x/y"), TmpdirResolver.serverTmpdir(List.of(Attributes.SERVER_TMPDIR.info("/x/./z/../y")),
                e));
    }

    @Test
    void optionsReadFlagsLauncherFileAndMapForm() {
        SessionOptions none = SessionOptions.from(NONE, env());
        assertFalse(none.systemServer() || none.sessionServer() || none.toolSupport() || none.scheduler()
                || none.systemController() || none.hostCleansDirs());
        assertTrue(none.launcherFile().isEmpty());

        SessionOptions all = SessionOptions.fromMap(Map.of(
                "pmix.srvr.sys", Value.of(true),
                "pmix.srvr.sess", new Value.Undef(), // a bare flag is true
                "pmix.srvr.tool", Value.of(true),
                "pmix.srv.sched", Value.of(true),
                "pmix.srv.ctrlr", Value.of(true),
                "pmix.tdir.rmclean", Value.of(true),
                "pmix.tool.lncrnd", Value.of("/a/launch")), env("PMIX_LAUNCHER_RNDZ_FILE", "/e/launch"));
        assertTrue(all.systemServer() && all.sessionServer() && all.toolSupport() && all.scheduler()
                && all.systemController() && all.hostCleansDirs());
        assertEquals(Path.of("/a/launch"), all.launcherFile().orElseThrow());

        SessionOptions off = SessionOptions.from(List.of(Attributes.SERVER_TOOL_SUPPORT.info(false)), env());
        assertFalse(off.toolSupport());

        assertEquals(Path.of("/e/std"), SessionOptions.from(NONE,
                env("PMIX_LAUNCHER_RNDZ_FILE", "/e/std", "PMIX_LAUNCHER_RENDEZVOUS_FILE", "/e/v422"))
                .launcherFile().orElseThrow());
        assertEquals(Path.of("/e/v422"), SessionOptions.from(NONE, env("PMIX_LAUNCHER_RENDEZVOUS_FILE", "/e/v422"))
                .launcherFile().orElseThrow());
    }
}
