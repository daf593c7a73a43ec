package org.pmix4j.examples;

import java.util.List;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Proc;
import org.pmix4j.api.Scope;
import org.pmix4j.api.Value;
import org.pmix4j.client.PmixClient;

/**
 * ring: a key-value ring. Every process publishes a token under its own name (Put + Commit), all meet at a
 * fence that collects the data, then each reads its left neighbour's token (Get):
 *
 * <pre>
 *   bin/pmix4j run -n 4 bin/pmix4j example ring
 *   rank 1 of 4 got "token of rank 0" from rank 0
 * </pre>
 */
public final class Ring {
    public static void main(String[] args) {
        try (PmixClient pmix = PmixClient.init()) {
            int rank = pmix.rank();
            int size = pmix.jobSize();
            pmix.put(Scope.GLOBAL, "ring.token", Value.of("token of rank " + rank));
            pmix.commit();
            pmix.fence(List.of(), Attributes.COLLECT_DATA.info(true));
            int left = (rank + size - 1) % size;
            Value token = pmix.get(new Proc(pmix.nspace(), left), "ring.token");
            System.out.println("rank " + rank + " of " + size + " got \"" + ((Value.Str) token).value() + "\" from rank "
                    + left);
        }
    }
}
