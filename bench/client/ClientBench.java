import java.util.List;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Proc;
import org.pmix4j.api.Scope;
import org.pmix4j.api.Value;
import org.pmix4j.client.PmixClient;

/**
 * The Java side of bench/client.sh: the pmix4j client timing what bench/c/client_bench.c times with
 * libpmix's client, under the same launcher, with the same iteration counts and warm-up (half the
 * count before measuring). Rank 0 prints INIT_MS, GET_LOCAL_US, GET_SERVER_US and FENCE_US.
 */
public final class ClientBench {
    public static void main(String[] args) {
        int nlocal = args.length > 0 ? Integer.parseInt(args[0]) : 200_000;
        int nserver = args.length > 1 ? Integer.parseInt(args[1]) : 20_000;
        int nfence = args.length > 2 ? Integer.parseInt(args[2]) : 20_000;
        long t0 = System.nanoTime();
        PmixClient pmix = PmixClient.init();
        double initMs = (System.nanoTime() - t0) / 1e6;
        Proc all = Proc.wildcard(pmix.nspace());
        int size = pmix.get(all, Attributes.JOB_SIZE);

        pmix.put(Scope.GLOBAL, "bench.key", new Value.UInt64(1000 + pmix.rank()));
        pmix.commit();
        pmix.fence(List.of(all), Attributes.COLLECT_DATA.info(true));

        long sink = 0;
        for (int i = 0; i < nlocal / 2; i++) {
            sink += pmix.get(all, Attributes.JOB_SIZE);
        }
        t0 = System.nanoTime();
        for (int i = 0; i < nlocal; i++) {
            sink += pmix.get(all, Attributes.JOB_SIZE);
        }
        double getLocal = (System.nanoTime() - t0) / 1e3 / nlocal;

        Proc peer = new Proc(pmix.nspace(), (pmix.rank() + 1) % size);
        var refresh = Attributes.GET_REFRESH_CACHE.info(true);
        double getServer = 0;
        if (pmix.rank() == 0) {
            sink += pmix.get(peer, "bench.key").hashCode();
            for (int i = 0; i < nserver / 2; i++) {
                sink += pmix.get(peer, "bench.key", refresh).hashCode();
            }
            t0 = System.nanoTime();
            for (int i = 0; i < nserver; i++) {
                sink += pmix.get(peer, "bench.key", refresh).hashCode();
            }
            getServer = (System.nanoTime() - t0) / 1e3 / nserver;
        }
        pmix.fence(List.of(all));

        for (int i = 0; i < nfence / 2; i++) {
            pmix.fence(List.of(all));
        }
        t0 = System.nanoTime();
        for (int i = 0; i < nfence; i++) {
            pmix.fence(List.of(all));
        }
        double fence = (System.nanoTime() - t0) / 1e3 / nfence;

        if (pmix.rank() == 0) {
            System.out.printf("INIT_MS %.3f%nGET_LOCAL_US %.4f%nGET_SERVER_US %.3f%nFENCE_US %.3f%n", initMs, getLocal,
                    getServer, fence);
            System.out.flush();
        }
        if (sink == 42) {
            System.out.println();
        }
        pmix.close();
    }
}
