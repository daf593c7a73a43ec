package org.pmix4j.runtime.indirect;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.pmix4j.api.Attribute;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Info;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.runtime.LaunchException;

/**
 * The initiator's PMIX_LAUNCH_DIRECTIVES for the job an intermediate launcher starts, checked against what
 * this runtime carries out for {@code pmix4j run}'s own job. A directive it does not carry out is refused,
 * naming it, never ignored: the initiator asked for a behaviour and must not be left believing it got it.
 * The pauses for a debugger (PMIX_DEBUG_STOP_ON_EXEC, _IN_INIT, _IN_APP) are carried out as for a spawn
 * ({@code JobPause}).
 */
record LaunchDirectives(List<Info> directives) {
    /**
     * What the user's job carries out: placement, the map and bindings reports, its lifecycle events, the
     * pauses for a debugger.
     */
    private static final Set<String> CARRIED_OUT = Set.of(Attributes.MAPBY.key(), Attributes.RANKBY.key(),
            Attributes.BINDTO.key(), Attributes.DISPLAY_MAP.key(), Attributes.REPORT_BINDINGS.key(),
            Attributes.NOTIFY_JOB_EVENTS.key(), Attributes.NOTIFY_COMPLETION.key(),
            Attributes.DEBUG_STOP_ON_EXEC.key(), Attributes.DEBUG_STOP_IN_INIT.key(),
            Attributes.DEBUG_STOP_IN_APP.key());

    LaunchDirectives {
        directives = List.copyOf(directives);
    }

    static LaunchDirectives none() {
        return new LaunchDirectives(List.of());
    }

    /**
     * The directives for the user's job of {@code pmix4j run}.
     *
     * @throws LaunchException (PMIX_ERR_NOT_SUPPORTED) naming every directive the runtime does not carry out
     */
    List<Info> forUserJob() {
        List<String> refused = new ArrayList<>();
        for (Info i : directives) {
            if (!CARRIED_OUT.contains(i.key())) {
                refused.add(name(i.key()));
            }
        }
        if (!refused.isEmpty()) {
            throw new LaunchException(PmixStatus.name(PmixStatus.PMIX_ERR_NOT_SUPPORTED) + ": the initiator's launch"
                    + " directive" + (refused.size() > 1 ? "s " : " ") + String.join(", ", refused)
                    + (refused.size() > 1 ? " are" : " is") + " not supported by pmix4j run (it carries out "
                    + String.join(", ", CARRIED_OUT.stream().map(LaunchDirectives::name).sorted().toList()) + ")", 1);
        }
        return directives;
    }

    /**
     * For a persistent runtime: jobs come with their own directives (PMIx_Spawn), so launch directives for
     * the runtime itself are refused unless there are none.
     */
    void refuseForPersistentRuntime() {
        if (!directives.isEmpty()) {
            throw new LaunchException(PmixStatus.name(PmixStatus.PMIX_ERR_NOT_SUPPORTED) + ": pmix4j dvm takes no"
                    + " launch directives (given: " + String.join(", ", directives.stream().map(i -> name(i.key()))
                    .toList()) + "); give them with each PMIx_Spawn into it instead", 1);
        }
    }

    private static String name(String key) {
        return Attributes.forKey(key).map(Attribute::macroName).map(m -> m + " (" + key + ")").orElse(key);
    }
}
