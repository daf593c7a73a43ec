package org.pmix4j.runtime.placement;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Makes child processes really bound, without native code: they are started through util-linux's
 * {@code taskset -c <cpus>}, which sets the CPU affinity and then executes the program in the same process
 * (same pid), so the program and everything it starts run on those CPUs only — what hwloc's
 * {@code get_cpubind}, {@code /proc/self/status} and {@code sched_getaffinity} then report.
 *
 * <p>{@link #detect} finds {@code taskset} and checks once that it can bind here (containers may forbid
 * changing affinity); the result is the {@link BindingSupport} the mapper is given, so that a binding
 * that cannot be made is reported once, at mapping time: an error naming the reason, or — for a binding
 * wanted only "if supported", PRRTE's default — silently none.
 */
public final class CpuBinder {
    private static final List<String> DEFAULT_DIRS = List.of("/usr/bin", "/bin", "/usr/sbin", "/sbin");

    private final Path taskset;
    private final CpuSet allowed;
    /** Known once the trial run of taskset is over (see {@link #using}). */
    private final CompletableFuture<BindingSupport> support;

    private CpuBinder(Path taskset, CpuSet allowed, CompletableFuture<BindingSupport> support) {
        this.taskset = taskset;
        this.allowed = allowed;
        this.support = support;
    }

    /** Finds {@code taskset} on {@code PATH} (or the usual directories) and checks it can bind on this node. */
    public static CpuBinder detect(NodeTopology topology) {
        if (!topology.cpuNumbersKnown()) {
            return unsupported("the CPUs of this node could not be read ("
                    + topology.degradation().orElse("unknown topology") + ")");
        }
        Path found = find(System.getenv("PATH"));
        if (found == null) {
            return unsupported("taskset (util-linux) is not installed, and it is how pmix4j binds processes");
        }
        return using(found, topology.allowed());
    }

    /**
     * Binds with the given {@code taskset}, after checking that it can bind to one of {@code allowed}. The
     * check runs taskset once, on a thread of its own: a launcher asks {@link #support} only when it maps its
     * first job, after its server has started, so the ~20 ms of the trial are not waited for.
     */
    public static CpuBinder using(Path taskset, CpuSet allowed) {
        CompletableFuture<BindingSupport> support = new CompletableFuture<>();
        Thread.ofPlatform().daemon().name("pmix4j-taskset-trial").start(() -> {
            try {
                String problem = trial(taskset, allowed);
                support.complete(problem == null ? BindingSupport.SUPPORTED : BindingSupport.unsupported(problem));
            } catch (RuntimeException | Error e) {
                support.complete(BindingSupport.unsupported("checking " + taskset + " failed: " + e));
            }
        });
        return new CpuBinder(taskset, allowed, support);
    }

    /** A binder that binds nothing, for the given reason. */
    public static CpuBinder unsupported(String reason) {
        return new CpuBinder(null, CpuSet.EMPTY, CompletableFuture.completedFuture(BindingSupport.unsupported(reason)));
    }

    /** Whether binding works here, and if not why: give it to the mapper. */
    public BindingSupport support() {
        return support.join();
    }

    /**
     * What to put before a process's command line to bind it to {@code cpus}:
     * {@code [/usr/bin/taskset, -c, 0-1]}; empty when it is unbound ({@code null}), when binding is not
     * possible here, or when {@code cpus} is not within the CPUs this process may use (the mapper never asks
     * for that; the process then runs unbound rather than failing to start).
     */
    public List<String> bindCommandPrefix(CpuSet cpus) {
        if (cpus == null || cpus.isEmpty() || !support().supported() || !allowed.containsAll(cpus)) {
            return List.of();
        }
        return List.of(taskset.toString(), "-c", cpus.toList());
    }

    private static Path find(String pathEnv) {
        Set<String> dirs = new LinkedHashSet<>();
        if (pathEnv != null) {
            for (String d : pathEnv.split(":")) {
                if (!d.isEmpty()) {
                    dirs.add(d);
                }
            }
        }
        dirs.addAll(DEFAULT_DIRS);
        for (String d : dirs) {
            Path p = Path.of(d, "taskset");
            if (Files.isExecutable(p)) {
                return p.toAbsolutePath();
            }
        }
        return null;
    }

    /** Runs taskset bound to one allowed CPU once; returns what went wrong, or {@code null}. */
    private static String trial(Path taskset, CpuSet allowed) {
        if (allowed.isEmpty()) {
            return "this process may use no CPU";
        }
        List<String> cmd = new ArrayList<>(List.of(taskset.toString(), "-c", Integer.toString(allowed.first()),
                taskset.toString(), "-V"));
        try {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            p.getOutputStream().close();
            byte[] out = p.getInputStream().readAllBytes();
            if (!p.waitFor(10, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return String.join(" ", cmd) + " did not finish";
            }
            if (p.exitValue() != 0) {
                return String.join(" ", cmd) + " failed (exit " + p.exitValue() + "): " + new String(out).strip();
            }
            return null;
        } catch (IOException e) {
            return "cannot run " + taskset + ": " + e.getMessage();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted while checking " + taskset;
        }
    }
}
