package org.pmix4j.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * MCA parameters as mpirun and prterun take them, and where each goes:
 * <ul>
 * <li>{@code --mca NAME VALUE} (also {@code --gmca}, {@code --omca}): Open MPI's, given to the processes as
 * {@code OMPI_MCA_NAME=VALUE} in their environment, which is how mpirun hands them over;</li>
 * <li>{@code --pmixmca NAME VALUE}: the PMIx library's in the processes, as {@code PMIX_MCA_NAME=VALUE};</li>
 * <li>{@code --prtemca NAME VALUE}: the runtime's own. pmix4j is not PRRTE: the few that say something pmix4j
 * has an option for are applied as that option ({@link #RUNTIME}), the others are ignored with a notice.</li>
 * </ul>
 * mpirun 4.1 also reads its runtime's (ORTE's) parameters from {@code --mca}: those in {@link #RUNTIME} are
 * applied as well as being passed on (the man page's {@code -mca rmaps seq} maps by the hostfile's order).
 */
final class McaParameters {
    /**
     * Runtime parameters (ORTE's and PRRTE's names) that say what one of our options says: name to the option
     * it becomes. A mapping value keeps the runtime's spelling: it is read as that option's value.
     */
    static final Map<String, String> RUNTIME = Map.ofEntries(
            Map.entry("rmaps", "--map-by"),
            Map.entry("rmaps_base_mapping_policy", "--map-by"),
            Map.entry("rmaps_default_mapping_policy", "--map-by"),
            Map.entry("rmaps_base_ranking_policy", "--rank-by"),
            Map.entry("rmaps_default_ranking_policy", "--rank-by"),
            Map.entry("hwloc_base_binding_policy", "--bind-to"),
            Map.entry("hwloc_default_binding_policy", "--bind-to"),
            Map.entry("plm_rsh_agent", "--launch-agent"),
            Map.entry("plm_ssh_agent", "--launch-agent"),
            Map.entry("routed_radix", "--tree-radix"));

    private McaParameters() {
    }

    /** {@code NAME VALUE} pairs (a flattened arity-2 option) as environment variables with {@code prefix}. */
    static Map<String, String> environment(String option, List<String> pairs, String prefix) {
        Map<String, String> env = new LinkedHashMap<>();
        for (int i = 0; i + 1 < pairs.size(); i += 2) {
            env.put(prefix + checkedName(option, pairs.get(i)), pairs.get(i + 1));
        }
        return env;
    }

    private static String checkedName(String option, String name) {
        if (name.isEmpty() || !name.matches("[A-Za-z0-9_^]+")) {
            throw new IllegalArgumentException(option + " '" + name + "': an MCA parameter's name is letters, digits"
                    + " and '_'");
        }
        return name;
    }

    /**
     * The runtime parameters among {@code pairs} that one of our options expresses, as that option and its
     * value ({@code rmaps seq} maps by sequence: {@code --map-by seq}).
     */
    static List<String[]> runtimeOptions(List<String> pairs) {
        List<String[]> out = new ArrayList<>();
        for (int i = 0; i + 1 < pairs.size(); i += 2) {
            String option = RUNTIME.get(pairs.get(i));
            if (option != null) {
                out.add(new String[] {option, pairs.get(i + 1)});
            }
        }
        return out;
    }

    /**
     * The parameters of {@code --tune} files (comma-separated), in either form: PRRTE's {@code name = value}
     * lines, or Open MPI 4.1's lines of {@code -x NAME[=VALUE]} and {@code --mca NAME VALUE} options. Blank
     * lines and lines starting with '#' are skipped.
     *
     * @return the files' {@code --mca} pairs and {@code -x} words, in their order
     */
    static Tuned readTuneFiles(String files) {
        List<String> mca = new ArrayList<>();
        List<String> exports = new ArrayList<>();
        for (String f : files.split(",")) {
            List<String> lines;
            try {
                lines = Files.readAllLines(Path.of(f.strip()));
            } catch (IOException e) {
                throw new IllegalArgumentException("--tune " + f + ": cannot read it (" + e.getMessage() + ")");
            }
            int n = 0;
            for (String raw : lines) {
                n++;
                String line = raw.strip();
                if (line.isEmpty() || line.startsWith("#")) {
                    continue;
                }
                if (line.startsWith("-")) {
                    readOptions(f, n, line.split("\\s+"), mca, exports);
                } else {
                    int eq = line.indexOf('=');
                    if (eq <= 0) {
                        throw new IllegalArgumentException("--tune " + f + " line " + n + ": expected 'name = value'"
                                + " or mpirun options, found '" + line + "'");
                    }
                    mca.add(line.substring(0, eq).strip());
                    mca.add(line.substring(eq + 1).strip());
                }
            }
        }
        return new Tuned(mca, exports);
    }

    private static void readOptions(String file, int lineNo, String[] words, List<String> mca, List<String> exports) {
        for (int i = 0; i < words.length; i++) {
            String w = words[i];
            if (w.equals("-x") && i + 1 < words.length) {
                exports.add(words[++i]);
            } else if ((w.equals("--mca") || w.equals("-mca")) && i + 2 < words.length) {
                mca.add(words[++i]);
                mca.add(words[++i]);
            } else {
                throw new IllegalArgumentException("--tune " + file + " line " + lineNo + ": '" + w + "' is not one of"
                        + " the options a tune file may hold (-x NAME[=VALUE], --mca NAME VALUE)");
            }
        }
    }

    /** What tune files hold: MCA pairs (name, value, name, value ...) and -x words. */
    record Tuned(List<String> mca, List<String> exports) {
    }
}
