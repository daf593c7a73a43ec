/**
 * The runtime behind {@code pmix4j run} and {@code pmix4j dvm}: placement, IO forwarding, job control, the DVM's
 * front ends, sessions and the scheduler. It has no public API of its own yet: its packages are exported to the
 * command line alone.
 */
@SuppressWarnings("module") // qualified exports name modules built after this one
module org.pmix4j.runtime {
    requires transitive org.pmix4j.server;
    requires transitive org.pmix4j.client;
    requires jdk.unsupported;

    exports org.pmix4j.runtime to org.pmix4j.cli;
    exports org.pmix4j.runtime.cluster to org.pmix4j.cli;
    exports org.pmix4j.runtime.frontend to org.pmix4j.cli;
    exports org.pmix4j.runtime.iof to org.pmix4j.cli;
    exports org.pmix4j.runtime.json to org.pmix4j.cli;
    exports org.pmix4j.runtime.sched to org.pmix4j.cli;
}
