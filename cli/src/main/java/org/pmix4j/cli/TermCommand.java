package org.pmix4j.cli;

import java.util.concurrent.Callable;
import org.pmix4j.runtime.frontend.Term;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code pmix4j term}: stop a DVM, as PRRTE's pterm does. */
@Command(name = "term", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Stop a running DVM (pmix4j dvm): its jobs are stopped first, then it ends and removes its "
                + "session directory and rendezvous files. term returns when the DVM has ended.",
            "",
            "The DVM is the one named by --dvm-uri, --pid, --namespace or --system-server, else the only one of "
                + "this user running on this node."})
final class TermCommand implements Callable<Integer> {
    @picocli.CommandLine.Mixin
    Verbosity verbosity = new Verbosity();

    @Mixin
    DvmChoice dvm = new DvmChoice();

    @Override
    public Integer call() {
        return CommandErrors.run("term", () -> new Term(System.getenv()).run(dvm.locator()));
    }
}
