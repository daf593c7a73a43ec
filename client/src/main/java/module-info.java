/**
 * The PMIx client ({@link org.pmix4j.client.PmixClient}) and tool ({@link org.pmix4j.client.tool.PmixTool})
 * libraries. The connection, the request senders and the local data store are internal.
 */
module org.pmix4j.client {
    requires transitive org.pmix4j.api;
    requires transitive org.pmix4j.wire; // DataBuffer speaks of its BufferKind

    exports org.pmix4j.client;
    exports org.pmix4j.client.tool;
}
