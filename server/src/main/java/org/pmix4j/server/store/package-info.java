/**
 * The job-data store of the server: what hosts register with {@code PMIx_server_register_nspace}, filed by
 * level and completed with derived values ({@link org.pmix4j.server.store.JobData}: one record per process,
 * node and application, built by the stages of {@code JobDataBuilder}), and the registry of registered
 * namespaces ({@link org.pmix4j.server.store.JobStore}). The wire forms of the job data (REQ reply, GET byte
 * objects) are the handlers' ({@code org.pmix4j.server.handler.JobDataPayloads}). No I/O, no threads.
 */
package org.pmix4j.server.store;
