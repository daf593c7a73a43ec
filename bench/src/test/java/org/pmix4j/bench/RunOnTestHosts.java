package org.pmix4j.bench;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.pmix4j.testkit.TestHosts;

/**
 * Runs a script on the first of N test hosts (bench/multinode.sh): builds hosts h1 … hN with the test kit's
 * {@link TestHosts} (network namespaces, each with its own hostname, TMPDIR and sshd), runs
 * {@code bash SCRIPT ARGS...} on h1 with
 * <ul>
 * <li>{@code HOSTS}: the host names, comma-separated ({@code h1,h2,...});
 * <li>{@code AGENT}: the launch agent, the ssh command line that runs {@code HOST COMMAND...} on another
 *     host ({@code ssh -F <the hosts' ssh config>});
 * </ul>
 * copies its output to this process's, and deletes the hosts when it ends, fails, or runs past its time
 * limit (and, through the kit's shutdown hook, when this JVM is interrupted). A benchmark, not a test: it
 * lives among the test sources because the test kit does.
 *
 * <p>Usage: {@code RunOnTestHosts HOSTS TIMEOUT_SECONDS SCRIPT [ARGS...]}; exits with the script's status,
 * 124 when it ran out of time.
 */
public final class RunOnTestHosts {
    private RunOnTestHosts() {}

    public static void main(String[] args) throws Exception {
        if (args.length < 3) {
            System.err.println("usage: RunOnTestHosts HOSTS TIMEOUT_SECONDS SCRIPT [ARGS...]");
            System.exit(2);
        }
        int count = Integer.parseInt(args[0]);
        long timeoutSeconds = Long.parseLong(args[1]);
        List<String> command = new ArrayList<>();
        int status;
        try (TestHosts hosts = TestHosts.create(count)) {
            String names = hosts.hosts().stream().map(TestHosts.Host::name).collect(Collectors.joining(","));
            String agent = String.join(" ", hosts.launchAgent());
            // the kit's start() gives the host's TMPDIR and PATH; the script's own variables go through env
            command.addAll(List.of("env", "HOSTS=" + names, "AGENT=" + agent, "bash"));
            command.addAll(List.of(args).subList(2, args.length));
            Process script = hosts.start("h1", command.toArray(String[]::new));
            script.getOutputStream().close();
            Thread out = copy(script.getInputStream(), System.out);
            Thread err = copy(script.getErrorStream(), System.err);
            if (script.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                status = script.exitValue();
            } else {
                System.err.println("RunOnTestHosts: the script ran past " + timeoutSeconds + " s; stopping it");
                script.descendants().forEach(ProcessHandle::destroyForcibly);
                script.destroyForcibly();
                status = 124;
            }
            out.join(5000);
            err.join(5000);
        }
        System.out.flush();
        System.exit(status);
    }

    private static Thread copy(InputStream from, OutputStream to) {
        Thread t = new Thread(() -> {
            byte[] buf = new byte[8192];
            try {
                for (int n = from.read(buf); n >= 0; n = from.read(buf)) {
                    to.write(buf, 0, n);
                    to.flush();
                }
            } catch (IOException e) {
                // the script was killed and its pipe closed: nothing more to copy
            }
        }, "copy-output");
        t.setDaemon(true);
        t.start();
        return t;
    }
}
