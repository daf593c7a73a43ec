package org.pmix4j.runtime.placement;

import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * The text form in which a node's topology travels between nodes (a daemon reports its node's to the
 * launcher): one line, fields separated by {@code |}:
 *
 * <pre>
 * topo1|allowed CPUs|cpu numbers known (1/0)|depth order|degradation or -|LEVEL=logical:os:cpus/…|…
 * </pre>
 *
 * CPU sets are in list syntax ({@code 0-3,8}); the degradation text is URL-encoded, so that no separator
 * of its own can break the line.
 */
final class TopologyCodec {
    private static final String VERSION = "topo1";

    private TopologyCodec() {
    }

    static String encode(NodeTopology t, Map<HwLevel, List<HwObject>> objects) {
        StringBuilder sb = new StringBuilder(VERSION);
        sb.append('|').append(t.allowed().toList());
        sb.append('|').append(t.cpuNumbersKnown() ? '1' : '0');
        sb.append('|').append(String.join(",", t.depthOrder().stream().map(Enum::name).toList()));
        sb.append('|').append(t.degradation().map(d -> URLEncoder.encode(d, StandardCharsets.UTF_8)).orElse("-"));
        for (HwLevel level : HwLevel.values()) {
            List<HwObject> list = objects.getOrDefault(level, List.of());
            if (list.isEmpty()) {
                continue;
            }
            List<String> items = new ArrayList<>();
            for (HwObject o : list) {
                items.add(o.logical() + ":" + o.os() + ":" + o.cpus().toList());
            }
            sb.append('|').append(level.name()).append('=').append(String.join("/", items));
        }
        return sb.toString();
    }

    static NodeTopology decode(String text) {
        String[] f = text.strip().split("\\|", -1);
        if (f.length < 5 || !f[0].equals(VERSION)) {
            throw new IllegalArgumentException("not an encoded node topology (expected " + VERSION
                    + "|allowed|known|depth|degradation|LEVEL=…): '" + abbreviate(text) + "'");
        }
        try {
            CpuSet allowed = CpuSet.parseList(f[1]);
            boolean known = switch (f[2]) {
                case "1" -> true;
                case "0" -> false;
                default -> throw new IllegalArgumentException("the cpu-numbers-known field is '" + f[2]
                        + "', not 1 or 0");
            };
            List<HwLevel> depth = new ArrayList<>();
            if (!f[3].isEmpty()) {
                for (String name : f[3].split(",")) {
                    depth.add(level(name));
                }
            }
            String degradation = f[4].equals("-") ? null : URLDecoder.decode(f[4], StandardCharsets.UTF_8);
            Map<HwLevel, List<HwObject>> objects = new EnumMap<>(HwLevel.class);
            for (int i = 5; i < f.length; i++) {
                int eq = f[i].indexOf('=');
                if (eq <= 0) {
                    throw new IllegalArgumentException("the level field '" + f[i] + "' is not LEVEL=objects");
                }
                HwLevel level = level(f[i].substring(0, eq));
                List<HwObject> list = new ArrayList<>();
                for (String item : f[i].substring(eq + 1).split("/")) {
                    String[] p = item.split(":", 3);
                    if (p.length != 3) {
                        throw new IllegalArgumentException("the " + level + " object '" + item
                                + "' is not logical:os:cpus");
                    }
                    int logical = Integer.parseInt(p[0]);
                    if (logical != list.size()) {
                        throw new IllegalArgumentException("the " + level + " objects are out of order at '" + item
                                + "'");
                    }
                    list.add(new HwObject(level, logical, Integer.parseInt(p[1]), CpuSet.parseList(p[2])));
                }
                objects.put(level, List.copyOf(list));
            }
            return NodeTopology.of(objects, depth, allowed, degradation, known);
        } catch (IllegalArgumentException e) {
            // NumberFormatException included
            throw new IllegalArgumentException("bad encoded node topology '" + abbreviate(text) + "': "
                    + e.getMessage(), e);
        }
    }

    private static HwLevel level(String name) {
        try {
            return HwLevel.valueOf(name);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("'" + name + "' is not a hardware level", e);
        }
    }

    private static String abbreviate(String text) {
        return text.length() <= 80 ? text : text.substring(0, 77) + "...";
    }
}
