package org.pmix4j.runtime;

import java.io.File;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.Function;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Proc;
import org.pmix4j.runtime.iof.OutputForwarding;
import org.pmix4j.runtime.iof.ToolStdin;
import org.pmix4j.runtime.iof.ProcessOutput;
import org.pmix4j.runtime.placement.CpuBinder;
import org.pmix4j.runtime.placement.ProcPlacement;

/**
 * Forks the processes of a job on this node: each with the launcher's environment (less any outer PMIx
 * one), the run's and its application's, and what the server gives for joining it; bound with the
 * binder's command prefix where placed on CPUs; with its output forwarded and, for the ranks that read it,
 * the launcher's stdin; started through the {@link ProcessStarter}, so that it dies with the launcher
 * even when the launcher is SIGKILLed. A virtual thread per process waits for its end and reports it.
 * A job with PMIX_FORKEXEC_AGENT gets its fork/exec agents in its processes' place ({@link ForkExecAgentStarter}).
 */
final class LocalProcessLauncher implements ProcessLauncher {
    private final Map<String, String> launcherEnv;
    private final Map<String, String> runEnv;
    private final CpuBinder binder;
    private final OutputForwarding iof;
    private final String hostname;
    private final Function<Proc, Map<String, String>> serverEnv;
    private final BiConsumer<Proc, Long> started;
    private final ExitListener exits;
    private final ToolStdin toolStdin;
    private final ProcessStarter starter;
    private final HeldAtExec held;
    private final ForkExecAgentStarter agents;

    /**
     * @param launcherEnv the launcher's own environment
     * @param runEnv      what every process of the run gets from the options
     * @param serverEnv   the environment a process needs to join the server ({@code PmixServer.setupFork})
     * @param started     told the pid of each process started ({@code PmixServer.clientStarted}: its
     *                    connection is checked against that process)
     * @param exits       told of every end
     * @param toolStdin   the processes whose stdin tools push (PMIX_FWD_STDIN of a spawn)
     * @param starter     what forks every process (the only way this runtime starts a job's processes)
     * @param hostname    this node's name
     * @param held        the processes held at exec for a debugger (a job paused with PMIX_DEBUG_STOP_ON_EXEC)
     */
    LocalProcessLauncher(Map<String, String> launcherEnv, Map<String, String> runEnv, CpuBinder binder, OutputForwarding iof,
            Function<Proc, Map<String, String>> serverEnv, BiConsumer<Proc, Long> started, ExitListener exits,
            ToolStdin toolStdin, ProcessStarter starter, String hostname, HeldAtExec held) {
        this(launcherEnv, runEnv, binder, iof, serverEnv, started, exits, toolStdin, starter, hostname, held, null);
    }

    /**
     * @param agents starts fork/exec agents in the processes' place (PMIX_FORKEXEC_AGENT); {@code null} where
     *               there are none (a daemon's node: a job with the directive is refused)
     */
    LocalProcessLauncher(Map<String, String> launcherEnv, Map<String, String> runEnv, CpuBinder binder, OutputForwarding iof,
            Function<Proc, Map<String, String>> serverEnv, BiConsumer<Proc, Long> started, ExitListener exits,
            ToolStdin toolStdin, ProcessStarter starter, String hostname, HeldAtExec held, ForkExecAgentStarter agents) {
        this.agents = agents;
        this.held = held;
        this.hostname = hostname;
        this.started = started;
        this.toolStdin = toolStdin;
        this.starter = starter;
        this.launcherEnv = launcherEnv;
        this.runEnv = runEnv;
        this.binder = binder;
        this.iof = iof;
        this.serverEnv = serverEnv;
        this.exits = exits;
    }

    @Override
    public void launch(Request request) {
        Job job = request.job();
        // read from the job's data, the same on every node (a daemon's job has no directives of its own)
        boolean holdAtExec = JobPause.of(request.registration()).onExec();
        String execAgent = Attributes.EXEC_AGENT.find(request.registration()).orElse(null);
        if (holdAtExec) {
            // a job ended while held (stopped by its tool, say) leaves nothing to release
            job.ended().thenRun(() -> held.forget(job.nspace()));
        }
        String forkExecAgent = Attributes.FORKEXEC_AGENT.find(request.registration()).orElse(null);
        JoinEnvironment join = new JoinEnvironment(serverEnv);
        if (forkExecAgent == null) {
            // a process that cannot be started fails the launch after those before it started
            List<ProcessCommand> commands = new ArrayList<>();
            RuntimeException unresolved = null;
            for (ProcPlacement s : request.procs()) {
                try {
                    commands.add(command(request, s, execAgent, join));
                } catch (RuntimeException e) {
                    unresolved = e;
                    break;
                }
            }
            startAll(request, commands, holdAtExec);
            if (unresolved != null) {
                throw unresolved;
            }
            return;
        }
        if (agents == null) {
            throw new LaunchException("PMIX_FORKEXEC_AGENT: fork/exec agents are started on the launcher's node"
                    + " only", 1);
        }
        List<ProcessCommand> commands = new ArrayList<>();
        for (ProcPlacement s : request.procs()) {
            commands.add(command(request, s, execAgent, join));
        }
        // each agent stands in its process's place: it is what the launcher starts, watches and reports
        List<ProcessCommand> inPlace = agents.inPlaceOf(job, forkExecAgent, commands, agentEnvironment());
        try {
            startAll(request, inPlace, holdAtExec);
        } catch (RuntimeException e) {
            if (job.processes().isEmpty()) {
                agents.withdraw(job); // the job is taken back: its agents' job goes with it
            }
            throw e;
        }
    }

    /**
     * Starts {@code commands} in order; a process that cannot start fails the launch after those before it
     * started. Not held, they are started in one hand-off to the starter's thread, and their output is
     * attached after: the spawning is what the ranks already started wait for in MPI_Init.
     */
    private void startAll(Request request, List<ProcessCommand> commands, boolean holdAtExec) {
        if (holdAtExec) {
            for (ProcessCommand c : commands) {
                started(request, fork(request, c), true);
            }
            return;
        }
        // each process joins its job and the server is told its pid as soon as it is spawned: the server checks
        // each connection against its process, and a rank's request about its own job (its process table, a
        // pause of the whole job) must see the processes spawned so far, which the first make while the last
        // are started. stdin is connected first: told of the start, a daemon's parent may send the process its
        // stdin at once
        LocalBody[] bodies = new LocalBody[commands.size()];
        ProcessStarter.Started s = starter.startGroupLeaders(commands.size(),
                i -> builder(request, commands.get(i), false), (p, i) -> {
            connectStdin(request, commands.get(i), p);
            bodies[i] = new LocalBody(p, hostname);
            request.job().add(new LaunchedProcess(commands.get(i).proc(), bodies[i]));
            started.accept(commands.get(i).proc(), p.pid());
        });
        // the result's hand-back orders the starter thread's writes to bodies before these reads
        for (int i = 0; i < s.processes().size(); i++) {
            bodies[i].attachOutput(output(request, commands.get(i), s.processes().get(i)));
            LaunchedProcess p = request.job().process(commands.get(i).proc().rank());
            Thread.ofVirtual().name("wait-" + p.proc()).start(() -> awaitEnd(request.job(), p));
        }
        if (s.failure() != null) {
            throw cannotStart(request, commands.get(s.processes().size()), s.failure());
        }
    }

    private void started(Request request, LaunchedProcess p, boolean holdAtExec) {
        Job job = request.job();
        job.add(p);
        started.accept(p.proc(), p.pid());
        if (holdAtExec) {
            held.held(p.proc(), p.pid());
        }
        Thread.ofVirtual().name("wait-" + p.proc()).start(() -> awaitEnd(job, p));
    }

    /**
     * What starts process {@code s}: its command line and environment (the launcher's, less any outer PMIx
     * one, the run's, its application's, and what the server gives for joining it) and its directory.
     *
     * @param execAgent PMIX_EXEC_AGENT: a program started in the process's place with the process's command line
     *                  as its arguments, which execs it when it has done what it does; or {@code null}
     * @param join      what the server gives the job's processes for joining it
     */
    private ProcessCommand command(Request request, ProcPlacement s, String execAgent, JoinEnvironment join) {
        Job job = request.job();
        AppContext app = job.apps().get(s.appnum());
        String wdir = request.wdirs().get(s.appnum());
        Proc proc = new Proc(job.nspace(), s.rank());
        Map<String, String> childEnv = launcherEnvironment();
        OpenMpi.recognise(childEnv, job.placement().oversubscribed());
        childEnv.putAll(runEnv);
        app.unsetFrom(childEnv);
        childEnv.putAll(app.env());
        childEnv.putAll(join.of(proc));
        List<String> program = new ArrayList<>(app.argv());
        program.set(0, Launcher.resolve(program.get(0), childEnv.get("PATH"), wdir));
        if (execAgent != null) {
            program.add(0, Launcher.resolve(execAgent, childEnv.get("PATH"), wdir));
        }
        return new ProcessCommand(proc, s, program, childEnv, wdir);
    }

    /** The launcher's environment less any outer PMIx one: that of pmix4j run inside mpirun … must not leak. */
    private Map<String, String> launcherEnvironment() {
        Map<String, String> env = new HashMap<>();
        launcherEnv.forEach((k, v) -> {
            if (!k.startsWith("PMIX_") || k.startsWith("PMIX_MCA_")) {
                env.put(k, v);
            }
        });
        return env;
    }

    /** What a fork/exec agent gets besides what joins it to the server: the launcher's and the run's. */
    private Map<String, String> agentEnvironment() {
        Map<String, String> env = launcherEnvironment();
        env.putAll(runEnv);
        return env;
    }

    /** Starts one process held at its exec (PMIX_DEBUG_STOP_ON_EXEC), after its binding's exec. */
    private LaunchedProcess fork(Request request, ProcessCommand command) {
        List<String> binding = binder.bindCommandPrefix(command.placement().cpus());
        try {
            return connect(request, command, starter.startHeldGroupLeader(builder(request, command, true), binding));
        } catch (IOException ex) {
            throw cannotStart(request, command, ex);
        }
    }

    /**
     * What starts {@code command}: its argv behind the CPU binding's prefix (not when held: the binding is
     * then run before the exec that is held), environment, directory, and stdin (a pipe for the ranks that
     * read the launcher's or a tool's, else /dev/null). Each process leads a session and process group of its
     * own (as PRRTE's children do, ProcessStarter.startGroupLeader): a signal to the launcher's group does not
     * reach it twice, and what it leaves running is found and ended with the job.
     */
    private ProcessBuilder builder(Request request, ProcessCommand command, boolean holdAtExec) {
        ProcPlacement s = command.placement();
        List<String> argv = new ArrayList<>(holdAtExec ? List.of() : binder.bindCommandPrefix(s.cpus()));
        argv.addAll(command.argv());
        ProcessBuilder pb = new ProcessBuilder(argv).directory(new File(command.wdir()));
        pb.environment().clear();
        pb.environment().putAll(command.env());
        pb.redirectInput(readsStdin(request, s) || pushedStdin(request, s) ? ProcessBuilder.Redirect.PIPE
                : ProcessBuilder.Redirect.from(new File("/dev/null")));
        return pb;
    }

    private static boolean readsStdin(Request request, ProcPlacement s) {
        return request.stdin() != null && request.stdinRanks().receives(s.rank());
    }

    /** A spawned job's stdin comes from its requester's pushes, for the ranks its PMIX_FWD_STDIN names. */
    private static boolean pushedStdin(Request request, ProcPlacement s) {
        return !readsStdin(request, s) && request.pushedStdin().test(s.rank());
    }

    /** Forwards the output of a process just started, and its stdin where it reads any. */
    private LaunchedProcess connect(Request request, ProcessCommand command, Process p) {
        LaunchedProcess launched = connectOutput(request, command, p);
        connectStdin(request, command, p);
        return launched;
    }

    private LaunchedProcess connectOutput(Request request, ProcessCommand command, Process p) {
        return new LaunchedProcess(command.proc(), new LocalBody(p, output(request, command, p), hostname));
    }

    /** Starts forwarding the process's output. */
    private ProcessOutput output(Request request, ProcessCommand command, Process p) {
        return iof.attach(command.proc(), p.pid(), request.job().size(), request.output(), request.printed(),
                p.getInputStream(), p.getErrorStream());
    }

    private void connectStdin(Request request, ProcessCommand command, Process p) {
        if (readsStdin(request, command.placement())) {
            request.stdin().addTarget(command.proc(), p.getOutputStream());
        } else if (pushedStdin(request, command.placement())) {
            toolStdin.attach(command.proc(), p.getOutputStream());
        }
    }

    private static LaunchException cannotStart(Request request, ProcessCommand command, IOException ex) {
        AppContext app = request.job().apps().get(command.placement().appnum());
        return new LaunchException("cannot start process rank " + command.placement().rank() + ": "
                + String.join(" ", app.argv()) + ": " + ex.getMessage(), 127);
    }

    /** Waits for the end (and the last of the output) and reports it. */
    private void awaitEnd(Job job, LaunchedProcess p) {
        int status;
        try {
            status = p.waitFor();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return;
        }
        toolStdin.detach(p.proc());
        exits.exited(job, p, status);
    }
}
