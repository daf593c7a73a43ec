package org.pmix4j.runtime.json;

import java.util.List;
import org.pmix4j.api.Info;
import org.pmix4j.api.Value;

/**
 * Whether a job's reports ({@code --display map}, the bindings, the failure summary) are printed as JSON
 * lines: {@code pmix4j run --json} and {@code pmix4j prun --json} mark the job with the directive
 * {@link #KEY} (a pmix4j key, not required: a runtime that does not know it prints text), so that a DVM
 * answers a prun in the form the prun asked for.
 */
public final class JsonReports {
    public static final String KEY = "pmix4j.reports.json";

    private JsonReports() {
    }

    /** The directive for a job whose reports are JSON lines, or none. */
    public static List<Info> directives(boolean json) {
        return json ? List.of(Info.of(KEY, Value.of(true))) : List.of();
    }

    /** Whether the job's directives ask for JSON reports. */
    public static boolean wanted(List<Info> directives) {
        for (Info i : directives) {
            if (i.key().equals(KEY) && i.value() instanceof Value.Bool b) {
                return b.value();
            }
        }
        return false;
    }
}
