package org.pmix4j.runtime.cluster;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.pmix4j.api.internal.Log;
import org.pmix4j.runtime.ProcessStarter;
import org.pmix4j.runtime.placement.SlurmAllocation;

/**
 * Starts the daemons inside a Slurm allocation with one {@code srun} step, one task per node, as PRRTE's
 * plm/slurm does: {@code srun --ntasks-per-node=1 --mpi=none --cpu-bind=none --nodes=N --ntasks=N
 * --nodelist=…}, with {@code --external-launcher} where Slurm has it (23.11 on), so that the step may use
 * the whole allocation rather than one CPU per node. Every daemon is the launcher's child: the tree is flat.
 * Unlike PRRTE, no {@code --kill-on-bad-exit}: a daemon that ends is seen by the launcher through its link
 * (and every daemon ends when the launcher's link does), whereas Slurm's SIGKILL of the others, when one
 * of them exits with an error, would cut their cleanup short and leave their session directories behind.
 *
 * <p>Slurm numbers the step's tasks in its own node order, not the order given in {@code --nodelist}, so
 * a daemon cannot take its id from {@code SLURM_NODEID}; it is told the nodes in daemon order
 * ({@code --id-by-node h2,h3}) and finds its own there by {@code SLURMD_NODENAME}, the name Slurm gives the
 * node ({@link #daemonId}).
 *
 * <p>The secret reaches every daemon as the first line of its stdin: srun's stdin, written here, is given
 * to every task ({@code --input=all}). It is thus on no command line and in no environment (srun passes
 * the launcher's environment on to the daemons, and they pass theirs to the processes they start); the
 * launcher's {@code PMIX_*} variables are left out of it, as PRRTE does, since they describe this node's
 * PMIx connections, not the daemons'.
 *
 * <p>srun's own notices ({@code srun: …}, not errors) go to the debug log; its errors and the daemons'
 * stderr are passed on. srun ends when every daemon has ended; when the daemons are closed it is given a
 * while for that before it is ended.
 */
public final class SrunStarter implements DaemonStarter {
    private static final Log LOG = Log.of(SrunStarter.class);
    /** The daemon option that carries the nodes in daemon order. */
    public static final String ID_BY_NODE = "--id-by-node";
    private static final Pattern VERSION = Pattern.compile("(\\d+)\\.(\\d+)");
    /** How long srun is given to end with its daemons once they are told to end. */
    private static final long END_GRACE_SECONDS = 10;

    private final String srun;
    private final SlurmAllocation allocation;

    /**
     * @param srun       the srun command (found on PATH when a bare name)
     * @param allocation the allocation the launcher is in, whose nodes are the only ones srun can start on
     */
    public SrunStarter(String srun, SlurmAllocation allocation) {
        this.srun = srun;
        this.allocation = allocation;
    }

    @Override
    public String name() {
        return "srun";
    }

    /** Every daemon is started from the launcher: the tree is flat. */
    @Override
    public int radix(int requested, int daemons) {
        return Math.max(1, daemons - 1);
    }

    @Override
    public Started start(Request request, Progress progress) {
        Step step = new Step();
        Thread.ofVirtual().name("srun-daemons").start(() -> step.run(request, progress));
        return step;
    }

    /** The srun of one start, and what ends it. */
    private final class Step implements Started {
        private Process process;
        private OutputStream in;
        private boolean closed;

        void run(Request request, Progress progress) {
            if (!inAllocation(request, progress)) {
                return;
            }
            List<String> argv = command(request, externalLauncher(srunVersion()));
            LOG.debug("starting daemons {} with {}", request.ids(), argv);
            ProcessBuilder pb = new ProcessBuilder(argv).redirectOutput(ProcessBuilder.Redirect.DISCARD);
            pb.environment().keySet().removeIf(k -> k.startsWith("PMIX_"));
            Process p;
            try {
                p = ProcessStarter.shared().startGroupLeader(pb);
            } catch (IOException e) {
                for (int id : request.ids()) {
                    progress.failed(id, request.hosts().get(id), "cannot run " + srun + ": " + e.getMessage());
                }
                return;
            }
            synchronized (this) {
                process = p;
                in = p.getOutputStream();
                if (closed) {
                    p.destroyForcibly();
                    return;
                }
            }
            try {
                in.write((request.secretLine() + "\n").getBytes(StandardCharsets.US_ASCII));
                in.flush();
            } catch (IOException e) {
                LOG.debug("writing the secret to srun: {}", e.toString());
            }
            watch(p, request, progress);
        }

        @Override
        public void close() {
            Process p;
            synchronized (this) {
                closed = true;
                p = process;
            }
            if (p != null) {
                end(p, in);
            }
        }
    }

    /** Whether every node is the allocation's; those that are not fail (srun would refuse the step, naming none). */
    private boolean inAllocation(Request request, Progress progress) {
        Set<String> nodes = new HashSet<>();
        allocation.nodes().forEach(n -> nodes.add(n.name().toLowerCase(Locale.ROOT)));
        boolean all = true;
        for (int id : request.ids()) {
            String host = request.hosts().get(id);
            if (!nodes.contains(host.toLowerCase(Locale.ROOT))) {
                all = false;
                progress.failed(id, host, host + " is not a node of the Slurm allocation (job " + allocation.jobId()
                        + ": " + String.join(",", allocation.nodes().stream().map(SlurmAllocation.Node::name).toList())
                        + "), and srun starts daemons only there");
            }
        }
        return all;
    }

    /** srun's command line for the request; {@code external} adds --external-launcher. */
    List<String> command(Request r, boolean external) {
        String list = nodeList(r);
        int n = r.ids().size();
        List<String> argv = new ArrayList<>(List.of(srun));
        if (external) {
            argv.add("--external-launcher");
        }
        argv.addAll(List.of("--ntasks-per-node=1", "--mpi=none", "--cpu-bind=none",
                "--input=all", "--nodes=" + n, "--ntasks=" + n, "--nodelist=" + list));
        argv.addAll(r.commandWith(List.of(ID_BY_NODE, list)));
        return argv;
    }

    /** The nodes of the daemons to start, in daemon order, comma-separated. */
    private static String nodeList(Request r) {
        List<String> nodes = new ArrayList<>();
        for (int id : r.ids()) {
            nodes.add(r.hosts().get(id));
        }
        return String.join(",", nodes);
    }

    /**
     * The id of a daemon srun started: 1 + the place of its node ({@code SLURMD_NODENAME}) in the nodes the
     * launcher gave, in daemon order.
     *
     * @throws IllegalArgumentException when the daemon is not an srun task or its node is not in the list
     */
    public static int daemonId(String nodes, Map<String, String> env) {
        String node = env.get("SLURMD_NODENAME");
        if (node == null || node.isBlank()) {
            throw new IllegalArgumentException(ID_BY_NODE + ": SLURMD_NODENAME is not set (it is in every task"
                    + " srun starts): this daemon was not started by srun");
        }
        int at = split(nodes).indexOf(node.strip());
        if (at < 0) {
            throw new IllegalArgumentException(ID_BY_NODE + " " + nodes + ": this node (" + node.strip()
                    + ") is not one of them");
        }
        return at + 1;
    }

    /**
     * The node of daemon {@code id} (from {@link #daemonId}) in the nodes the launcher gave: its name in the
     * jobs' maps.
     */
    public static String daemonNode(String nodes, int id) {
        return split(nodes).get(id - 1);
    }

    /** The nodes of {@value #ID_BY_NODE}'s list, in daemon order. */
    private static List<String> split(String nodes) {
        return List.of(nodes.split(","));
    }

    /** Whether srun's {@code --version} ({@code slurm 23.11.4}) has --external-launcher (23.11 on). */
    static boolean externalLauncher(String version) {
        Matcher m = VERSION.matcher(version);
        if (!m.find()) {
            return false;
        }
        int major = Integer.parseInt(m.group(1));
        int minor = Integer.parseInt(m.group(2));
        return major > 23 || major == 23 && minor >= 11;
    }

    private String srunVersion() {
        try {
            Process p = new ProcessBuilder(srun, "--version").redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            p.waitFor(10, TimeUnit.SECONDS);
            return out;
        } catch (IOException e) {
            return "";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "";
        }
    }

    /** Passes srun's stderr on and, should srun end before a daemon joined, says that daemon failed. */
    private void watch(Process p, Request request, Progress progress) {
        Deque<String> last = new ArrayDeque<>();
        try (BufferedReader err = new BufferedReader(new InputStreamReader(p.getErrorStream(),
                StandardCharsets.UTF_8))) {
            for (String line; (line = err.readLine()) != null; ) {
                if (line.startsWith("srun: ") && !line.startsWith("srun: error") && !line.startsWith("srun: fatal")) {
                    LOG.debug("{}", line);
                    continue;
                }
                progress.stderr("[srun] " + line);
                last.addLast(line);
                if (last.size() > 3) {
                    last.removeFirst();
                }
            }
        } catch (IOException e) {
            LOG.debug("reading srun's stderr: {}", e.toString());
        }
        int status;
        try {
            status = p.waitFor();
        } catch (InterruptedException e) {
            return;
        }
        for (int id : request.ids()) {
            if (!progress.joined(id)) {
                progress.failed(id, request.hosts().get(id), "srun (the daemons' step on " + nodeList(request)
                        + ") exited with status " + status + " before the daemon joined"
                        + (last.isEmpty() ? "" : ": " + String.join(" / ", last)));
            }
        }
    }

    /** The daemons are told to end: srun ends with them, or is ended. */
    private static void end(Process p, OutputStream in) {
        try {
            in.close();
        } catch (IOException e) {
            LOG.debug("closing srun's stdin: {}", e.toString());
        }
        try {
            if (p.waitFor(END_GRACE_SECONDS, TimeUnit.SECONDS)) {
                return;
            }
            LOG.debug("srun did not end with its daemons: ending it");
            // srun passes SIGTERM on to the step's tasks
            p.destroy();
            if (!p.waitFor(5, TimeUnit.SECONDS)) {
                p.destroyForcibly();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            p.destroyForcibly();
        }
    }
}
