package org.pmix4j.runtime;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import org.pmix4j.api.Proc;
import org.pmix4j.runtime.iof.OutputListener;

/**
 * How many bytes of output (stdout and stderr) the runtime forwarded from each process, for
 * {@code pmix4j top}'s output rate. Counted on the processes' reader threads, so an adder per process.
 */
final class OutputCounts implements OutputListener {
    private final Map<Proc, LongAdder> bytes = new ConcurrentHashMap<>();

    @Override
    public void output(Proc source, int channel, byte[] data) {
        bytes.computeIfAbsent(source, p -> new LongAdder()).add(data.length);
    }

    long of(Proc proc) {
        LongAdder a = bytes.get(proc);
        return a == null ? 0 : a.sum();
    }

    /** Forgets the processes of jobs no longer running (a DVM runs job after job). */
    void retainJobs(Set<String> nspaces) {
        bytes.keySet().removeIf(p -> !nspaces.contains(p.nspace()));
    }
}
