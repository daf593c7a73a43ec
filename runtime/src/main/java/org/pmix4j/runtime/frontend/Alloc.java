package org.pmix4j.runtime.frontend;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.pmix4j.api.AllocDirective;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Info;
import org.pmix4j.api.PmixException;
import org.pmix4j.client.tool.PmixTool;
import org.pmix4j.runtime.LaunchException;

/**
 * {@code pmix4j alloc}: asks the scheduler for a session (PMIx_Allocation_request, PMIX_ALLOC_NEW), waits
 * in its queue until it is granted, then runs a command inside it (a shell by default, as Slurm's salloc
 * does) with the session's id in its environment ({@link SchedulerTool#SESSION_VARIABLE}: {@code pmix4j
 * prun} spawns into it), and releases the session when the command ends. The session lives with this
 * command's connection to the scheduler: should this process die, the scheduler ends the session too.
 */
public final class Alloc {
    /**
     * What to ask for.
     *
     * @param slots       -n: slots anywhere, or null
     * @param nodes       -N: whole nodes, or null
     * @param timeSeconds --time, or null for no limit
     * @param waitSeconds --wait: give up after waiting this long in the queue, or null
     * @param requestId   --request-id, or null
     * @param command     what to run in the session; empty for $SHELL
     */
    public record Request(Integer slots, Integer nodes, Long timeSeconds, Integer waitSeconds, String requestId,
            List<String> command) {
        public Request {
            command = List.copyOf(command);
            if ((slots == null) == (nodes == null)) {
                throw new IllegalArgumentException("give either -n SLOTS or -N NODES");
            }
        }
    }

    private final Map<String, String> env;
    private final PrintStream err;

    /** --time: seconds, or [[hours:]minutes:]seconds as Slurm writes it. */
    public static long seconds(String text) {
        String[] parts = text.strip().split(":");
        if (parts.length > 3 || text.isBlank()) {
            throw new IllegalArgumentException("--time " + text + ": give seconds or [[hours:]minutes:]seconds");
        }
        long total = 0;
        for (String p : parts) {
            if (p.isEmpty() || p.length() > 9 || !p.chars().allMatch(Character::isDigit)) {
                throw new IllegalArgumentException("--time " + text + ": \"" + p + "\" is not a number");
            }
            total = total * 60 + Long.parseLong(p);
        }
        if (total < 1) {
            throw new IllegalArgumentException("--time " + text + ": a session needs at least 1 second");
        }
        return total;
    }

    public Alloc(Map<String, String> env, PrintStream err) {
        this.env = env;
        this.err = err;
    }

    /** Returns the command's exit status. */
    public int run(Request r, String tmpdir) throws InterruptedException {
        List<Info> ask = new ArrayList<>();
        if (r.slots() != null) {
            ask.add(Attributes.ALLOC_NUM_CPUS.info((long) r.slots()));
        } else {
            ask.add(Attributes.ALLOC_NUM_NODES.info((long) r.nodes()));
        }
        if (r.timeSeconds() != null) {
            ask.add(Attributes.ALLOC_TIME.info((int) Math.min(r.timeSeconds(), 0xffffffffL)));
        }
        if (r.waitSeconds() != null) {
            ask.add(Attributes.TIMEOUT.info(r.waitSeconds()));
        }
        if (r.requestId() != null) {
            ask.add(Attributes.ALLOC_REQ_ID.info(r.requestId()));
        }
        try (PmixTool tool = SchedulerTool.connect(env, tmpdir)) {
            List<Info> granted;
            try {
                granted = tool.allocationRequest(AllocDirective.NEW, ask);
            } catch (PmixException e) {
                throw new LaunchException("the scheduler did not grant the allocation: " + e.getMessage(), 1);
            }
            int id = Attributes.SESSION_ID.find(granted).orElseThrow(() -> new LaunchException(
                    "the scheduler's answer names no session: " + granted, 1));
            String alloc = Attributes.ALLOC_ID.find(granted).orElse("alloc." + id);
            err.println("pmix4j alloc: granted session " + id + " (" + alloc + "): "
                    + Attributes.ALLOC_NUM_CPUS.find(granted).map(n -> n + " slots").orElse("") + " on "
                    + Attributes.ALLOC_NODE_LIST.find(granted).orElse("?"));
            err.flush();
            int status = runInside(r.command(), id, alloc);
            try {
                tool.allocationRequest(AllocDirective.RELEASE, List.of(Attributes.SESSION_ID.info(id)));
                err.println("pmix4j alloc: released session " + id);
            } catch (PmixException e) {
                // ended already (its time ran out, or it was cancelled): nothing to give back
                err.println("pmix4j alloc: session " + id + " was already over: " + e.getMessage());
            }
            return status;
        }
    }

    private int runInside(List<String> command, int id, String alloc) throws InterruptedException {
        List<String> cmd = command.isEmpty() ? List.of(env.getOrDefault("SHELL", "/bin/sh")) : command;
        ProcessBuilder pb = new ProcessBuilder(cmd).inheritIO();
        pb.environment().put(SchedulerTool.SESSION_VARIABLE, Integer.toUnsignedString(id));
        pb.environment().put(SchedulerTool.ALLOC_VARIABLE, alloc);
        try {
            Process p = pb.start();
            try {
                return p.waitFor();
            } finally {
                if (p.isAlive()) {
                    p.destroy();
                }
            }
        } catch (java.io.IOException e) {
            throw new LaunchException("cannot run " + cmd.get(0) + " in session " + id + ": " + e.getMessage(), 127);
        }
    }
}
