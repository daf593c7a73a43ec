/**
 * The collective engine. {@link org.pmix4j.server.collective.Collectives} runs every collective of the
 * server — fence, connect, disconnect, group construct and destruct — with one set of rules:
 * <ul>
 * <li>who must call here: {@link org.pmix4j.server.collective.Participation}, from what the server knows
 * of each namespace ({@link org.pmix4j.server.collective.Locality});</li>
 * <li>who has left: a local participant whose connection closes is no longer waited for by the collectives
 * in progress (as in libpmix, finalized or not); one lost without finalizing, or deregistered, is also kept
 * in the engine's record of departed processes, which later collectives do not wait for either;</li>
 * <li>how long to wait: PMIX_TIMEOUT, read through the attribute dictionary, on the loop's
 * {@link org.pmix4j.server.collective.Timers};</li>
 * <li>how other nodes are reached: only through the operation's host upcall
 * ({@link org.pmix4j.server.collective.Collectives.Operation#callHost}), made once for the local set.</li>
 * </ul>
 * Each kind of collective is an {@link org.pmix4j.server.collective.Collectives.Operation}: the fence's is
 * {@code org.pmix4j.server.modex.Fence}; the others are in the handlers of their commands.
 */
package org.pmix4j.server.collective;
