package org.pmix4j.runtime.data;

import java.util.List;
import org.pmix4j.api.PublishedData;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;

/**
 * The outcome of a lookup, as the Standard defines it: PMIX_SUCCESS (every key found), PMIX_ERR_PARTIAL_SUCCESS
 * (some; {@code data} holds those), PMIX_ERR_NOT_FOUND (none within the requester's range),
 * PMIX_ERR_NO_PERMISSIONS (all found but none may be read), PMIX_ERR_TIMEOUT (PMIX_WAIT ran out of
 * PMIX_TIMEOUT), PMIX_ERR_LOST_CONNECTION (the requester ended while waiting).
 */
public record LookupResult(int status, List<PublishedData> data) {
    public LookupResult {
        data = List.copyOf(data);
    }

    /**
     * The data when every key was found; otherwise a {@link PmixException} with the status — the form of
     * the host's {@code lookup} upcall (a 4.2.2 client reads no data after a status other than success).
     */
    public List<PublishedData> dataOrThrow() {
        if (status != PmixStatus.PMIX_SUCCESS) {
            throw new PmixException(status, "lookup: " + PmixStatus.name(status) + (data.isEmpty() ? ""
                    : " (found " + data.size() + ")"));
        }
        return data;
    }
}
