package org.pmix4j.cli;

import java.io.IOException;
import java.net.Proxy;
import java.net.Socket;

/**
 * The JDK's own start-up work a front end will need, done on a thread of its own while the main thread builds
 * picocli's model: the first socket of a JVM loads and initialises the JDK's network libraries (~10 ms of a
 * prun's connection to its DVM). Only the JDK's classes are touched here, never ours: two threads that
 * initialise classes depending on each other can wait for each other for ever.
 */
final class JdkWarmUp {
    private JdkWarmUp() {
    }

    /** Makes and closes an unconnected socket in the background. */
    static void sockets() {
        Thread.ofPlatform().daemon().name("pmix4j-warm-up").start(() -> {
            try {
                new Socket(Proxy.NO_PROXY).close();
            } catch (IOException | RuntimeException e) {
                // the connection will meet it again and say so
            }
        });
    }
}
