/**
 * The PMIx value model: every PMIx data type as a Java type, status codes and the attribute dictionary. Used by
 * the server, client and tool libraries alike. Its logging facade ({@code internal}) serves pmix4j's own modules:
 * SLF4J when the application brings it with a provider (hence {@code requires static} and {@code uses}), else
 * the JDK's System.Logger.
 */
@SuppressWarnings("module") // qualified exports name modules built after this one
module org.pmix4j.api {
    requires static org.slf4j;

    exports org.pmix4j.api;
    exports org.pmix4j.api.internal
            to org.pmix4j.wire, org.pmix4j.server, org.pmix4j.client, org.pmix4j.runtime, org.pmix4j.cli;

    uses org.slf4j.spi.SLF4JServiceProvider;
}
