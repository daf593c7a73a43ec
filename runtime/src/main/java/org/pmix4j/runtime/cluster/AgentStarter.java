package org.pmix4j.runtime.cluster;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.pmix4j.api.internal.Log;
import org.pmix4j.runtime.ProcessStarter;

/**
 * Starts each daemon through the launch agent, {@code AGENT HOST DAEMON-COMMAND --parent ADDRESSES --id N},
 * handing it the secret as the first line of the agent's stdin. The agent's stderr (the remote daemon's
 * log, or ssh's complaint) is passed on with the host's name in front. An agent that ends before its daemon
 * joined is a start failure, named with the agent's status and last words.
 */
public final class AgentStarter implements DaemonStarter {
    private static final Log LOG = Log.of(AgentStarter.class);

    private final LaunchAgent agent;

    public AgentStarter(LaunchAgent agent) {
        this.agent = agent;
    }

    @Override
    public String name() {
        return agent.argv().get(0);
    }

    @Override
    public Started start(Request request, Progress progress) {
        Map<Integer, Process> agents = new ConcurrentHashMap<>();
        for (int id : request.ids()) {
            Thread.ofVirtual().name("agent-" + id).start(() -> startOne(id, request, progress, agents));
        }
        // the agents go with their daemons (the daemons end when their link to the parent closes); an agent
        // still trying to connect is ended here
        return () -> agents.values().forEach(Process::destroy);
    }

    private void startOne(int id, Request request, Progress progress, Map<Integer, Process> agents) {
        String host = request.hosts().get(id);
        List<String> argv = agent.commandFor(host,
                request.commandWith(List.of("--id", Integer.toString(id), "--node", host)));
        LOG.debug("starting daemon {} on {}: {}", id, host, argv);
        Process p;
        try {
            p = ProcessStarter.shared().startGroupLeader(new ProcessBuilder(argv)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD));
        } catch (IOException e) {
            progress.failed(id, host, "cannot run the launch agent " + agent.argv().get(0) + ": " + e.getMessage());
            return;
        }
        agents.put(id, p);
        try {
            OutputStream in = p.getOutputStream();
            in.write((request.secretLine() + "\n").getBytes(StandardCharsets.US_ASCII));
            in.flush();
            // stdin stays open: ssh then keeps the remote side's stdin open too, which some agents need
        } catch (IOException e) {
            LOG.debug("writing the secret to the agent for {}: {}", host, e.toString());
        }
        Deque<String> last = new ArrayDeque<>();
        try (BufferedReader err = new BufferedReader(new InputStreamReader(p.getErrorStream(),
                StandardCharsets.UTF_8))) {
            for (String line; (line = err.readLine()) != null; ) {
                progress.stderr("[" + host + "] " + line);
                last.addLast(line);
                if (last.size() > 3) {
                    last.removeFirst();
                }
            }
        } catch (IOException e) {
            LOG.debug("reading the agent's stderr for {}: {}", host, e.toString());
        }
        int status;
        try {
            status = p.waitFor();
        } catch (InterruptedException e) {
            return;
        }
        if (!progress.joined(id)) {
            progress.failed(id, host, "the launch agent (" + agent.argv().get(0) + ") exited with status " + status
                    + " before the daemon joined" + (last.isEmpty() ? "" : ": " + String.join(" / ", last)));
        }
    }
}
