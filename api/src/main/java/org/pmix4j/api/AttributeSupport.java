package org.pmix4j.api;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What PMIX_QUERY_ATTRIBUTE_SUPPORT reports: for a library (server, client, tool) and for the host
 * environment, the functions each supports and, per function, the attributes it honours (PMIx_Register_attributes
 * fills the host's part). libpmix answers these queries where the library is: its server for the server's and
 * the host's, its client and tool libraries for their own, without asking anyone; so does pmix4j (the server,
 * and the client library for CLIENT and TOOL qualifiers).
 *
 * <p>Answer shapes, per qualifier of the query:
 * <ul>
 * <li>PMIX_SERVER_FUNCTIONS / PMIX_HOST_FUNCTIONS / PMIX_CLIENT_FUNCTIONS / PMIX_TOOL_FUNCTIONS: an info with that
 * key and the comma-separated function names, as the Standard describes and as libpmix's {@code pattrs} reads it
 * (libpmix's server nests it in a {@code pmix.qry.attrs} array, which {@code pattrs} then misreads);</li>
 * <li>PMIX_SERVER_ATTRIBUTES / PMIX_HOST_ATTRIBUTES / PMIX_CLIENT_ATTRIBUTES / PMIX_TOOL_ATTRIBUTES with a
 * comma-separated list of functions (or "all"): an info {@code pmix.qry.attrs} holding an array of infos, one
 * per function found, each an array of PMIX_REGATTR (macro name, key, type, description), as libpmix's server
 * builds it.</li>
 * </ul>
 */
public final class AttributeSupport {
    /** Whose functions: the server library's, the host environment's, the client or tool library's. */
    public enum Level {
        /** The server library's own (pmix4j's server, as libpmix's server answers for itself). */
        SERVER(Attributes.SERVER_FUNCTIONS, Attributes.SERVER_ATTRIBUTES),
        /** The host environment's: what the resource manager registered with PMIx_Register_attributes. */
        HOST(Attributes.HOST_FUNCTIONS, Attributes.HOST_ATTRIBUTES),
        /** The client library's. */
        CLIENT(Attributes.CLIENT_FUNCTIONS, Attributes.CLIENT_ATTRIBUTES),
        /** The tool library's. */
        TOOL(Attributes.TOOL_FUNCTIONS, Attributes.TOOL_ATTRIBUTES);

        private final Attribute<?> functions;
        private final Attribute<?> attributes;

        Level(Attribute<?> functions, Attribute<?> attributes) {
            this.functions = functions;
            this.attributes = attributes;
        }

        /**
         * The level a qualifier asks about (its functions or their attributes), or {@code null}.
         *
         * @param qualifier a query qualifier's key, e.g. {@code Attributes.HOST_FUNCTIONS.key()}
         * @return the level, or {@code null} for a key that names none
         */
        public static Level of(String qualifier) {
            for (Level l : values()) {
                if (l.functions.key().equals(qualifier) || l.attributes.key().equals(qualifier)) {
                    return l;
                }
            }
            return null;
        }
    }

    /** The longest line of an attribute's description. */
    static final int DESCRIPTION_WIDTH = 50;

    private final Map<Level, Map<String, List<Attribute<?>>>> functions = new LinkedHashMap<>();

    /**
     * A registry with no functions at any level.
     */
    public AttributeSupport() {
        for (Level l : Level.values()) {
            functions.put(l, new LinkedHashMap<>());
        }
    }

    /**
     * Declares that {@code function} is supported at {@code level} and honours {@code attributes}.
     *
     * @param level whose function it is
     * @param function the PMIx function's name, e.g. {@code PMIx_Spawn}
     * @param attributes the attributes it honours (added to those registered before)
     */
    public synchronized void register(Level level, String function, List<Attribute<?>> attributes) {
        if (function == null || function.isBlank()) {
            throw new IllegalArgumentException("an attribute registration needs the name of a function");
        }
        functions.get(level).merge(function, List.copyOf(attributes), (a, b) -> {
            List<Attribute<?>> all = new ArrayList<>(a);
            b.stream().filter(x -> !all.contains(x)).forEach(all::add);
            return List.copyOf(all);
        });
    }

    /**
     * Whether a query is for attribute support (libpmix looks at its first key only).
     *
     * @param keys a query's keys
     * @return whether it asks PMIX_QUERY_ATTRIBUTE_SUPPORT
     */
    public static boolean isAttributeQuery(List<String> keys) {
        return !keys.isEmpty() && keys.get(0).equals(Attributes.QUERY_ATTRIBUTE_SUPPORT.key());
    }

    /**
     * The answer to one attribute-support query, from its qualifiers; empty when nothing matched.
     *
     * @param qualifiers the query's qualifiers
     * @return the answer's infos
     */
    public synchronized List<Info> answer(List<Info> qualifiers) {
        List<Info> out = new ArrayList<>();
        List<Value> perFunction = new ArrayList<>();
        for (Info q : qualifiers) {
            String key = q.key();
            Level level = Level.of(key);
            if (level == null) {
                continue;
            }
            if (key.equals(level.functions.key())) {
                names(level, key, out);
            } else {
                attributes(level, wanted(q), perFunction);
            }
        }
        if (!perFunction.isEmpty()) {
            out.add(Info.of(Attributes.QUERY_ATTRIBUTE_SUPPORT.key(), new DataArray(DataType.INFO, perFunction)));
        }
        return out;
    }

    private void names(Level level, String key, List<Info> out) {
        if (!functions.get(level).isEmpty()) {
            out.add(Info.of(key, Value.of(String.join(",", functions.get(level).keySet()))));
        }
    }

    private void attributes(Level level, List<String> wanted, List<Value> out) {
        functions.get(level).forEach((function, attrs) -> {
            // a function without attributes is listed among the functions only, as in libpmix
            if (!attrs.isEmpty() && (wanted.contains("all") || wanted.contains(function))) {
                List<Value> regs = new ArrayList<>(attrs.size());
                for (Attribute<?> a : attrs) {
                    regs.add(new AttributeDescription(a.macroName(), a.key(), a.type().code(), wrap(a.meaning())));
                }
                out.add(Info.of(function, new DataArray(DataType.REGATTR, regs)));
            }
        });
    }

    /**
     * A description as lines of at most {@value #DESCRIPTION_WIDTH} characters, broken between words:
     * libpmix's descriptions are short lines, and its {@code pattrs} copies each line into a fixed column
     * of 54 characters without checking the length (a longer line overflows its buffer and kills it).
     */
    static List<String> wrap(String text) {
        List<String> lines = new ArrayList<>();
        StringBuilder line = new StringBuilder();
        for (String word : text.trim().split("\\s+")) {
            while (word.length() > DESCRIPTION_WIDTH) {
                if (line.length() > 0) {
                    lines.add(line.toString());
                    line.setLength(0);
                }
                lines.add(word.substring(0, DESCRIPTION_WIDTH));
                word = word.substring(DESCRIPTION_WIDTH);
            }
            if (line.length() > 0 && line.length() + 1 + word.length() > DESCRIPTION_WIDTH) {
                lines.add(line.toString());
                line.setLength(0);
            }
            if (!word.isEmpty()) {
                line.append(line.length() > 0 ? " " : "").append(word);
            }
        }
        if (line.length() > 0 || lines.isEmpty()) {
            lines.add(line.toString());
        }
        return lines;
    }

    /** The functions a *_ATTRIBUTES qualifier names: a comma-separated string; anything else means all. */
    private static List<String> wanted(Info q) {
        if (q.value() instanceof Value.Str s && s.value() != null && !s.value().isBlank()) {
            return List.of(s.value().split(","));
        }
        return List.of("all");
    }
}
