package org.pmix4j.client;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.pmix4j.api.Info;
import org.pmix4j.api.IofChannel;
import org.pmix4j.api.Proc;

/**
 * A chunk of forwarded output.
 *
 * @param source   the process that wrote it
 * @param channel  {@link IofChannel#STDOUT}, {@link IofChannel#STDERR} or {@link IofChannel#STDDIAG}
 * @param data     the bytes, possibly empty
 * @param info     what the server attached (e.g. PMIX_IOF_COMPLETE when the stream closed)
 * @param complete the stream has ended
 */
public record IofOutput(Proc source, int channel, byte[] data, List<Info> info, boolean complete) {
    /** Copies the list, so that the record cannot change after it was made. */
    public IofOutput {
        info = List.copyOf(info);
    }

    /** {@return the data as UTF-8 text} */
    public String text() {
        return new String(data, StandardCharsets.UTF_8);
    }
}
