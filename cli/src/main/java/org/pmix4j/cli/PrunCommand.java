package org.pmix4j.cli;

import java.util.List;
import java.util.concurrent.Callable;
import org.pmix4j.runtime.frontend.Prun;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code pmix4j prun}: hand a job to a running DVM and follow it, as PRRTE's prun does with prte. */
@Command(name = "prun", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Run a job in a running DVM (pmix4j dvm): the job is handed to the DVM, its output comes back "
                + "here, stdin and signals are forwarded to it, and prun exits with the job's status by the rules of "
                + "pmix4j run. Every option of pmix4j run is accepted.",
            "",
            "The DVM is the one named by --dvm-uri, --pid, --namespace or --system-server, else the only one of "
                + "this user running on this node."},
        footer = {"", "Examples:",
            "  pmix4j dvm --daemonize && pmix4j prun -n 4 ./my_mpi_program && pmix4j term",
            "  pmix4j prun --pid 12345 -n 2 --output tag hostname"})
final class PrunCommand extends JobCommand implements Callable<Integer> {
    @Mixin
    DvmChoice dvm = new DvmChoice();

    @Mixin
    SessionChoice session = new SessionChoice();

    @Override
    CommandLine.Model.CommandSpec model() {
        return CliModels.of(this);
    }

    @Override
    public Integer call() {
        return CommandErrors.run("prun", () -> {
            List<org.pmix4j.runtime.AppContext> apps = applications(System.getenv());
            org.pmix4j.runtime.Launcher.Options options = options();
            beforeLaunch("prun");
            return new Prun(System.out, System.err, System.in, System.getenv())
                    .run(dvm.locator(), apps, options, session.target());
        });
    }
}
