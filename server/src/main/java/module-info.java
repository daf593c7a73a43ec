/**
 * The embeddable PMIx server: {@link org.pmix4j.server.PmixServer} and the host-module SPI
 * {@link org.pmix4j.server.HostModule}. Its event loop, request handlers, stores and collectives are internal;
 * the few parts the runtime builds on are exported to it alone.
 */
@SuppressWarnings("module") // qualified exports name modules built after this one
module org.pmix4j.server {
    requires transitive org.pmix4j.api;
    requires transitive org.pmix4j.wire;

    exports org.pmix4j.server;
    exports org.pmix4j.server.event to org.pmix4j.runtime;
    exports org.pmix4j.server.foreign to org.pmix4j.runtime;
    exports org.pmix4j.server.sessiondir to org.pmix4j.runtime;
}
