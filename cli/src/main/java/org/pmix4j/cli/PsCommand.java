package org.pmix4j.cli;

import java.util.concurrent.Callable;
import org.pmix4j.runtime.frontend.JobListing;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code pmix4j ps}: the jobs of a DVM and their processes. */
@Command(name = "ps", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"List every job of a running DVM (pmix4j dvm) with its processes: namespace, rank, pid, host, "
                + "state and command. The DVM is the one named by --dvm-uri, --pid, --namespace or --system-server, "
                + "else the only one of this user running on this node."})
final class PsCommand implements Callable<Integer> {
    @picocli.CommandLine.Mixin
    Verbosity verbosity = new Verbosity();

    @Mixin
    DvmChoice dvm = new DvmChoice();

    @Option(names = "--json", description = "One JSON document instead of the table (schema: docs/json.md).")
    boolean json;

    @Override
    public Integer call() {
        return CommandErrors.run("ps", () -> new JobListing(System.getenv(), System.out).run(dvm.locator(), json));
    }
}
