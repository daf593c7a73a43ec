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

    /**
     * Whether {@code args} may name a DVM or need none (help, version): any word that is one of these options,
     * with one dash or two, with or without =VALUE, wherever it stands (a program's own argument too: then the
     * front end only misses the head start of {@link org.pmix4j.runtime.frontend.EarlyConnection}).
     */
    static boolean mayNameOne(String[] args) {
        for (String a : args) {
            if (a.startsWith("-")) {
                String name = a.replaceFirst("^--?", "");
                int eq = name.indexOf('=');
                switch (eq < 0 ? name : name.substring(0, eq)) {
                    case "dvm-uri", "pid", "namespace", "system-server", "tmpdir", "h", "help", "V", "version":
                        return true;
                    default:
                        break;
                }
            }
        }
        return false;
    }

    DvmLocator locator() {
        return new DvmLocator(dvmUri, pid == null ? null : DvmLocator.pid(pid, "--pid "), namespace, systemServer,
                tmpdir);
    }
}
