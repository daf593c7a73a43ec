package org.pmix4j.runtime.placement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HostSpecTest {
    private static final LocalNode NODE = LocalNode.of("vm", List.of("vm.example.org"), List.of("10.1.2.3"));

    @TempDir
    Path dir;

    @Test
    void hostOptionSlotsAndDuplicates() {
        HostSpec h = HostSpec.parseHosts(List.of("vm:2,localhost", "vm"));
        assertEquals(2, h.hosts().size());
        assertEquals(3, h.hosts().get(0).slots(), "a host given again adds to its slots");
        assertEquals(1, h.hosts().get(1).slots(), "a bare name is one slot");
        assertEquals(4, h.requireLocal(NODE).slots(8));
        assertEquals(8, HostSpec.parseHosts(List.of("vm:*")).slots(8), ":* is one slot per core");
        assertEquals(8, HostSpec.parseHosts(List.of("vm:auto")).slots(8));
        assertEquals(2, HostSpec.parseHosts(List.of("[::1]:2")).slots(8));
        assertEquals(1, HostSpec.parseHosts(List.of("::1")).slots(8));
        assertEquals(0, h.maxSlots());
    }

    @Test
    void hostOptionErrorsNameTheOptionAndValue() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> HostSpec.parseHosts(List.of("vm:0")));
        assertTrue(e.getMessage().startsWith("--host vm:0: bad slot count in 'vm:0': '0' is not a positive whole"),
                e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> HostSpec.parseHosts(List.of("vm:x")));
        assertTrue(e.getMessage().contains("'x'"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> HostSpec.parseHosts(List.of("a,,b")));
        assertTrue(e.getMessage().startsWith("--host a,,b: empty host name"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> HostSpec.parseHosts(List.of("bad/name")));
        assertTrue(e.getMessage().contains("'bad/name' is not a valid host name"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> HostSpec.parseHosts(List.of("-x")));
        assertTrue(e.getMessage().contains("not a valid host name"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> HostSpec.parseHosts(List.of("+n1")));
        assertTrue(e.getMessage().contains("relative host indexing"), e.getMessage());
    }

    @Test
    void otherHostsAreRefusedByName() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> HostSpec.parseHosts(List.of("vm,node07:4")).requireLocal(NODE));
        assertTrue(e.getMessage().startsWith("--host vm,node07:4: host 'node07' (--host) is not this node (vm)"),
                e.getMessage());
        assertTrue(e.getMessage().contains("multi-node"), e.getMessage());
        assertThrows(IllegalArgumentException.class,
                () -> HostSpec.parseHosts(List.of("vm.other.org")).requireLocal(NODE),
                "a name in another domain than ours is another host");
        assertThrows(IllegalArgumentException.class, () -> HostSpec.parseHosts(List.of("10.9.9.9")).requireLocal(NODE));
    }

    @Test
    void localNames() {
        assertTrue(NODE.isLocal("vm"));
        assertTrue(NODE.isLocal("VM"));
        assertTrue(NODE.isLocal("vm.example.org"));
        assertTrue(NODE.isLocal("localhost"));
        assertTrue(NODE.isLocal("127.0.0.1"));
        assertTrue(NODE.isLocal("127.0.1.1"), "all of 127/8 is loopback");
        assertTrue(NODE.isLocal("::1"));
        assertTrue(NODE.isLocal("[::1]"));
        assertTrue(NODE.isLocal("10.1.2.3"), "an address of one of our interfaces");
        assertFalse(NODE.isLocal("vm2"));
        assertFalse(NODE.isLocal("vm.other.org"));
        assertFalse(NODE.isLocal("10.1.2.4"));
        LocalNode bare = LocalNode.of("vm", List.of(), List.of());
        assertTrue(bare.isLocal("vm.anything.org"), "with no domain of our own, the short name decides");
    }

    @Test
    void thisMachineIsLocal() throws Exception {
        String host = java.net.InetAddress.getLocalHost().getHostName();
        LocalNode me = LocalNode.detect(host);
        assertTrue(me.isLocal(host));
        assertTrue(me.isLocal("localhost"));
        assertTrue(me.isLocal("127.0.0.1"));
        assertFalse(me.isLocal("surely-not-this-host-" + System.nanoTime()));
    }

    @Test
    void hostfileSyntax() throws Exception {
        Path f = dir.resolve("hosts");
        Files.writeString(f, """
                # a comment line

                vm slots=4 max_slots=6   # trailing comment
                user@localhost slots = 2
                127.0.0.1
                """);
        HostSpec h = HostSpec.parseHostfile(f);
        assertEquals(3, h.hosts().size());
        assertEquals(4, h.hosts().get(0).slots());
        assertEquals(6, h.hosts().get(0).maxSlots());
        assertEquals("localhost", h.hosts().get(1).name(), "user@ is dropped");
        assertEquals(2, h.hosts().get(1).slots());
        assertEquals(0, h.hosts().get(2).slots(), "no slots=: one per core");
        assertEquals(4 + 2 + 8, h.requireLocal(NODE).slots(8));
        assertEquals(0, h.maxSlots(), "one host without max_slots leaves the total unlimited");
        assertEquals(6, HostSpec.parseHostfile("hf", "vm slots=4 max_slots=6\n").maxSlots());
        assertEquals(5, HostSpec.parseHostfile("hf", "vm max-slots=5\n").slots(8), "max_slots alone sets slots");
        assertEquals(3, HostSpec.parseHostfile("hf", "vm\nvm\nvm\n").slots(8), "one line per slot");
        assertEquals(2, HostSpec.parseHostfile("hf", "vm cpu=2\n").slots(8));
    }

    @Test
    void hostfileErrorsNameFileAndLine() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> HostSpec.parseHostfile("hf", "vm\nvm slots=0\n"));
        assertTrue(e.getMessage().startsWith("--hostfile hf line 2: bad slots= value for vm: '0'"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> HostSpec.parseHostfile("hf", "vm slots=4 max_slots=2"));
        assertTrue(e.getMessage().contains("line 1") && e.getMessage().contains("max_slots must be at least slots"),
                e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> HostSpec.parseHostfile("hf", "vm colour=red"));
        assertTrue(e.getMessage().contains("unknown attribute 'colour'"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> HostSpec.parseHostfile("hf", "vm slots=2\nvm slots=2"));
        assertTrue(e.getMessage().contains("line 2") && e.getMessage().contains("listed again"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> HostSpec.parseHostfile("hf", "vm:4"));
        assertTrue(e.getMessage().contains("slots=N, not host:N"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> HostSpec.parseHostfile("hf", "# nothing\n"));
        assertTrue(e.getMessage().contains("names no host"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> HostSpec.parseHostfile(dir.resolve("missing")));
        assertTrue(e.getMessage().contains("cannot read"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> HostSpec.parseHostfile("hf", "vm slots=2\nnode07 slots=4\n").requireLocal(NODE));
        assertTrue(e.getMessage().contains("host 'node07' (hostfile hf line 2) is not this node"), e.getMessage());
    }

    @Test
    void hostSelectsFromHostfile() {
        HostSpec file = HostSpec.parseHostfile("hf", "vm slots=4\n");
        HostSpec sel = HostSpec.select(file, HostSpec.parseHosts(List.of("localhost")), NODE);
        assertEquals(4, sel.slots(8));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> HostSpec.select(file, HostSpec.parseHosts(List.of("node07")), NODE));
        assertTrue(e.getMessage().contains("node07 is not in --hostfile hf"), e.getMessage());
    }
}
