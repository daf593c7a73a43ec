/**
 * Session directories and rendezvous files of a pmix4j server, as libpmix 4.2.2 lays them out.
 *
 * <ul>
 * <li>{@link org.pmix4j.server.sessiondir.SessionDirectories} is the one object the server core uses: it
 * resolves the two temporary directories, hands out the namespace and process directories, writes the
 * rendezvous files tools look for, and removes at {@code close()} exactly what it created.</li>
 * <li>{@link org.pmix4j.server.sessiondir.SessionOptions} is what {@code PMIx_server_init}'s attributes and
 * the environment say about them ({@link org.pmix4j.server.sessiondir.TmpdirResolver} for the two
 * tmpdirs); {@link org.pmix4j.server.sessiondir.ServerIdentity} is who writes the files.</li>
 * <li>{@link org.pmix4j.server.sessiondir.DirectoryTracker} creates directories and remembers which ones
 * it created; {@link org.pmix4j.server.sessiondir.RendezvousWriter} writes one file atomically and
 * owner-only; {@link org.pmix4j.server.sessiondir.RendezvousReader} and
 * {@link org.pmix4j.wire.protocol.RendezvousContent} (the format, shared with our tool library) read them back.</li>
 * </ul>
 *
 * <p>Nothing here starts threads or keeps files open; every method does its file-system work before it
 * returns. The objects are not thread-safe: the server core calls them from its event loop.
 */
package org.pmix4j.server.sessiondir;
