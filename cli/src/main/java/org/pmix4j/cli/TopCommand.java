package org.pmix4j.cli;

import java.util.concurrent.Callable;
import org.pmix4j.api.PmixException;
import org.pmix4j.client.tool.PmixTool;
import org.pmix4j.runtime.LaunchException;
import org.pmix4j.runtime.frontend.DvmLocator;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code pmix4j top}: a live view of a DVM's (or a pmix4j run's) jobs and processes. */
@Command(name = "top", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"A live view of a running DVM (pmix4j dvm) or pmix4j run: its jobs, their processes with node,"
                + " state, CPU, memory and output rate, and job events as they happen, refreshed in place. q quits.",
            "The runtime is found as pmix4j ps finds it (--dvm-uri, --pid (a DVM's or a pmix4j run's), --namespace,"
                + " --system-server, else the only DVM of this user on this node)."})
final class TopCommand implements Callable<Integer> {
    @picocli.CommandLine.Mixin
    Verbosity verbosity = new Verbosity();

    @Mixin
    DvmChoice dvm = new DvmChoice();

    @Option(names = {"-d", "--delay"}, paramLabel = "SECONDS", description = "Time between refreshes (default 1).")
    double delay = 1;

    @Option(names = {"-n", "--iterations"}, paramLabel = "N",
            description = "Print N frames one after the other, without taking the terminal over, and exit.")
    Integer iterations;

    @Option(names = "--once", description = "Print one frame and exit (-n 1).")
    boolean once;

    @Option(names = "--json", description = "With --once or -n: each frame as one JSON document (docs/json.md).")
    boolean json;

    @Override
    public Integer call() {
        return CommandErrors.run("top", () -> {
            int frames = once ? 1 : iterations == null ? 0 : iterations;
            if (iterations != null && iterations < 1) {
                throw new IllegalArgumentException("-n " + iterations + ": the number of frames must be at least 1");
            }
            if (!(delay > 0) || delay > 86_400) {
                throw new IllegalArgumentException("--delay " + delay + ": must be more than 0 seconds and at most a day");
            }
            if (json && frames == 0) {
                throw new IllegalArgumentException("--json prints frames for scripts: give it --once or -n N");
            }
            DvmLocator where = dvm.locator();
            String target = describe(where);
            try (PmixTool tool = where.connectAnyServer(System.getenv(), "the DVM")) {
                return org.pmix4j.cli.top.Top.run(tool, target, frames, json, (long) (delay * 1000), System.out);
            } catch (PmixException e) {
                throw new LaunchException("the DVM did not answer: " + e.getMessage(), 1);
            } catch (java.io.IOException e) {
                throw new LaunchException("the terminal: " + e.getMessage(), 1);
            }
        });
    }

    private static String describe(DvmLocator where) {
        if (where.uri() != null) {
            return where.uri();
        }
        if (where.pid() != null) {
            return "pid " + where.pid();
        }
        if (where.nspace() != null) {
            return where.nspace();
        }
        return where.systemServer() ? "system server" : "the DVM";
    }
}
