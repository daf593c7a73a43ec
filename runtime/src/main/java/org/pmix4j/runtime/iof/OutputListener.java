package org.pmix4j.runtime.iof;

import org.pmix4j.api.Proc;

/**
 * Sees every chunk of output read from a process, unformatted and before line buffering, as PRRTE hands
 * its children's output to {@code PMIx_server_IOF_deliver}: this is how a job's output reaches PMIx tools
 * ({@code PmixServer.iofDeliver(source, channel, data, List.of())}).
 *
 * <p>Called on the thread that reads the process's stream, in the order the chunks were read; a slow
 * listener slows that process's output, so hand the bytes on rather than doing work here. {@code data} is
 * the listener's to keep. An exception thrown by a listener is swallowed: output goes on.
 */
@FunctionalInterface
public interface OutputListener {
    /**
     * @param source  the process that wrote the bytes
     * @param channel its PMIx channel bit: {@code IofChannel.STDOUT} or {@code IofChannel.STDERR}
     * @param data    the bytes as read (never empty)
     */
    void output(Proc source, int channel, byte[] data);

    /** The process closed this stream (it exited, or closed it): no more output comes from it. */
    default void closed(Proc source, int channel) {
    }

    /**
     * Whether this listener cannot take more of {@code source}'s output for now ({@code
     * PmixServer.iofHeld}): the process's streams are not read until it can.
     */
    default boolean holds(Proc source) {
        return false;
    }
}
