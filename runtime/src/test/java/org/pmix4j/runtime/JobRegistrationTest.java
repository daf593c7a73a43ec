package org.pmix4j.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.DataArray;
import org.pmix4j.api.DataType;
import org.pmix4j.api.Info;
import org.pmix4j.api.KeyValue;
import org.pmix4j.api.Proc;
import org.pmix4j.api.Rank;
import org.pmix4j.api.Value;
import org.pmix4j.runtime.placement.BindingPolicy;
import org.pmix4j.runtime.placement.CpuSet;
import org.pmix4j.runtime.placement.JobMap;
import org.pmix4j.runtime.placement.MappingPolicy;
import org.pmix4j.runtime.placement.ProcPlacement;
import org.pmix4j.runtime.placement.RankingPolicy;
import org.pmix4j.runtime.session.SessionData;
import org.pmix4j.server.store.JobData;

/**
 * What {@link JobRegistration} registers, read as the server library files it ({@link JobData}): the session
 * array, PMIX_LOCAL_PROCS and PMIX_AVAIL_PHYS_MEMORY in the node array, PMIX_PACKAGE_RANK per process.
 */
class JobRegistrationTest {
    private static final String NS = "pmix4j-vm-1@1";

    /** A process bound to {@code cpu}, in package {@code pkg}'s locality (as NodeTopology writes it). */
    private static ProcPlacement bound(int rank, int cpu, String packages) {
        return new ProcPlacement(rank, 0, rank, rank, rank, CpuSet.of(cpu), CpuSet.of(cpu),
                "package[" + packages + "][core:L" + cpu + "]", "SK" + packages + ":CR" + cpu + ":HT" + cpu + ":NM0");
    }

    private static ProcPlacement unbound(int rank) {
        return new ProcPlacement(rank, 0, rank, rank, rank, null, CpuSet.EMPTY, null, null);
    }

    private static JobMap map(List<ProcPlacement> procs, int slots) {
        return new JobMap(procs, MappingPolicy.parse("package"), RankingPolicy.FILL, BindingPolicy.parse("core"),
                slots, 0, procs.size(), procs.size() > slots, 0, false, List.of());
    }

    private static List<Info> build(JobMap map, SessionData session, List<Proc> local) {
        List<String> argv = List.of("./a.out");
        return JobRegistration.build(NS, "vm", List.of(new AppContext(argv, map.size(), Map.of(), null)), map,
                List.of("/tmp"), null, session, local);
    }

    private static List<Proc> ranks(String nspace, int n) {
        List<Proc> out = new ArrayList<>();
        for (int r = 0; r < n; r++) {
            out.add(new Proc(nspace, r));
        }
        return out;
    }

    private static Map<String, Value> byKey(List<KeyValue> kvs) {
        Map<String, Value> out = new LinkedHashMap<>();
        for (KeyValue kv : kvs) {
            out.put(kv.key(), kv.value());
        }
        return out;
    }

    @Test
    void theSessionArrayCarriesTheSessionsIdSlotsAndNodes() {
        JobMap map = map(List.of(bound(0, 0, "0"), bound(1, 1, "0")), 2);
        List<Info> reg = build(map, SessionData.defaultSession("vm", 8), ranks(NS, 2));

        List<Info> arrays = reg.stream().filter(i -> i.key().equals(Attributes.SESSION_INFO_ARRAY.key())).toList();
        assertEquals(1, arrays.size(), "one session array: " + reg);
        List<Info> session = ((DataArray) arrays.get(0).value()).infos();
        assertEquals(Attributes.SESSION_ID.key(), session.get(0).key(), "the session id first: " + session);
        assertEquals(0, Attributes.SESSION_ID.get(session.get(0).value()));
        assertEquals(Optional.of(8), Attributes.MAX_PROCS.find(session));
        assertEquals(Optional.of(8), Attributes.UNIV_SIZE.find(session));
        assertEquals(Optional.of(1), Attributes.NUM_NODES.find(session));
        assertEquals(Optional.of("vm"), Attributes.NODE_LIST.find(session));
        assertEquals(Optional.of("vm"), Attributes.ALLOCATED_NODELIST.find(session));
        assertEquals(Optional.empty(), Attributes.ALLOC_ID.find(session), "the default session has no allocation id");
        // the job's own figures stay at job level; the universe size is the session's only
        assertEquals(Optional.of(2), Attributes.MAX_PROCS.find(reg));
        assertEquals(Optional.empty(), Attributes.UNIV_SIZE.find(reg));

        // as the server files it and sends it to clients (pmix.ssn.arr)
        JobData data = JobData.register(NS, 2, reg, "vm");
        assertEquals(0, data.sessionId());
        Map<String, Value> ssn = byKey(data.sessionValues());
        assertEquals(List.of(Attributes.SESSION_ID.key(), Attributes.MAX_PROCS.key(), Attributes.UNIV_SIZE.key(),
                Attributes.NUM_NODES.key(), Attributes.NODE_LIST.key(), Attributes.NUM_ALLOCATED_NODES.key(),
                Attributes.ALLOCATED_NODELIST.key()), List.copyOf(ssn.keySet()).subList(0, 7));
        assertEquals(8, Attributes.MAX_PROCS.get(ssn.get(Attributes.MAX_PROCS.key())));
        Info sessionLevel = Attributes.SESSION_INFO.info(true);
        assertEquals(8, Attributes.MAX_PROCS.get(data.find(Rank.WILDCARD, Attributes.MAX_PROCS.key(),
                List.of(sessionLevel)).orElseThrow()));
        assertEquals(8, Attributes.MAX_PROCS.get(data.find(Rank.WILDCARD, Attributes.MAX_PROCS.key(),
                List.of(sessionLevel, Attributes.SESSION_ID.info(0))).orElseThrow()));
        assertEquals(2, Attributes.MAX_PROCS.get(data.find(Rank.WILDCARD, Attributes.MAX_PROCS.key(), List.of())
                .orElseThrow()), "unqualified, PMIX_MAX_PROCS is the job's");
        assertEquals(Optional.empty(), data.find(Rank.WILDCARD, Attributes.MAX_PROCS.key(),
                List.of(sessionLevel, Attributes.SESSION_ID.info(7))), "another session's is not ours to give");
    }

    @Test
    void aSchedulersSessionGivesItsAllocationIdAndAllItsNodes() {
        SessionData s = new SessionData(3, "alloc-3", 12,
                List.of(new SessionData.Node("vm", 4), new SessionData.Node("n1", 8)));
        List<Info> session = ((DataArray) build(map(List.of(unbound(0)), 4), s, ranks(NS, 1)).stream()
                .filter(i -> i.key().equals(Attributes.SESSION_INFO_ARRAY.key())).findFirst().orElseThrow()
                .value()).infos();
        assertEquals(3, Attributes.SESSION_ID.get(session.get(0).value()));
        assertEquals(Optional.of("alloc-3"), Attributes.ALLOC_ID.find(session));
        assertEquals(Optional.of(12), Attributes.MAX_PROCS.find(session));
        assertEquals(Optional.of(2), Attributes.NUM_NODES.find(session));
        assertEquals(Optional.of("vm,n1"), Attributes.NODE_LIST.find(session));
    }

    @Test
    void theNodeArrayListsEveryProcessOnTheNodeAndItsMemory() {
        List<Proc> local = new ArrayList<>(ranks("pmix4j-vm-1@0", 2));
        local.addAll(ranks(NS, 2));
        JobMap map = map(List.of(unbound(0), unbound(1)), 2);
        List<Info> reg = build(map, SessionData.defaultSession("vm", 2), local);
        List<Info> node = ((DataArray) Attributes.NODE_INFO_ARRAY.find(reg).orElseThrow()).infos();
        DataArray procs = Attributes.LOCAL_PROCS.find(node).orElseThrow();
        assertEquals(DataType.PROC, procs.elementType());
        assertEquals(local, procs.elements());
        OptionalLong memory = NodeMemory.total();
        assertTrue(memory.isPresent() && memory.getAsLong() > 0, "this machine's /proc/meminfo has a MemTotal");
        assertEquals(Optional.of(memory.getAsLong()), Attributes.AVAIL_PHYS_MEMORY.find(node));

        JobData data = JobData.register(NS, 2, reg, "vm");
        assertEquals(procs, data.find(Rank.WILDCARD, Attributes.LOCAL_PROCS.key(), List.of()).orElseThrow());
        assertEquals(memory.getAsLong(), Attributes.AVAIL_PHYS_MEMORY.get(data.find(0,
                Attributes.AVAIL_PHYS_MEMORY.key(), List.of(Attributes.NODE_INFO.info(true))).orElseThrow()));
    }

    @Test
    void packageRanksCountTheJobsProcessesBoundWithinEachPackage() {
        JobMap map = map(List.of(bound(0, 0, "0"), bound(1, 4, "1"), bound(2, 1, "0"), bound(3, 5, "1"),
                bound(4, 2, "0")), 8);
        JobData data = JobData.register(NS, 5, build(map, SessionData.defaultSession("vm", 8), ranks(NS, 5)), "vm");
        int[] expected = {0, 0, 1, 1, 2};
        for (int r = 0; r < expected.length; r++) {
            assertEquals(expected[r], Attributes.PACKAGE_RANK.get(data.find(r, Attributes.PACKAGE_RANK.key(),
                    List.of()).orElseThrow()), "rank " + r);
        }
    }

    @Test
    void unboundProcessesAndOnesSpanningPackagesHaveNoPackageRank() {
        JobMap map = map(List.of(unbound(0), bound(1, 3, "0-1")), 2);
        JobData data = JobData.register(NS, 2, build(map, SessionData.defaultSession("vm", 2), ranks(NS, 2)), "vm");
        assertFalse(data.find(0, Attributes.PACKAGE_RANK.key(), List.of()).isPresent());
        assertFalse(data.find(1, Attributes.PACKAGE_RANK.key(), List.of()).isPresent());
    }

    @Test
    void memoryIsMemTotalInBytes() {
        String meminfo = "MemTotal:       24684084 kB\nMemFree:         1000 kB\nMemAvailable:   24098296 kB\n";
        assertEquals(OptionalLong.of(24684084L * 1024), NodeMemory.totalIn(meminfo));
        assertEquals(OptionalLong.empty(), NodeMemory.totalIn("MemFree: 1 kB\n"));
        assertEquals(OptionalLong.empty(), NodeMemory.totalIn("MemTotal: lots\n"));
    }

    @Test
    void sessionsAreCheckedWhenMade() {
        SessionData d = SessionData.defaultSession("vm", 4);
        assertEquals(SessionData.DEFAULT_SESSION_ID, d.id());
        assertEquals(List.of("vm"), d.nodeNames());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new SessionData(1, null, 1, List.of()))
                .getMessage().contains("no nodes"));
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> new SessionData(-1, null, 1, List.of(new SessionData.Node("vm", 1)))).getMessage()
                .contains("no session"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new SessionData.Node("", 1)).getMessage()
                .contains("name"));
    }
}
