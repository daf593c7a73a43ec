package org.pmix4j.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Compares {@link Attributes} and {@link EnvVars} with the attribute macros of the libpmix headers installed
 * on this machine (found through pkg-config), so that a missing or misspelt key cannot go unnoticed.
 */
class AttributesHeaderTest {
    private static List<PmixHeaders.StringDefine> allDefines() {
        List<PmixHeaders.StringDefine> defs = new ArrayList<>(PmixHeaders.stringDefines("pmix_common.h"));
        defs.addAll(PmixHeaders.stringDefines("pmix_deprecated.h"));
        return defs;
    }

    /** The rule of {@link EnvVars}: a string macro whose value is its own name names an environment variable. */
    private static boolean isEnvVar(PmixHeaders.StringDefine d) {
        return d.value().equals(d.name());
    }

    @Test
    void everyHeaderAttributeIsPresentWithTheSameKey() {
        List<PmixHeaders.StringDefine> defs = allDefines();
        assertTrue(defs.size() > 400, "parsed only " + defs.size() + " string macros from the headers");
        List<String> problems = new ArrayList<>();
        for (PmixHeaders.StringDefine d : defs) {
            if (isEnvVar(d)) {
                String v = EnvVars.all().get(d.name());
                if (!d.value().equals(v)) {
                    problems.add(d.file() + ":" + d.line() + " " + d.name() + " \"" + d.value()
                            + "\" is an environment variable name but EnvVars has " + v);
                }
                continue;
            }
            Optional<Attribute<?>> a = Attributes.forMacro(d.name());
            if (a.isEmpty()) {
                problems.add(d.file() + ":" + d.line() + " " + d.name() + " \"" + d.value() + "\" is missing");
            } else if (!a.get().key().equals(d.value())) {
                problems.add(d.file() + ":" + d.line() + " " + d.name() + " has key \"" + d.value()
                        + "\" in the header but \"" + a.get().key() + "\" in Attributes");
            } else if (!a.get().inLibpmix()) {
                problems.add(d.name() + " is in the header but Attributes says libpmix lacks it");
            }
        }
        if (!problems.isEmpty()) {
            fail(problems.size() + " header attribute(s) not matched by Attributes/EnvVars:\n  "
                    + String.join("\n  ", problems));
        }
    }

    @Test
    void nothingClaimsToBeInLibpmixWithoutBeingInTheHeader() {
        Set<String> inHeader = new HashSet<>();
        for (PmixHeaders.StringDefine d : allDefines()) {
            inHeader.add(d.name());
        }
        List<String> extra = new ArrayList<>();
        for (Attribute<?> a : Attributes.all()) {
            if (a.inLibpmix() && !inHeader.contains(a.macroName())) {
                extra.add(a.macroName());
            }
        }
        assertEquals(List.of(), extra, "attributes marked inLibpmix() that the installed headers do not define");
        for (String env : EnvVars.all().keySet()) {
            assertTrue(inHeader.contains(env), env + " is not a macro of the installed pmix_common.h");
        }
    }

    @Test
    void headerDeprecationsAreMarked() {
        List<String> notMarked = new ArrayList<>();
        for (PmixHeaders.StringDefine d : allDefines()) {
            boolean deprecatedInHeader = d.file().equals("pmix_deprecated.h") || d.comment().contains("DEPRECATED");
            if (deprecatedInHeader && !isEnvVar(d)) {
                Attribute<?> a = Attributes.forMacro(d.name()).orElseThrow();
                if (!a.deprecated()) {
                    notMarked.add(d.name());
                }
            }
        }
        assertEquals(List.of(), notMarked, "deprecated in the header but not in Attributes");
    }

    @Test
    void theEnvironmentVariablesAreTheThreeKnownOnes() {
        List<String> env = new ArrayList<>();
        for (PmixHeaders.StringDefine d : allDefines()) {
            if (isEnvVar(d)) {
                env.add(d.name());
            } else {
                assertTrue(d.value().startsWith("pmix."), d.name() + " has a key outside the pmix. name space: "
                        + d.value() + " (decide whether it is an attribute or an environment variable)");
            }
        }
        assertEquals(Set.copyOf(env), EnvVars.all().keySet());
        assertEquals("PMIX_KEEPALIVE_PIPE", EnvVars.KEEPALIVE_PIPE);
    }
}
