/**
 * The job-data store of the server: what hosts register with {@code PMIx_server_register_nspace}, filed by
 * level and completed with derived values ({@link org.pmix4j.server.store.JobData}), the registry of
 * registered namespaces ({@link org.pmix4j.server.store.JobStore}), and the payloads libpmix 4.2.2 clients
 * expect (REQ reply, GET byte objects). No I/O, no threads.
 */
package org.pmix4j.server.store;
