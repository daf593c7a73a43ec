package org.pmix4j.cli;

import picocli.CommandLine.Option;

/** How a runtime over several nodes starts its daemons: what {@code pmix4j run} and {@code pmix4j dvm} take. */
final class ClusterOptions {
    @Option(names = "--launch-agent", paramLabel = "COMMAND",
            description = "What starts the daemons on other nodes, run as 'COMMAND HOST DAEMON...' (ssh's way)."
                    + " Default: ssh -o BatchMode=yes.")
    String launchAgent;

    @Option(names = "--tree-radix", paramLabel = "N",
            description = "How many daemons each daemon starts (the routing tree's radix). Default: 64.")
    Integer treeRadix;
}
