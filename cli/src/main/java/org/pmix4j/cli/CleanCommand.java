package org.pmix4j.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.pmix4j.runtime.RuntimeDirectories;
import org.pmix4j.runtime.StaleRuntimes;
import org.pmix4j.server.ServerConfig;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code pmix4j clean}: what SIGKILLed launchers and DVMs of this user left behind on this node. */
@Command(name = "clean", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Remove what launchers (pmix4j run) and DVMs (pmix4j dvm) of this user on this node that are "
                + "no longer running left behind: their session directories under <tmp>/pmix4j.<host>.<uid>, the "
                + "rendezvous files they wrote in <tmp>, and the processes their jobs left running. A running "
                + "launcher's or DVM's are never touched. pmix4j run and pmix4j dvm do the same as they start.",
            "",
            "<tmp> is --tmpdir, else TMPDIR, TEMP or TMP, else /tmp."},
        footer = {"", "Examples:",
            "  pmix4j clean --dry-run",
            "  pmix4j clean --tmpdir /scratch/tmp"})
final class CleanCommand implements Callable<Integer> {
    @picocli.CommandLine.Mixin
    Verbosity verbosity = new Verbosity();

    @Option(names = "--dry-run", description = "List what would be removed; remove nothing.")
    boolean dryRun;

    @Option(names = "--tmpdir", paramLabel = "DIR", description = "Where to look, instead of TMPDIR.")
    String tmpdir;

    @Override
    public Integer call() {
        return CommandErrors.run("clean", () -> {
            Path tmp = RuntimeDirectories.tmp(System.getenv(), tmpdir);
            StaleRuntimes stale = new StaleRuntimes(tmp, ServerConfig.localHostname());
            List<String> failures = new ArrayList<>();
            List<StaleRuntimes.Leftover> found;
            if (dryRun) {
                found = stale.find();
                found.forEach(l -> System.out.println(l.describe(true)));
            } else {
                found = stale.reclaim(System.out::println, failure -> {
                    failures.add(failure);
                    System.err.println("pmix4j clean: " + failure);
                });
            }
            if (found.isEmpty() && failures.isEmpty()) {
                System.out.println("nothing left behind under " + tmp);
            }
            return failures.isEmpty() ? 0 : 1;
        });
    }
}
