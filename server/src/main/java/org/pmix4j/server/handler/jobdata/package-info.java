/**
 * The job data in the forms the handlers send it (REQ reply, GET byte objects, the job-level data of SPAWN
 * and CONNECT replies). A package of its own so that the handlers of {@code server.handler} and of
 * {@code server.modex} share it without depending on each other.
 */
package org.pmix4j.server.handler.jobdata;
