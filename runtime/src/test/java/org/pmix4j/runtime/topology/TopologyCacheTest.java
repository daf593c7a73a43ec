package org.pmix4j.runtime.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The topology kept between runs: found again under the same circumstances only, and only whole. */
class TopologyCacheTest {
    private static final String XML = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<topology version=\"2.0\">\n</topology>\n";

    @Test
    void whatIsKeptIsReadAgainUnderTheSameKeyOnly(@TempDir Path dir) {
        TopologyCache cache = new TopologyCache(dir.resolve("pmix4j"));
        String key = TopologyCache.key("0f3c-boot", "0-1", "/usr/lib/libhwloc.so.15.6.3", 1000, 42);
        assertEquals(Optional.empty(), cache.read(key), "nothing kept yet");
        cache.write(key, XML);
        assertEquals(Optional.of(XML), cache.read(key));
        for (String other : new String[] {TopologyCache.key("another-boot", "0-1", "/usr/lib/libhwloc.so.15.6.3", 1000, 42),
                TopologyCache.key("0f3c-boot", "0", "/usr/lib/libhwloc.so.15.6.3", 1000, 42),
                TopologyCache.key("0f3c-boot", "0-1", "/usr/lib/libhwloc.so.15.6.3", 1001, 42),
                TopologyCache.key("0f3c-boot", "0-1", "/usr/lib/libhwloc.so.15.6.3", 1000, 43)}) {
            assertNotEquals(key, other);
            assertEquals(Optional.empty(), cache.read(other), "another boot, cpuset or library: " + other);
        }
    }

    @Test
    void aFileThatIsNotWholeXmlIsNotTaken(@TempDir Path dir) throws Exception {
        TopologyCache cache = new TopologyCache(dir);
        String key = TopologyCache.key("b", "0", "/lib", 1, 1);
        Files.writeString(dir.resolve(key), "<?xml version=\"1.0\"?>\n<topology version=\"2.0\">\n  <object typ");
        assertEquals(Optional.empty(), cache.read(key));
        Files.writeString(dir.resolve(key), "garbage");
        assertEquals(Optional.empty(), cache.read(key));
    }

    @Test
    void theCacheIsTheUsersOwn() {
        assertEquals(Optional.of(Path.of("/home/u/.cache/pmix4j")),
                TopologyCache.forThisUser(Map.of("HOME", "/home/u")).map(TopologyCache::dir));
        assertEquals(Optional.of(Path.of("/x/cache/pmix4j")),
                TopologyCache.forThisUser(Map.of("HOME", "/home/u", "XDG_CACHE_HOME", "/x/cache")).map(TopologyCache::dir));
        assertEquals(Optional.empty(), TopologyCache.forThisUser(Map.of()));
    }

    @Test
    void thisProcessHasAKeyWhereHwlocIsInstalled() {
        Optional<String> key = TopologyCache.keyForThisProcess(NodeTopology.LIBRARY);
        assertTrue(key.isPresent(), "libhwloc.so.15 is installed with Open MPI (bin/install-test-deps)");
        assertTrue(key.get().startsWith("topology-") && key.get().endsWith(".xml"), key.get());
    }
}
