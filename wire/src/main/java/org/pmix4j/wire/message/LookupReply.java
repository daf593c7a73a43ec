package org.pmix4j.wire.message;

import java.util.List;
import org.pmix4j.api.DataType;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.PublishedData;
import org.pmix4j.wire.Packer;
import org.pmix4j.wire.Unpacker;

/**
 * The answer to {@link LookupRequest}: STATUS and, on success only, SIZE n then one PDATA pack of n items
 * (an empty pack when n is 0). A reader accepts the count without the pack, and a bare STATUS.
 */
public record LookupReply(int status, List<PublishedData> data) implements StatusFirstReply {
    public LookupReply {
        data = List.copyOf(data);
    }

    @Override
    public void write(Packer p) {
        p.status(status);
        if (status == PmixStatus.PMIX_SUCCESS) {
            p.size(data.size()).pack(DataType.PDATA, data);
        }
    }

    public static LookupReply read(Unpacker u) {
        int status = u.status();
        if (!u.hasRemaining()) {
            return new LookupReply(status, List.of());
        }
        int n = u.sizeCount("number of published data");
        if (n == 0 && !u.hasRemaining()) {
            return new LookupReply(status, List.of());
        }
        return new LookupReply(status, u.unpack(DataType.PDATA).stream().map(PublishedData.class::cast).toList());
    }
}
