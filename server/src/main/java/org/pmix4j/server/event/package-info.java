/**
 * PMIx events in the server: registrations of the connected clients and tools (REGEVENTS, DEREGEVENTS),
 * delivery of events raised by clients (NOTIFY), by the host and by the server ({@code PmixServer.notifyEvent})
 * on tag 0, the range rules ({@link org.pmix4j.server.event.EventRange}), the bounded cache for late
 * registrants ({@link org.pmix4j.server.event.EventCache}), and the info of the Standard's lifecycle events
 * ({@link org.pmix4j.server.event.LifecycleEvents}).
 *
 * <p>Where pmix4j departs from libpmix 4.2.2, on purpose:
 * <ul>
 * <li>A default handler (REGEVENTS with no codes) receives events. The 4.2.2 server files such a
 * registration only under a default entry it never creates, so its clients' default handlers only ever
 * see events through the client library's own cache.</li>
 * <li>The range of an event is checked on every delivery ({@link org.pmix4j.server.event.EventRange}).</li>
 * <li>Cached events are replayed after every registration, including a default one, but never to a peer
 * that already had them (libpmix can deliver an event twice: at connection and again at registration).
 * They are not pushed at connection time: a process hears of events when it registers for them.</li>
 * <li>A host without {@code registerEvents} does not fail a registration for system events, and a host
 * without {@code notifyEvent} does not fail a client's notification (except for range RM).</li>
 * <li>An event of a local client that the host hands back ({@code PmixServer.notifyEvent} with the relay
 * mark and a local source) is not delivered a second time.</li>
 * <li>The host's {@code deregisterEvents} is called when the last registrant of a system event is gone.</li>
 * </ul>
 */
package org.pmix4j.server.event;
