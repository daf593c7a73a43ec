package org.pmix4j.server.cleanup;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.pmix4j.api.Proc;

/**
 * The in-memory {@link CleanupRegistry}: one {@link Epilog} per scope. It records and merges;
 * {@link ExecutingEpilogRegistry} also carries the epilogs out when processes and jobs end.
 */
public class EpilogRegistry implements CleanupRegistry {
    private final Map<Proc, Epilog> epilogs = new HashMap<>();

    @Override
    public void register(Proc scope, CleanupRequest request) {
        Epilog e = epilogs.get(scope);
        boolean fresh = e == null;
        if (fresh) {
            e = new Epilog(request.uid(), request.gid());
        }
        e.add(request);
        if (fresh) {
            epilogs.put(scope, e);
        }
    }

    @Override
    public void register(List<Proc> scopes, CleanupRequest request) {
        for (Proc scope : scopes) {
            Epilog e = epilogs.get(scope);
            (e != null ? e : new Epilog(request.uid(), request.gid())).check(request);
        }
        for (Proc scope : scopes) {
            register(scope, request);
        }
    }

    @Override
    public Optional<Epilog> epilog(Proc scope) {
        return Optional.ofNullable(epilogs.get(scope));
    }

    /** Takes the scope's epilog out of the registry (to carry it out). */
    protected Optional<Epilog> take(Proc scope) {
        return Optional.ofNullable(epilogs.remove(scope));
    }

    /** Takes out every epilog there is (the server finalizes). */
    protected Map<Proc, Epilog> takeAll() {
        Map<Proc, Epilog> out = new HashMap<>(epilogs);
        epilogs.clear();
        return out;
    }

    /** Takes out every epilog of the namespace's processes (not the job's own). */
    protected Map<Proc, Epilog> takeProcesses(String nspace) {
        Map<Proc, Epilog> out = new HashMap<>();
        epilogs.entrySet().removeIf(e -> {
            Proc p = e.getKey();
            if (p.nspace().equals(nspace) && p.rank() != org.pmix4j.api.Rank.WILDCARD) {
                out.put(p, e.getValue());
                return true;
            }
            return false;
        });
        return out;
    }
}
