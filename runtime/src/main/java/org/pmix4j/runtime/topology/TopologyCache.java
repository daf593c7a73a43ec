package org.pmix4j.runtime.topology;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.pmix4j.api.internal.Log;
import org.pmix4j.api.internal.AtomicFiles;

/**
 * The node's topology XML kept between runs, in the user's cache directory
 * ({@code $XDG_CACHE_HOME/pmix4j}, else {@code ~/.cache/pmix4j}): making it costs a fresh JVM 100–200 ms of CPU
 * (loading hwloc and linking its calls through java.lang.foreign), which every {@code pmix4j run} and daemon
 * paid beside its start on a node where it never changes. A file is named by what the XML depends on: this
 * boot of the machine, the CPUs this process may use (hwloc leaves out the others), and the hwloc library
 * (its path, size and time), so a reboot, another cpuset or an upgraded hwloc makes another. Best effort: a
 * cache that cannot be read or written is no cache, said in the debug log.
 */
final class TopologyCache {
    private static final Log LOG = Log.of(TopologyCache.class);
    /** Where Debian and other distributions install libhwloc.so.15. */
    private static final List<String> LIBRARY_DIRS = List.of("/usr/lib/x86_64-linux-gnu", "/usr/lib/aarch64-linux-gnu",
            "/usr/lib64", "/usr/lib", "/lib/x86_64-linux-gnu", "/lib/aarch64-linux-gnu", "/lib64", "/lib");

    private final Path dir;

    TopologyCache(Path dir) {
        this.dir = dir;
    }

    /** The user's cache, or none without a home. */
    static Optional<TopologyCache> forThisUser(Map<String, String> env) {
        String xdg = env.get("XDG_CACHE_HOME");
        String home = env.get("HOME");
        if (xdg != null && xdg.startsWith("/")) {
            return Optional.of(new TopologyCache(Path.of(xdg, "pmix4j")));
        }
        return home == null || home.isEmpty() ? Optional.empty()
                : Optional.of(new TopologyCache(Path.of(home, ".cache", "pmix4j")));
    }

    /** Where the files are. */
    Path dir() {
        return dir;
    }

    /** The name of this node's XML now, or empty when what it depends on cannot be read. */
    static Optional<String> keyForThisProcess(String library) {
        try {
            String boot = Files.readString(Path.of("/proc/sys/kernel/random/boot_id")).strip();
            String cpus = null;
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("Cpus_allowed_list:")) {
                    cpus = line.substring(line.indexOf(':') + 1).strip();
                }
            }
            Path lib = null;
            for (String d : LIBRARY_DIRS) {
                Path p = Path.of(d, library);
                if (Files.exists(p)) {
                    lib = p.toRealPath();
                    break;
                }
            }
            if (cpus == null || lib == null) {
                return Optional.empty();
            }
            BasicFileAttributes a = Files.readAttributes(lib, BasicFileAttributes.class);
            return Optional.of(key(boot, cpus, lib.toString(), a.size(), a.lastModifiedTime().toMillis()));
        } catch (IOException | RuntimeException e) {
            LOG.debug("the node's topology is not cached: {}", e.toString());
            return Optional.empty();
        }
    }

    /** A file name for these circumstances. */
    static String key(String boot, String cpus, String library, long size, long modified) {
        String all = boot + "\n" + cpus + "\n" + library + "\n" + size + "\n" + modified;
        // a short stable name (the inputs hold '/' and ','): their hash, spelled out in full
        return "topology-" + boot.replaceAll("[^0-9a-f]", "") + "-" + Integer.toHexString(all.hashCode()) + ".xml";
    }

    /** The XML kept under {@code key}, if there is a whole one. */
    Optional<String> read(String key) {
        Path f = dir.resolve(key);
        try {
            String xml = Files.readString(f, StandardCharsets.UTF_8);
            // written whole or not at all (renamed into place), but a file is only taken if it is XML
            return xml.startsWith("<?xml") && xml.stripTrailing().endsWith(">") ? Optional.of(xml) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** Keeps {@code xml} under {@code key}: written aside, then renamed into place. */
    void write(String key, String xml) {
        try {
            Files.createDirectories(dir);
            AtomicFiles.replace(dir.resolve(key), xml.getBytes(StandardCharsets.UTF_8));
        } catch (IOException | RuntimeException e) {
            LOG.debug("cannot keep the node's topology in {}: {}", dir, e.toString());
        }
    }
}
