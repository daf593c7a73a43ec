package org.pmix4j.runtime.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.DataArray;
import org.pmix4j.api.Info;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;

/**
 * The session table on its own: the default session is the pool minus the other sessions, a job's session
 * is found in the spec's order and an unknown one is NOT_FOUND naming what was asked, and ending a session
 * takes its children along unless they are separated.
 */
class SessionTableTest {
    private final SessionTable table = new SessionTable("node1", 8, Path.of("/nonexistent/dvm.1"), 1000);

    private static SessionRequest request(int slots, String allocId, String reqId, Integer parent, boolean sep) {
        return new SessionRequest(slots, allocId, reqId, 0, null, parent, sep);
    }

    @Test
    void theDefaultSessionHasThePoolMinusTheOtherSessions() {
        assertEquals(8, table.slotsOf(table.defaultSession()));
        Session s = table.instantiate(3, request(5, "alloc.3", null, null, false), 1000, 0);
        assertEquals(3, table.slotsOf(table.defaultSession()));
        assertEquals(Path.of("/nonexistent/dvm.1/session.3"), s.directory());
        PmixException full = assertThrows(PmixException.class,
                () -> table.instantiate(4, request(2, null, null, null, false), 1000, 2));
        assertEquals(PmixStatus.PMIX_ERR_OUT_OF_RESOURCE, full.status());
        assertTrue(full.detail().contains("only 1 of the 8 slots"), full.getMessage());
        PmixException again = assertThrows(PmixException.class,
                () -> table.instantiate(3, request(1, null, null, null, false), 1000, 0));
        assertEquals(PmixStatus.PMIX_EXISTS, again.status());
        table.beginEnding(s);
        table.remove(s);
        assertEquals(8, table.slotsOf(table.defaultSession()));
    }

    @Test
    void aJobsSessionIsFoundInTheSpecsOrder() {
        Session a = table.instantiate(1, request(1, "alloc.1", "mine", null, false), 1000, 0);
        Session b = table.instantiate(2, request(1, "alloc.2", "yours", null, false), 1000, 0);
        assertSame(a, table.assign(List.of(Attributes.SESSION_ID.info(1), Attributes.ALLOC_ID.info("alloc.2")), 2));
        assertSame(b, table.assign(List.of(Attributes.ALLOC_ID.info("alloc.2"), Attributes.ALLOC_REQ_ID.info("mine")),
                null));
        assertSame(a, table.assign(List.of(Attributes.ALLOC_REQ_ID.info("mine")), 2));
        assertSame(b, table.assign(List.of(), 2));
        assertSame(table.defaultSession(), table.assign(List.of(), null));
        PmixException e = assertThrows(PmixException.class, () -> table.assign(List.of(Attributes.SESSION_ID.info(7)),
                null));
        assertEquals(PmixStatus.PMIX_ERR_NOT_FOUND, e.status());
        assertEquals("PMIX_SESSION_ID 7: no such session in this runtime", e.detail());
        PmixException alloc = assertThrows(PmixException.class, () -> table.assign(
                List.of(Attributes.ALLOC_ID.info("alloc.9")), null));
        assertTrue(alloc.detail().startsWith("PMIX_ALLOC_ID \"alloc.9\""), alloc.getMessage());
        table.beginEnding(a);
        PmixException ending = assertThrows(PmixException.class, () -> table.assign(
                List.of(Attributes.SESSION_ID.info(1)), null));
        assertTrue(ending.detail().contains("ending"), ending.getMessage());
    }

    @Test
    void endingASessionTakesItsChildrenUnlessSeparated() {
        Session top = table.instantiate(1, request(1, null, null, null, false), 1000, 0);
        Session child = table.instantiate(2, request(1, null, null, 1, false), 1000, 0);
        Session grandchild = table.instantiate(3, request(1, null, null, 2, false), 1000, 0);
        Session sepAtStart = table.instantiate(4, request(1, null, null, 1, true), 1000, 0);
        Session sepLater = table.instantiate(5, request(1, null, null, 1, false), 1000, 0);
        table.separate(sepLater);
        assertEquals(List.of(top, child, grandchild), table.beginEnding(top));
        List.of(top, child, grandchild).forEach(table::remove);
        assertEquals(List.of(sepAtStart, sepLater), table.sessions());
        assertNull(sepAtStart.parent(), "a separated child lives on alone");
        assertEquals(6, table.slotsOf(table.defaultSession()));
    }

    @Test
    void onlyThisNodesSlotsCanBeInstantiated() {
        DataArray res = DataArray.ofInfos(List.of(Attributes.ALLOC_NODE_LIST.info("node1,node1.example.org"),
                Attributes.ALLOC_NUM_CPU_LIST.info("2,3"), Attributes.ALLOC_ID.info("alloc.1"),
                Attributes.ALLOC_TIME.info(60)));
        SessionRequest r = SessionRequest.of(List.of(Attributes.SESSION_INSTANTIATE.info(true),
                Attributes.SESSION_RESOURCES.info(res), Attributes.ALLOC_CHILD_SEP.info(true)), "node1", true);
        assertEquals(new SessionRequest(5, "alloc.1", null, 60, null, null, true), r);
        List<Info> elsewhere = List.of(Attributes.SESSION_RESOURCES.info(DataArray.ofInfos(List.of(
                Attributes.ALLOC_NODE_LIST.info("node1,node2"), Attributes.ALLOC_NUM_CPU_LIST.info("1,1")))));
        PmixException e = assertThrows(PmixException.class, () -> SessionRequest.of(elsewhere, "node1", true));
        assertEquals(PmixStatus.PMIX_ERR_NOT_SUPPORTED, e.status());
        assertTrue(e.detail().contains("node node2") && e.detail().contains("several nodes come later"),
                e.getMessage());
        PmixException uneven = assertThrows(PmixException.class, () -> SessionRequest.of(List.of(
                Attributes.SESSION_RESOURCES.info(DataArray.ofInfos(List.of(Attributes.ALLOC_NODE_LIST.info("node1"),
                        Attributes.ALLOC_NUM_CPU_LIST.info("1,1"))))), "node1", true));
        assertEquals(PmixStatus.PMIX_ERR_BAD_PARAM, uneven.status());
    }
}
