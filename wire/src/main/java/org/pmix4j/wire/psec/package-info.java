/**
 * Security (psec) credentials that a peer cannot forge, shared by the client and the server: a client of
 * munged, the MUNGE daemon ({@link org.pmix4j.wire.psec.MungeClient}), and the form a munge token takes in
 * the connect handshake ({@link org.pmix4j.wire.psec.MungeToken}).
 *
 * <p>It sits in the wire module because both sides need it and {@code client} must not depend on
 * {@code server}; like the handshake it is a byte protocol, only with munged instead of a PMIx peer. It
 * is pure Java (a Unix-domain socket channel, JDK 16+): no libmunge, no native code.
 */
package org.pmix4j.wire.psec;
