package org.pmix4j.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;

/**
 * {@link Main} tells picocli not to register its converters for java.time and java.sql types (a front end's
 * start-up time): then no option or parameter of any command may have such a type, or its value could not be
 * converted.
 */
class ConverterExclusionTest {
    @Test
    void noOptionOfAnyCommandHasATypeWhoseConverterIsExcluded() {
        List<String> found = new ArrayList<>();
        visit(new CommandLine(new Main()), found);
        assertEquals(List.of(), found);
    }

    @Test
    void theExclusionCoversJavaTimeAndJavaSqlOnly() {
        Main.execute("version");
        String regex = System.getProperty(Main.CONVERTER_EXCLUDES);
        assertTrue("java.time.Duration".matches(regex), regex);
        assertTrue("java.sql.Time".matches(regex), regex);
        assertTrue(!"java.nio.file.Path".matches(regex) && !"java.time2.X".matches(regex), regex);
    }

    private static void visit(CommandLine cl, List<String> found) {
        for (ArgSpec a : cl.getCommandSpec().args()) {
            for (Class<?> t : types(a)) {
                if (t.getName().startsWith("java.time.") || t.getName().startsWith("java.sql.")) {
                    found.add(cl.getCommandName() + " " + a + ": " + t.getName());
                }
            }
        }
        cl.getSubcommands().values().forEach(sub -> visit(sub, found));
    }

    private static List<Class<?>> types(ArgSpec a) {
        List<Class<?>> all = new ArrayList<>(List.of(a.type()));
        all.addAll(List.of(a.auxiliaryTypes()));
        return all;
    }
}
