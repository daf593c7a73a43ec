package org.pmix4j.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code pmix4j version}: what {@code --version} prints, or the same as JSON for scripts. */
@Command(name = "version", mixinStandardHelpOptions = true,
        description = "Print the pmix4j version, the PMIx wire protocol and Standard it speaks, and the Java it runs on.")
final class VersionCommand implements Callable<Integer> {
    @picocli.CommandLine.Mixin
    Verbosity verbosity = new Verbosity();

    @Option(names = "--json", description = "One JSON document (schema: docs/json.md).")
    boolean json;

    @Override
    public Integer call() {
        if (json) {
            System.out.println(Version.json());
        } else {
            for (String line : new Version().getVersion()) {
                System.out.println(line);
            }
        }
        System.out.flush();
        return 0;
    }
}
