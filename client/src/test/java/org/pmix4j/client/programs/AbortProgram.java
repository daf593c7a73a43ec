package org.pmix4j.client.programs;

import java.util.List;
import org.pmix4j.client.PmixClient;

/** Calls PMIx_Abort with status 7, then finalizes and exits 7 as an aborting process would. */
public final class AbortProgram {
    public static void main(String[] args) {
        try (PmixClient pmix = PmixClient.init()) {
            pmix.abort(7, "giving up on purpose", List.of());
            System.out.println("RESULT abort returned");
        }
        System.exit(7);
    }
}
