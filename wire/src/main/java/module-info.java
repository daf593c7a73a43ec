/**
 * The PMIx wire format: the value codec (byte-identical with libpmix 4.2 in both buffer kinds) and a text form of
 * every value. The message records, the protocol's framing and the security handshakes are the server's and the
 * client's business, exported to them alone.
 */
@SuppressWarnings("module") // qualified exports name modules built after this one
module org.pmix4j.wire {
    requires transitive org.pmix4j.api;

    exports org.pmix4j.wire;
    exports org.pmix4j.wire.text;
    exports org.pmix4j.wire.message to org.pmix4j.server, org.pmix4j.client, org.pmix4j.runtime;
    exports org.pmix4j.wire.protocol to org.pmix4j.server, org.pmix4j.client, org.pmix4j.runtime;
    exports org.pmix4j.wire.psec to org.pmix4j.server, org.pmix4j.client, org.pmix4j.runtime;
}
