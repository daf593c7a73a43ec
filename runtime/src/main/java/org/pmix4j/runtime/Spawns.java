package org.pmix4j.runtime;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.pmix4j.api.App;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Info;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;

/** Turns the applications of a PMIx_Spawn request into what the runtime launches. */
final class Spawns {
    private Spawns() {
    }

    static List<AppContext> toAppContexts(List<App> apps, List<Info> jobInfo) {
        if (apps.isEmpty()) {
            throw new PmixException(PmixStatus.PMIX_ERR_BAD_PARAM, "spawn request without applications");
        }
        List<AppContext> out = new ArrayList<>();
        for (int i = 0; i < apps.size(); i++) {
            App a = apps.get(i);
            List<String> argv = new ArrayList<>(a.argv());
            if (a.cmd() == null && argv.isEmpty()) {
                throw new PmixException(PmixStatus.PMIX_ERR_BAD_PARAM, "spawn: application " + i + " names no command");
            }
            if (argv.isEmpty()) {
                argv.add(a.cmd());
            } else if (a.cmd() != null) {
                argv.set(0, a.cmd());
            }
            Map<String, String> env = new LinkedHashMap<>();
            for (String e : a.env()) {
                int eq = e.indexOf('=');
                if (eq > 0) {
                    env.put(e.substring(0, eq), e.substring(eq + 1));
                }
            }
            String wdir = a.cwd() != null ? a.cwd() : Attributes.WDIR.find(a.info()).orElse(null);
            if (a.maxProcs() < 1) {
                throw new PmixException(PmixStatus.PMIX_ERR_BAD_PARAM, "spawn: application " + i + " asks for "
                        + a.maxProcs() + " processes");
            }
            List<String> unset = new ArrayList<>();
            for (org.pmix4j.api.Info info : a.info()) {
                if (info.key().equals(Attributes.UNSET_ENVAR.key())) {
                    Attributes.UNSET_ENVAR.read(info.value()).ifPresent(unset::add);
                }
            }
            out.add(new AppContext(argv, a.maxProcs(), env, wdir, unset));
        }
        return out;
    }
}
