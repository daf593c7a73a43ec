/** Example programs: PMIx clients and tools in Java, and a small resource manager embedding the server. */
module org.pmix4j.examples {
    requires org.pmix4j.client;
    requires org.pmix4j.server;

    exports org.pmix4j.examples;
    exports org.pmix4j.examples.host;
}
