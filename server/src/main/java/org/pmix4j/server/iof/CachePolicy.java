package org.pmix4j.server.iof;

import java.util.List;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Info;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;

/**
 * How much output of a job the server keeps for tools that have not pulled it yet, and what goes when it
 * is full (the Standard's PMIX_IOF_CACHE_SIZE, PMIX_IOF_DROP_OLDEST, PMIX_IOF_DROP_NEWEST).
 *
 * @param bytesPerChannel the most bytes kept per channel of the job
 * @param dropOldest      when full, drop the oldest bytes to make room; otherwise (the Standard's default)
 *                        drop the new bytes that do not fit
 */
public record CachePolicy(long bytesPerChannel, boolean dropOldest) {
    /** The Standard leaves the size to the implementation: 1 MiB per channel of a job. Drop the newest. */
    public static final CachePolicy DEFAULT = new CachePolicy(1L << 20, false);

    public CachePolicy {
        if (bytesPerChannel < 0) {
            throw new IllegalArgumentException("IOF cache size " + bytesPerChannel + " is negative");
        }
    }

    /** Whether the infos say anything about the cache. */
    public static boolean isIn(List<Info> info) {
        return Attributes.IOF_CACHE_SIZE.isIn(info) || Attributes.IOF_DROP_OLDEST.isIn(info)
                || Attributes.IOF_DROP_NEWEST.isIn(info);
    }

    /**
     * The policy the infos ask for, each attribute not given taken from {@code base}.
     *
     * @throws PmixException PMIX_ERR_BAD_PARAM when both drop rules are asked for, or the size is negative;
     *                       PMIX_ERR_TYPE_MISMATCH when a value has the wrong type
     */
    public static CachePolicy read(List<Info> info, CachePolicy base) {
        long size = base.bytesPerChannel;
        Integer given = Attributes.IOF_CACHE_SIZE.find(info).orElse(null);
        if (given != null) {
            size = Integer.toUnsignedLong(given);
        }
        boolean oldest = isTrue(info, Attributes.IOF_DROP_OLDEST.key());
        boolean newest = isTrue(info, Attributes.IOF_DROP_NEWEST.key());
        if (oldest && newest) {
            throw new PmixException(PmixStatus.PMIX_ERR_BAD_PARAM,
                    "PMIX_IOF_DROP_OLDEST and PMIX_IOF_DROP_NEWEST cannot both be asked for");
        }
        boolean dropOldest = oldest || (!newest && base.dropOldest);
        return new CachePolicy(size, dropOldest);
    }

    static boolean isTrue(List<Info> info, String key) {
        for (Info i : info) {
            if (i.key().equals(key)) {
                return i.isTrue();
            }
        }
        return false;
    }

    @Override
    public String toString() {
        return bytesPerChannel + " bytes per channel, drop " + (dropOldest ? "oldest" : "newest");
    }
}
