package org.pmix4j.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.DataArray;
import org.pmix4j.api.Info;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;
import org.pmix4j.client.tool.PmixTool;
import org.pmix4j.server.HostModule;
import org.pmix4j.server.PmixServer;
import org.pmix4j.server.ServerConfig;

/**
 * PMIx_Session_control (OpenPMIx 5/6's SESSION_CTRL command, which no 4.2.2 peer sends) between pmix4j's own
 * peers: a Java tool finds the node's system controller and scheduler by their role
 * (PMIX_CONNECT_TO_SYS_CONTROLLER, PMIX_CONNECT_TO_SCHEDULER: {@code pmix.sysctrlr.<host>},
 * {@code pmix.sched.<host>}), its directive reaches the host's {@code sessionControl} upcall with the session
 * id, the directives and the requester, and the host's infos come back; a host without the upcall answers
 * PMIX_ERR_NOT_SUPPORTED.
 */
class SessionControlJavaPeersTest {
    @TempDir
    Path tmp;

    /** What the controller's host was asked. */
    private record Asked(Proc requester, int sessionId, List<Info> directives) {
    }

    private PmixServer start(HostModule host, String nspace, Info role) throws Exception {
        return PmixServer.start(host, List.of(Attributes.SERVER_NSPACE.info(nspace),
                Attributes.SERVER_TMPDIR.info(Files.createDirectories(tmp.resolve(nspace)).toString()),
                Attributes.SYSTEM_TMPDIR.info(tmp.toString()), Attributes.SERVER_TOOL_SUPPORT.info(true), role));
    }

    private static HostModule naming(String toolNs, AtomicReference<Asked> asked) {
        return new HostModule() {
            @Override
            public CompletionStage<Proc> toolConnected(List<Info> info) {
                return CompletableFuture.completedFuture(new Proc(toolNs, 0));
            }

            @Override
            public CompletionStage<List<Info>> sessionControl(Proc requester, int sessionId, List<Info> directives) {
                if (asked == null) {
                    return HostModule.super.sessionControl(requester, sessionId, directives);
                }
                asked.set(new Asked(requester, sessionId, directives));
                return CompletableFuture.completedFuture(List.of(Attributes.SESSION_ID.info(sessionId),
                        Attributes.ALLOC_ID.info("alloc." + sessionId)));
            }
        };
    }

    @Test
    void aDirectiveReachesTheSystemControllerFoundByItsRole() throws Exception {
        AtomicReference<Asked> asked = new AtomicReference<>();
        try (PmixServer ctrl = start(naming("ctrltool", asked), "ssnctl-ctrl",
                Attributes.SERVER_SYS_CONTROLLER.info(true));
                PmixTool tool = PmixTool.init(Attributes.CONNECT_TO_SYS_CONTROLLER.info(true),
                        Attributes.SYSTEM_TMPDIR.info(tmp.toString()))) {
            assertTrue(Files.exists(tmp.resolve("pmix.sysctrlr." + ServerConfig.localHostname())));
            DataArray resources = DataArray.ofInfos(List.of(Attributes.ALLOC_NODE_LIST.info("n1"),
                    Attributes.ALLOC_NUM_CPU_LIST.info("4")));
            List<Info> reply = tool.sessionControl(7, List.of(Attributes.SESSION_INSTANTIATE.info(true),
                    Attributes.SESSION_RESOURCES.info(resources)));
            assertEquals(7, Attributes.SESSION_ID.find(reply).orElseThrow(), reply.toString());
            assertEquals("alloc.7", Attributes.ALLOC_ID.find(reply).orElseThrow());
            Asked a = asked.get();
            assertEquals(new Proc("ctrltool", 0), a.requester());
            assertEquals(7, a.sessionId());
            assertEquals(true, Attributes.SESSION_INSTANTIATE.find(a.directives()).orElseThrow());
            assertEquals(resources, Attributes.SESSION_RESOURCES.find(a.directives()).orElseThrow());
        }
    }

    @Test
    void everySessionIsUint32MaxOnTheWire() throws Exception {
        AtomicReference<Asked> asked = new AtomicReference<>();
        try (PmixServer sched = start(naming("schedtool", asked), "ssnctl-sched",
                Attributes.SERVER_SCHEDULER.info(true));
                PmixTool tool = PmixTool.init(Attributes.CONNECT_TO_SCHEDULER.info(true),
                        Attributes.SYSTEM_TMPDIR.info(tmp.toString()))) {
            assertTrue(Files.exists(tmp.resolve("pmix.sched." + ServerConfig.localHostname())));
            tool.sessionControl(-1, List.of(Attributes.SESSION_COMPLETE.info(true)));
            assertEquals(-1, asked.get().sessionId());
            assertEquals(new Proc("schedtool", 0), asked.get().requester());
        }
    }

    @Test
    void aHostWithoutTheUpcallAnswersNotSupported() throws Exception {
        try (PmixServer ctrl = start(naming("plain", null), "ssnctl-none", Attributes.SERVER_SYS_CONTROLLER.info(true));
                PmixTool tool = PmixTool.init(Attributes.SERVER_URI.info(ctrl.uri()))) {
            PmixException e = assertThrows(PmixException.class,
                    () -> tool.sessionControl(1, List.of(Attributes.SESSION_TERMINATE.info(true))));
            assertEquals(PmixStatus.PMIX_ERR_NOT_SUPPORTED, e.status());
            assertTrue(e.getMessage().contains("session control"), e.getMessage());
        }
    }

    @Test
    void askingForTwoRolesAtOnceIsRefused() {
        PmixException e = assertThrows(PmixException.class, () -> PmixTool.init(
                Attributes.CONNECT_TO_SCHEDULER.info(true), Attributes.CONNECT_TO_SYS_CONTROLLER.info(true),
                Attributes.SYSTEM_TMPDIR.info(tmp.toString())));
        assertEquals(PmixStatus.PMIX_ERR_BAD_PARAM, e.status());
        assertTrue(e.getMessage().contains("PMIX_CONNECT_TO_SCHEDULER"), e.getMessage());
    }
}
