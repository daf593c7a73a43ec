package org.pmix4j.server.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.pmix4j.api.Info;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;
import org.pmix4j.server.HostModule;
import org.pmix4j.server.net.ClosedConnections;
import org.pmix4j.server.peer.Peer;
import org.pmix4j.server.store.JobStore;
import org.pmix4j.wire.BufferKind;
import org.pmix4j.wire.protocol.PeerType;

/**
 * The rule without a server: no job is registered here (registered jobs and real peers are in
 * {@code it.security.ForeignPeerAuthorisationTest}), so what remains is the server's own namespace, tools'
 * namespaces, the privileged users, the host's trust and the refusal's message and log.
 */
class AuthorisationTest {
    private static final int SERVER_UID = 500;
    private final RateLimitedLog log = new RateLimitedLog(org.pmix4j.api.internal.Log.of(AuthorisationTest.class));
    private final JobOwnership owners = new JobOwnership(n -> null, new JobStore("here"), new Proc("server", 0),
            SERVER_UID);
    private int trusted = -1;
    private final HostModule host = new HostModule() {
        @Override
        public ToolRights toolRights(Proc tool, int uid, int gid, List<Info> info) {
            return uid == trusted ? ToolRights.ALL_JOBS : ToolRights.OWN_JOBS;
        }
    };
    private final Authorisation authorisation = new Authorisation(owners, host, SERVER_UID, log);
    private int index;

    private Peer tool(String nspace, int uid) {
        Peer p = new Peer(ClosedConnections.create(), ++index, new Proc(nspace, 0), PeerType.TOOL_GIVEN_ID,
                BufferKind.FULLY_DESCRIBED, "4.2.2", uid, uid, false);
        owners.connected(p, List.of());
        authorisation.connected(p, List.of());
        return p;
    }

    @Test
    void rootAndTheServersUserMayActOnAnythingOthersOnTheirOwn() {
        Peer root = tool("t.root", 0);
        Peer serverUser = tool("t.server", SERVER_UID);
        Peer alice = tool("t.alice", 1001);
        Peer bob = tool("t.bob", 1002);
        for (String ns : List.of("server", "t.alice", "unknown")) {
            assertTrue(authorisation.mayActOn(root, ns), ns);
            assertTrue(authorisation.mayActOn(serverUser, ns), ns);
        }
        assertTrue(authorisation.mayActOn(alice, "t.alice"));
        assertFalse(authorisation.mayActOn(alice, "t.bob"), "another user's tool");
        assertFalse(authorisation.mayActOn(alice, "server"), "the server belongs to its user");
        assertFalse(authorisation.mayActOn(alice, "unknown"), "a namespace with no owner here");
        assertTrue(authorisation.mayActOn(bob, "t.bob"));
    }

    @Test
    void aToolTheHostTrustsMayActOnEverything() {
        trusted = 1003;
        Peer carol = tool("t.carol", 1003);
        assertTrue(authorisation.mayActOnAll(carol));
        assertTrue(authorisation.mayActOn(carol, "server"));
        authorisation.lost(carol, "gone");
        assertFalse(authorisation.mayActOnAll(carol), "the trust goes with the connection");
    }

    @Test
    void aRefusalNamesOperationJobAndUidAndIsLoggedOnce() {
        Peer alice = tool("t.alice", 1001);
        tool("t.bob", 1002);
        PmixException e = assertThrows(PmixException.class,
                () -> authorisation.requireProcs(alice, "job control",
                        List.of(new Proc("t.alice", 0), new Proc("t.bob", 0))));
        assertEquals(PmixStatus.PMIX_ERR_NO_PERMISSIONS, e.status());
        assertTrue(e.getMessage().contains("job control on job 't.bob' refused to uid 1001 (tool t.alice:0"),
                e.getMessage());
        assertTrue(e.getMessage().contains("the job belongs to uid 1002"), e.getMessage());
        for (int i = 0; i < 5; i++) {
            assertThrows(PmixException.class, () -> authorisation.require(alice, "job control", List.of("t.bob")));
        }
        assertEquals(5, log.repeats(alice, "job control"), "one line, then counted");
        authorisation.requireProcs(alice, "job control", List.of());
        authorisation.lost(alice, "gone");
        assertEquals(0, log.repeats(alice, "job control"));
    }
}
