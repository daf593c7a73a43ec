package org.pmix4j.server.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.pmix4j.server.store.Payloads.arr;
import static org.pmix4j.server.store.Payloads.i;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Info;
import org.pmix4j.api.KeyValue;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Rank;
import org.pmix4j.api.Value;

/** Each stage of {@link JobDataBuilder} on its own. */
class JobDataStagesTest {
    private static final String SERVER = "n0";

    private static Registration walk(Info... infos) {
        return Registration.walk("job", SERVER, List.of(infos));
    }

    private static NodeTable nodes(Registration reg) {
        NodeTable t = new NodeTable();
        for (Registration.NodeDescription d : reg.nodes) {
            t.merge(d);
        }
        return t;
    }

    private static List<String> names(List<KnownNode> nodes) {
        List<String> out = new ArrayList<>();
        for (KnownNode n : nodes) {
            out.add(n.name);
        }
        return out;
    }

    private static List<String> entryNames(List<NodeEntry> nodes) {
        List<String> out = new ArrayList<>();
        for (NodeEntry n : nodes) {
            out.add(n.name());
        }
        return out;
    }

    @Nested
    class RegistrationWalk {
        @Test
        void filesLooseKeysByTheirDeclaredLevel() {
            Registration reg = walk(i(Attributes.JOB_SIZE, 4), i(Attributes.TMPDIR, "/tmp/s"),
                    i(Attributes.LOCAL_PEERS, "0,1"), i(Attributes.WDIR, "/home"), i(Attributes.NPROC_OFFSET, 8));
            assertEquals(List.of("pmix.job.size", "pmix.offset"), new ArrayList<>(reg.job.keySet()));
            assertEquals(List.of("pmix.tmpdir"), new ArrayList<>(reg.session.keySet()));
            assertEquals(1, reg.nodes.size());
            assertEquals(SERVER, reg.nodes.get(0).hostname);
            assertEquals(List.of("pmix.lpeers"), new ArrayList<>(reg.nodes.get(0).info.keySet()));
            assertEquals(List.of("pmix.wdir"), new ArrayList<>(reg.looseApp.info.keySet()));
        }

        @Test
        void filesProcessArraysByRankAndKeepsTheOtherKeysInOrder() {
            Registration reg = walk(arr(Attributes.APP_INFO_ARRAY, i(Attributes.APPNUM, 1),
                    arr(Attributes.PROC_DATA, i(Attributes.RANK, 3), i(Attributes.LOCAL_RANK, 2),
                            i(Attributes.HOSTNAME, "n7"), Info.of("my.key", new Value.Str("x")))));
            assertEquals(3, reg.procs.maxRank());
            assertNull(reg.procs.get(0));
            GivenProcs.GivenProc p = reg.procs.get(3);
            assertEquals(2, p.localRank);
            assertEquals(1, p.appnum); // from the enclosing application array
            assertEquals("n7", p.hostname);
            assertEquals(List.of(new KeyValue("my.key", new Value.Str("x"))), p.others());
            assertTrue(reg.apps.containsKey(1));
        }

        @Test
        void keepsTheMapsTextAndSkipsOtherJobsOfTheSession() {
            Registration reg = walk(i(Attributes.NODE_MAP, "n0,n1"), arr(Attributes.SESSION_INFO_ARRAY,
                    i(Attributes.SESSION_ID, 7), arr(Attributes.JOB_INFO_ARRAY, i(Attributes.NSPACE, "other"),
                            i(Attributes.JOB_SIZE, 99))));
            assertEquals(new Registration.MapText("pmix.nmap", "n0,n1"), reg.nodeMap);
            assertNull(reg.procMap);
            assertEquals(7, reg.sessionId);
            assertTrue(reg.job.isEmpty());
        }
    }

    @Nested
    class NodeTableMerge {
        @Test
        void mergesDescriptionsOfOneNodeByIdAndAlias() {
            Registration reg = walk(arr(Attributes.NODE_INFO_ARRAY, i(Attributes.HOSTNAME, "a"),
                    i(Attributes.HOSTNAME_ALIASES, "a.example,a-ib")),
                    arr(Attributes.NODE_INFO_ARRAY, i(Attributes.HOSTNAME, "a-ib"), i(Attributes.NODEID, 5)),
                    arr(Attributes.NODE_INFO_ARRAY, i(Attributes.NODEID, 5), i(Attributes.NODE_SIZE, 3)));
            NodeTable t = nodes(reg);
            assertEquals(1, t.size());
            KnownNode a = t.get(0);
            assertEquals("a", a.name);
            assertEquals(5, a.id);
            assertEquals(0, t.byName("a.example", false));
            assertEquals(0, t.byId(5));
            assertTrue(a.hostInfo.containsKey("pmix.node.size"));
        }

        @Test
        void refusesOneIdForTwoNamedNodes() {
            Registration reg = walk(
                    arr(Attributes.NODE_INFO_ARRAY, i(Attributes.HOSTNAME, "a"), i(Attributes.NODEID, 1)),
                    arr(Attributes.NODE_INFO_ARRAY, i(Attributes.HOSTNAME, "b"), i(Attributes.NODEID, 1)));
            assertEquals(PmixStatus.PMIX_ERR_BAD_PARAM,
                    assertThrows(PmixException.class, () -> nodes(reg)).status());
        }
    }

    @Nested
    class Placing {
        @Test
        void placesByTheMaps() {
            Registration reg = walk(i(Attributes.NODE_MAP, "n1,n0"), i(Attributes.PROC_MAP, "0,2;1"));
            NodeTable t = nodes(reg);
            Placement p = Placement.place(reg, t, 1, SERVER);
            assertEquals(3, p.jobSize());
            assertEquals(List.of("n1", "n0"), names(p.mapOrder()));
            assertEquals(List.of("n1", "n0", "n1"), names(List.of(p.nodeOf())));
            assertEquals("n0", p.own().name);
        }

        @Test
        void placesByLocalPeersThenByTheProcessesOwnWord() {
            Registration reg = walk(i(Attributes.JOB_SIZE, 3),
                    arr(Attributes.NODE_INFO_ARRAY, i(Attributes.HOSTNAME, "a"), i(Attributes.LOCAL_PEERS, "0,1")),
                    arr(Attributes.PROC_DATA, i(Attributes.RANK, 2), i(Attributes.HOSTNAME, "b")));
            Placement p = Placement.place(reg, nodes(reg), 0, SERVER);
            assertEquals(List.of("a", "a", "b"), names(List.of(p.nodeOf())));
            assertNull(p.mapOrder());
            assertNull(p.own());
        }

        @Test
        void putsAnUnplacedJobOfLocalProcessesOnTheServersNode() {
            Registration reg = walk(i(Attributes.JOB_SIZE, 2));
            NodeTable t = nodes(reg);
            Placement p = Placement.place(reg, t, 2, SERVER);
            assertSame(p.own(), p.nodeOf()[0]);
            assertSame(p.own(), p.nodeOf()[1]);
            assertEquals(SERVER, p.own().name);
        }

        @Test
        void leavesProcessesUnplacedWhenNothingSaysWhere() {
            Registration reg = walk(i(Attributes.JOB_SIZE, 4));
            Placement p = Placement.place(reg, nodes(reg), 2, SERVER);
            assertEquals(4, p.jobSize());
            assertNull(p.nodeOf()[3]);
            assertNull(p.own());
        }

        @Test
        void refusesARankPlacedOnTwoNodes() {
            Registration reg = walk(i(Attributes.NODE_MAP, "a,b"), i(Attributes.PROC_MAP, "0,1;1"));
            PmixException e = assertThrows(PmixException.class, () -> Placement.place(reg, nodes(reg), 0, SERVER));
            assertTrue(e.getMessage().contains("rank 1 is placed twice"), e.getMessage());
        }
    }

    @Nested
    class LayingOut {
        @Test
        void ordersTheJobsNodesByLowestRankAndNumbersThem() {
            Registration reg = walk(i(Attributes.JOB_SIZE, 3),
                    arr(Attributes.NODE_INFO_ARRAY, i(Attributes.HOSTNAME, "late"), i(Attributes.LOCAL_PEERS, "2")),
                    arr(Attributes.NODE_INFO_ARRAY, i(Attributes.HOSTNAME, "early"), i(Attributes.LOCAL_PEERS, "0,1")),
                    arr(Attributes.NODE_INFO_ARRAY, i(Attributes.HOSTNAME, "idle")));
            NodeTable t = nodes(reg);
            NodeLayout layout = NodeLayout.lay(Placement.place(reg, t, 0, SERVER), t);
            assertEquals(List.of("early", "late"), entryNames(layout.jobOrder()));
            NodeEntry early = layout.jobOrder().get(0);
            assertEquals(0, early.id());
            assertEquals(1, layout.jobOrder().get(1).id());
            assertEquals(2, layout.nodes().get(2).id());
            assertArrayEquals(new int[] {0, 1}, early.ranks());
            assertEquals(Map.of("pmix.hname", new Value.Str("early"), "pmix.nodeid", new Value.UInt32(0),
                    "pmix.lpeers", new Value.Str("0,1"), "pmix.lldr", new Rank(0), "pmix.local.size",
                    new Value.UInt32(2), "pmix.node.size", new Value.UInt32(2)), early.view());
        }
    }

    @Nested
    class AssigningApps {
        private AppAssignment assign(Info... infos) {
            Registration reg = walk(infos);
            NodeTable t = nodes(reg);
            Placement p = Placement.place(reg, t, 0, SERVER);
            NodeLayout.lay(p, t);
            return AppAssignment.assign(reg, p.jobSize(), t);
        }

        @Test
        void blocksByApplicationSizes() {
            AppAssignment a = assign(i(Attributes.JOB_SIZE, 5),
                    arr(Attributes.APP_INFO_ARRAY, i(Attributes.APPNUM, 0), i(Attributes.APP_SIZE, 2)),
                    arr(Attributes.APP_INFO_ARRAY, i(Attributes.APPNUM, 1), i(Attributes.APP_SIZE, 3)));
            assertEquals(2, a.apps().size());
            assertSame(a.apps().get(1), a.appOf()[2]);
            assertArrayEquals(new int[] {0, 1, 0, 1, 2}, a.appRank());
            assertEquals(2, a.apps().get(1).leader());
        }

        @Test
        void blocksByApplicationLeaders() {
            AppAssignment a = assign(i(Attributes.JOB_SIZE, 4),
                    arr(Attributes.APP_INFO_ARRAY, i(Attributes.APPNUM, 1), i(Attributes.APPLDR, 3)),
                    arr(Attributes.APP_INFO_ARRAY, i(Attributes.APPNUM, 0), i(Attributes.APPLDR, 0)));
            assertEquals(3, a.apps().get(0).size());
            assertEquals(1, a.apps().get(1).size());
            assertSame(a.apps().get(1), a.appOf()[3]);
        }

        @Test
        void givesAJobWithoutApplicationsOne() {
            AppAssignment a = assign(i(Attributes.JOB_SIZE, 2));
            assertEquals(1, a.apps().size());
            assertEquals(0, a.apps().get(0).appnum());
            assertEquals(List.of("pmix.appnum", "pmix.app.size", "pmix.aldr"),
                    new ArrayList<>(a.apps().get(0).view().keySet()));
        }
    }

    @Nested
    class DerivingKeys {
        @Test
        void derivesTheJobAndSessionLevels() {
            Registration reg = walk(i(Attributes.NODE_MAP, "a,b"), i(Attributes.PROC_MAP, "0;1"),
                    i(Attributes.NPROC_OFFSET, 10));
            NodeTable t = nodes(reg);
            Placement p = Placement.place(reg, t, 0, SERVER);
            NodeLayout layout = NodeLayout.lay(p, t);
            AppAssignment apps = AppAssignment.assign(reg, p.jobSize(), t);
            DerivedKeys k = DerivedKeys.derive("job", reg, false, p.jobSize(), layout, apps.apps(),
                    new SessionDirs("/tmp/s", ns -> "/tmp/s/" + ns, (ns, r) -> null));
            assertEquals(List.of("pmix.offset", "pmix.jobid", "pmix.job.size", "pmix.max.size", "pmix.num.nodes",
                    "pmix.job.napps", "pmix.nlist", "pmix.nsdir"), new ArrayList<>(k.job().keySet()));
            assertEquals(new Value.Str("a,b"), k.job().get("pmix.nlist"));
            assertEquals(10, k.offset());
            assertEquals(DerivedKeys.NO_SESSION, k.sessionId());
            LinkedHashMap<String, Value> session = k.session();
            assertEquals(List.of("pmix.session.id", "pmix.univ.size", "pmix.tmpdir"),
                    new ArrayList<>(session.keySet()));
        }

        @Test
        void derivesNothingForAnEmptyRegistrationOfAnEmptyJob() {
            Registration reg = walk();
            NodeTable t = nodes(reg);
            Placement p = Placement.place(reg, t, 0, SERVER);
            NodeLayout layout = NodeLayout.lay(p, t);
            DerivedKeys k = DerivedKeys.derive("job", reg, true, 0, layout, List.of(), SessionDirs.NONE);
            assertTrue(k.job().isEmpty());
            assertEquals(List.of("pmix.session.id"), new ArrayList<>(k.session().keySet()));
        }
    }

    @Nested
    class ProcessRecords {
        @Test
        void givenPositionsOverrideTheDerivedOnesAndLocalProcessesGetTheirDirectory() {
            Registration reg = walk(i(Attributes.NODE_MAP, "n0,n1"), i(Attributes.PROC_MAP, "0,1;2"),
                    arr(Attributes.PROC_DATA, i(Attributes.RANK, 1), i(Attributes.NODE_RANK, 7),
                            i(Attributes.GLOBAL_RANK, 100)));
            NodeTable t = nodes(reg);
            Placement p = Placement.place(reg, t, 2, SERVER);
            NodeLayout layout = NodeLayout.lay(p, t);
            AppAssignment apps = AppAssignment.assign(reg, p.jobSize(), t);
            ProcEntry[] procs = ProcEntries.build("job", reg.procs, p, layout, apps, 5,
                    new SessionDirs(null, null, (ns, r) -> "/d/" + r));
            assertEquals(3, procs.length);
            ProcEntry one = procs[1];
            assertEquals(1, one.localRank());
            assertEquals(7, one.nodeRank());
            assertEquals(100, one.globalRank());
            assertEquals("/d/1", one.directory());
            ProcEntry two = procs[2];
            assertEquals(0, two.localRank());
            assertEquals(0, two.nodeRank());
            assertEquals(7, two.globalRank());
            assertNull(two.directory());
            assertEquals("n1", two.node().name());
            assertEquals(List.of("pmix.lrank", "pmix.nrank", "pmix.grank", "pmix.apprank", "pmix.appnum",
                    "pmix.nodeid", "pmix.hname", "pmix.pdir"), keys(one.values()));
            assertEquals(new Value.UInt16(7), one.value("pmix.nrank"));
            assertEquals(new Value.Str("/d/1"), one.value("pmix.pdir"));
            assertNull(two.value("pmix.pdir"));
        }

        private static List<String> keys(List<KeyValue> kvs) {
            List<String> out = new ArrayList<>();
            for (KeyValue kv : kvs) {
                out.add(kv.key());
            }
            return out;
        }
    }
}
