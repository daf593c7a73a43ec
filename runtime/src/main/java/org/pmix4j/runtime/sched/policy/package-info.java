/**
 * The scheduling policy of {@code pmix4j sched}: which allocation request gets which nodes and slots, and
 * when. Pure decisions, no PMIx, threads or clock: {@link org.pmix4j.runtime.sched.policy.SchedulingEngine}
 * takes the caller's time with every call and answers with what changed.
 *
 * <p>The policy is a FIFO queue with EASY backfill: the queue is served in order while its head fits; a head
 * that does not fit gets a reservation at the earliest time the running sessions' limits free enough for it,
 * and a later request starts at once only if it fits now and does not move that reservation later (it ends
 * before it, or it uses only what the head will not need). Requests that could never fit the pool are
 * refused at submission with a reason for the user.
 *
 * <p>How the scheduler process drives it, one event loop thread:
 * <pre>{@code
 * SchedulingEngine engine = new SchedulingEngine(new NodePool(nodes), Duration.ofHours(1));
 * for (Session s : sessionsTheRuntimeStillRuns) engine.adopt(s, now);   // after a restart
 * Submission sub = engine.submit(AllocationRequest.fromAttributes(uid, numNodes, numCpus, nodeList,
 *         timeSeconds, reqId), now);                                    // PMIX_ALLOC_NEW
 * if (sub.refused()) reply(ERR, sub.refusal().get()); else remember(sub.ticket(), requester);
 * act(sub.changes());                      // grants: instantiate the sessions, answer their requesters
 * act(engine.tick(now));                   // at engine.nextExpiry(): expired sessions, to end
 * act(engine.release(sessionId, now));     // a session ended, was cancelled or ended at expiry
 * engine.cancel(ticket, now);              // the requester gave up or disconnected
 * engine.extend(sessionId, Extension.time(Duration.ofMinutes(10)), now);  // PMIX_ALLOC_EXTEND
 * engine.snapshot(now);                    // pmix4j queue
 * }</pre>
 */
package org.pmix4j.runtime.sched.policy;
