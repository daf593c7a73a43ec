package org.pmix4j.cli;

import org.pmix4j.runtime.frontend.DvmLocator;
import picocli.CommandLine.Option;

/** How a front end names its DVM ({@code prun}, {@code term}, {@code ps}); none: the only one running. */
final class DvmChoice {
    @Option(names = "--dvm-uri", paramLabel = "URI|file:PATH", description = "The DVM at this PMIx URI (or in this file).")
    String dvmUri;

    @Option(names = "--pid", paramLabel = "PID", description = "The DVM with this process id.")
    String pid;

    @Option(names = "--namespace", paramLabel = "NSPACE", description = "The DVM whose server has this namespace.")
    String namespace;

    @Option(names = "--system-server", description = "The node's system server (a DVM started with --system-server).")
    boolean systemServer;

    @Option(names = "--tmpdir", paramLabel = "DIR", description = "Where the DVM keeps its session directory, if "
            + "it was started with --tmpdir.")
    String tmpdir;

    DvmLocator locator() {
        return new DvmLocator(dvmUri, pid == null ? null : DvmLocator.pid(pid, "--pid "), namespace, systemServer,
                tmpdir);
    }
}
