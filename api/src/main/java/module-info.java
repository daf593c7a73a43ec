/**
 * The PMIx value model: every PMIx data type as a Java type, status codes and the attribute dictionary. Used by
 * the server, client and tool libraries alike.
 */
module org.pmix4j.api {
    exports org.pmix4j.api;
}
