package org.pmix4j.runtime.cluster;

import java.util.ArrayList;
import java.util.List;

/**
 * How a daemon's children are started on their nodes: through the launch agent, one agent per child
 * ({@link AgentStarter}: ssh or {@code --launch-agent}), or inside a Slurm allocation with one {@code srun}
 * for all of them ({@link SrunStarter}). Either way each child runs the daemon command, told where to join
 * its parent and how to know its id, and reads the runtime's secret from the first line of its stdin.
 */
public interface DaemonStarter {
    /**
     * The daemons to start.
     *
     * @param ids             their ids in the tree
     * @param hosts           every daemon's host, by id
     * @param daemonCommand   the command that runs {@code pmix4j daemon} on a node
     * @param parentAddresses where they join (the parent's {@code host:port}s, comma-separated)
     * @param silenceLimitMs  how long a link may stay silent before it is taken for lost
     * @param secretLine      the runtime's secret, as the line their stdin carries
     */
    record Request(List<Integer> ids, List<String> hosts, List<String> daemonCommand, String parentAddresses,
            long silenceLimitMs, String secretLine) {
        public Request {
            ids = List.copyOf(ids);
            hosts = List.copyOf(hosts);
            daemonCommand = List.copyOf(daemonCommand);
        }

        /**
         * The daemon command with where to join and {@code idOptions}, which tell the daemon its id (and the
         * name its node has in the jobs' maps, or how to find both).
         */
        List<String> commandWith(List<String> idOptions) {
            List<String> out = new ArrayList<>(daemonCommand);
            out.addAll(List.of("--parent", parentAddresses));
            out.addAll(idOptions);
            out.addAll(List.of("--silence-limit", Long.toString(silenceLimitMs)));
            return out;
        }
    }

    /** What the starter tells of the daemons it starts. */
    interface Progress {
        /** Whether daemon {@code id} has joined (a starter that ends after that is no failure). */
        boolean joined(int id);

        /** Daemon {@code id} on {@code host} could not be started. */
        void failed(int id, String host, String why);

        /** A line the starter or a daemon wrote on stderr, with where it came from in front. */
        void stderr(String line);
    }

    /** What a start left running: closing it ends what is still running of it. */
    interface Started extends AutoCloseable {
        @Override
        void close();
    }

    /**
     * Starts the daemons; returns at once. Failures are told to {@code progress} from another thread, never
     * from within this call (the caller may not be ready for them yet).
     */
    Started start(Request request, Progress progress);

    /**
     * The tree's radix with this way of starting: the {@code requested} one, or another when the starter
     * decides the tree's shape (srun starts every daemon from the launcher: a flat tree of {@code daemons}).
     */
    default int radix(int requested, int daemons) {
        return requested;
    }

    /** What starts the daemons, for messages ({@code ssh}, {@code srun}). */
    String name();
}
