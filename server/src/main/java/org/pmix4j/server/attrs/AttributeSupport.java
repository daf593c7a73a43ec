package org.pmix4j.server.attrs;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.pmix4j.api.Attribute;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.DataArray;
import org.pmix4j.api.DataType;
import org.pmix4j.api.Info;
import org.pmix4j.api.AttributeDescription;
import org.pmix4j.api.Value;

/**
 * What PMIX_QUERY_ATTRIBUTE_SUPPORT reports: for the server library and for the host environment, the
 * functions each supports and, per function, the attributes it honours (PMIx_Register_attributes fills
 * the host's part). libpmix's server answers these queries itself, without the host, and so does this one.
 *
 * <p>Answer shapes, per qualifier of the query:
 * <ul>
 * <li>PMIX_SERVER_FUNCTIONS / PMIX_HOST_FUNCTIONS: an info with that key and the comma-separated function
 * names, as the Standard describes and as libpmix's {@code pattrs} reads it (libpmix's server nests it in
 * a {@code pmix.qry.attrs} array, which {@code pattrs} then misreads);</li>
 * <li>PMIX_SERVER_ATTRIBUTES / PMIX_HOST_ATTRIBUTES with a comma-separated list of functions (or "all"):
 * an info {@code pmix.qry.attrs} holding an array of infos, one per function found, each an array of
 * PMIX_REGATTR (macro name, key, type, description), as libpmix's server builds it.</li>
 * </ul>
 * Client and tool attributes are their libraries' to answer (a libpmix client never sends those).
 */
public final class AttributeSupport {
    /** Whose functions: the server library's, or the host environment's. */
    public enum Level {
        SERVER, HOST
    }

    /** The longest line of an attribute's description. */
    static final int DESCRIPTION_WIDTH = 50;

    private final Map<Level, Map<String, List<Attribute<?>>>> functions = new LinkedHashMap<>();

    public AttributeSupport() {
        for (Level l : Level.values()) {
            functions.put(l, new LinkedHashMap<>());
        }
    }

    /** Declares that {@code function} is supported at {@code level} and honours {@code attributes}. */
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

    /** Whether a query is for attribute support (libpmix looks at its first key only). */
    public static boolean isAttributeQuery(List<String> keys) {
        return !keys.isEmpty() && keys.get(0).equals(Attributes.QUERY_ATTRIBUTE_SUPPORT.key());
    }

    /** The answer to one attribute-support query, from its qualifiers; empty when nothing matched. */
    public synchronized List<Info> answer(List<Info> qualifiers) {
        List<Info> out = new ArrayList<>();
        List<Value> perFunction = new ArrayList<>();
        for (Info q : qualifiers) {
            String key = q.key();
            if (key.equals(Attributes.SERVER_FUNCTIONS.key())) {
                names(Level.SERVER, key, out);
            } else if (key.equals(Attributes.HOST_FUNCTIONS.key())) {
                names(Level.HOST, key, out);
            } else if (key.equals(Attributes.SERVER_ATTRIBUTES.key())) {
                attributes(Level.SERVER, wanted(q), perFunction);
            } else if (key.equals(Attributes.HOST_ATTRIBUTES.key())) {
                attributes(Level.HOST, wanted(q), perFunction);
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
