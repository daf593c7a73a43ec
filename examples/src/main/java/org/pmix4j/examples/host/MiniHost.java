package org.pmix4j.examples.host;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Info;
import org.pmix4j.api.Proc;
import org.pmix4j.api.ProcessOwner;
import org.pmix4j.server.HostModule;
import org.pmix4j.server.PmixServer;

/**
 * A resource manager in miniature: it embeds the pmix4j server, runs one job of N processes of any PMIx
 * client program (libpmix's C clients, Open MPI programs, pmix4j's Java clients) on this node, serves their
 * upcalls, and exits with the job's status.
 *
 * <pre>
 *   gcc -o hello_pmix examples/src/main/c/hello_pmix.c $(pkg-config --cflags --libs pmix)
 *   java --enable-native-access=ALL-UNNAMED -cp CLASSPATH org.pmix4j.examples.host.MiniHost -n 4 ./hello_pmix
 *   java --enable-native-access=org.pmix4j.server -p MODULEPATH -m org.pmix4j.examples/org.pmix4j.examples.host.MiniHost -n 4 ./hello_pmix
 * </pre>
 *
 * ({@code --enable-native-access}: the server's shared-memory store takes its locks through java.lang.foreign
 * on JDK 22 and newer.)
 *
 * The steps every host takes, in order: start the server with a {@link HostModule} (the upcalls: what the
 * server asks of its host), register the job (its namespace and the data its processes read at init),
 * register each process and start it with the environment {@link PmixServer#setupFork} gives, then wait for
 * the processes and deregister what was registered. Closing the server removes its files.
 */
public final class MiniHost implements HostModule {
    private final List<Process> processes = new ArrayList<>();
    /** The job's status: the first failure's, or an abort's; 0 while everything goes well. */
    private final AtomicInteger status = new AtomicInteger();

    public static void main(String[] args) throws Exception {
        if (args.length < 3 || !args[0].equals("-n")) {
            System.err.println("usage: MiniHost -n N PROGRAM [ARGS...]");
            System.exit(2);
        }
        int size = Integer.parseInt(args[1]);
        List<String> command = Arrays.asList(args).subList(2, args.length);
        System.exit(new MiniHost().run(size, command));
    }

    /** Runs {@code size} copies of {@code command} as one PMIx job; answers the job's exit status. */
    int run(int size, List<String> command) throws IOException, InterruptedException {
        // where the server keeps its rendezvous files and the job's directories
        Path tmpdir = Files.createTempDirectory("minihost");
        try (PmixServer server = PmixServer.start(this, List.of(
                Attributes.SERVER_TMPDIR.info(tmpdir.toString()),
                Attributes.SYSTEM_TMPDIR.info(tmpdir.toString())))) {
            String nspace = "minihost-" + ProcessHandle.current().pid();
            // the job: its size and where its ranks run (all here); the server derives the rest (local
            // ranks, peers, node ranks ...) from these maps
            String node = server.config().hostname();
            String ranks = IntStream.range(0, size).mapToObj(Integer::toString).collect(Collectors.joining(","));
            server.registerNspace(nspace, size, List.of(
                    Attributes.JOB_SIZE.info(size),
                    Attributes.NODE_MAP.info(node),
                    Attributes.PROC_MAP.info(ranks))).join();

            // the processes run as this user; the server checks each connection against what is registered
            ProcessOwner me = ProcessOwner.current();
            for (int rank = 0; rank < size; rank++) {
                Proc proc = new Proc(nspace, rank);
                server.registerClient(proc, me.uid(), me.gid()).join();
                ProcessBuilder launch = new ProcessBuilder(command).inheritIO();
                launch.environment().putAll(server.setupFork(proc)); // PMIX_NAMESPACE, PMIX_RANK, the server's URI ...
                Process process = launch.start();
                server.clientStarted(proc, process.pid());
                synchronized (processes) {
                    processes.add(process);
                }
                // a process that fails ends the job, as mpirun does: the others may be waiting for it in a fence
                process.onExit().thenAccept(p -> {
                    if (p.exitValue() != 0) {
                        endJob(p.exitValue(), "rank " + proc.rank() + " exited with status " + p.exitValue());
                    }
                });
            }
            for (Process p : processes) {
                p.waitFor();
            }
            for (int rank = 0; rank < size; rank++) {
                server.deregisterClient(new Proc(nspace, rank)).join();
            }
            server.deregisterNspace(nspace).join();
        } finally {
            Files.deleteIfExists(tmpdir);
        }
        return status.get();
    }

    /** Records the job's status (the first one counts) and stops every process still running. */
    private void endJob(int exitStatus, String why) {
        if (status.compareAndSet(0, exitStatus)) {
            System.err.println("minihost: " + why + "; ending the job");
        }
        synchronized (processes) {
            processes.forEach(Process::destroy);
        }
    }

    // ---- the upcalls: the server calls these on its own thread, and never waits for them ----

    @Override
    public CompletionStage<Void> clientFinalized(Proc client) {
        System.err.println("minihost: rank " + client.rank() + " finalized");
        return HostModule.done();
    }

    /** PMIx_Abort: the job ends with the status the process gave. */
    @Override
    public CompletionStage<Void> abort(Proc requester, int abortStatus, String message, List<Proc> targets) {
        endJob(abortStatus == 0 ? 1 : abortStatus, "rank " + requester.rank() + " aborted the job: " + message);
        return HostModule.done();
    }

    /**
     * A fence that spans nodes: a host with several nodes sends {@code localData} to the others and answers
     * every node's blobs put together. Here every process is local, so the server completes fences by itself;
     * a one-node host whose server did ask would answer its own contribution.
     */
    @Override
    public CompletionStage<byte[]> fence(List<Proc> participants, List<Info> directives, byte[] localData) {
        return CompletableFuture.completedFuture(localData);
    }
}
