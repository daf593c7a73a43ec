package org.pmix4j.server.regex;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;

/**
 * The node and process-map regular expressions of PMIx: the equivalents of {@code PMIx_generate_regex} /
 * {@code PMIx_generate_ppn}, and parsers for what hosts pass as {@code PMIX_NODE_MAP} / {@code PMIX_PROC_MAP}.
 *
 * <p><b>Forms understood</b> (facts about libpmix 4.2.2, checked against it by {@code NodeRegexLibpmixTest}):
 * <ul>
 * <li>native, {@code pmix[item,item,...]} for nodes: an item is a plain name, or
 * {@code prefix[digits:ranges]suffix} standing for prefix + each number of the ranges zero-padded to
 * {@code digits} + suffix; ranges are {@code a} or {@code a-b} separated by commas. The prefix may be empty
 * (names that are all digits). {@code "node01,node02,node03"} is {@code pmix[node[2:1-3]]}.</li>
 * <li>native for process maps: {@code pmix[ranges;ranges;...]}, one group of ranks per node
 * ({@code pmix[0-3;4-7]}).</li>
 * <li>raw: {@code raw:} followed by the plain list.</li>
 * <li>a plain list: comma-separated node names, or semicolon-separated per-node rank lists whose elements
 * are ranks or {@code a-b} ranges.</li>
 * </ul>
 * Anything else (e.g. a compressed {@code blob:} regex, or another tool's syntax such as Slurm's
 * {@code node[01-04]}) is refused with {@link PmixStatus#PMIX_ERR_BAD_PARAM}, as are malformed expressions;
 * the message names the problem and its position (0-based index into the given string).
 *
 * <p><b>What we generate.</b> Node lists get the native form, built the way libpmix 4.2.2 builds it (a name
 * is split into a prefix of letters, a run of digits and a suffix; names containing anything but letters
 * and digits, or without digits, stay whole) except that we only ever merge a name into the item right
 * before it. libpmix may merge into an earlier item and thereby lose the order of the list (e.g.
 * {@code "a1,x-y,a2"} becomes {@code pmix[a[1:1-2],x-y]}); ours always reads back to the identical list,
 * and is identical to libpmix's output whenever libpmix's output is order-preserving. Names containing
 * {@code [} or {@code ]} get the raw form. Rank lists get the native form when it is not longer than the
 * input (libpmix's rule), else the raw form; unlike libpmix we merge input ranges correctly (libpmix turns
 * {@code "0-3,4-7,8-11,12-15"} into {@code pmix[0-4,8-12]}).
 *
 * <p>The class is stateless and thread-safe.
 */
public final class NodeRegex {
    /** The tag libpmix's native component writes. */
    public static final String NATIVE_PREFIX = "pmix[";
    /** The tag libpmix's raw component writes. */
    public static final String RAW_PREFIX = "raw:";
    /** Most names a node regex may expand to. */
    public static final int MAX_NODES = 1 << 24;
    /** Most ranks a process map may expand to. */
    public static final int MAX_RANKS = 1 << 27;
    /** Widest zero padding accepted in a native node item. */
    static final int MAX_DIGITS = 64;

    private NodeRegex() {
    }

    // ---- generation ----------------------------------------------------------------------------------

    /**
     * The regex for a comma-separated list of node names ({@code PMIx_generate_regex}). The names must be
     * non-empty; the order and any repetitions are kept.
     */
    public static String generateNodeRegex(String commaSeparatedNodes) {
        if (commaSeparatedNodes == null || commaSeparatedNodes.isEmpty()) {
            throw bad(commaSeparatedNodes, "the node list is empty", 0);
        }
        String in = commaSeparatedNodes;
        String[] names = splitKeepEmpty(in, ',');
        int at = 0;
        boolean rawOnly = false;
        for (String n : names) {
            if (n.isEmpty()) {
                throw bad(in, "empty node name", at);
            }
            if (n.indexOf('[') >= 0 || n.indexOf(']') >= 0) {
                rawOnly = true;
            }
            at += n.length() + 1;
        }
        if (rawOnly) {
            return RAW_PREFIX + in;
        }
        StringBuilder out = new StringBuilder(Math.min(in.length() + 8, 1 << 16)).append(NATIVE_PREFIX);
        // the item being built: prefix, suffix, digits and its ranges, or nothing
        String gPrefix = null;
        String gSuffix = null;
        int gDigits = -1;
        long rStart = -1;
        long rEnd = -1;
        boolean first = true;
        boolean inRanges = false;
        for (String n : names) {
            Split s = split(n);
            if (s != null && inRanges && s.prefix.equals(gPrefix) && s.suffix.equals(gSuffix)
                    && s.digits == gDigits) {
                if (s.value == rEnd + 1) {
                    rEnd = s.value;
                } else {
                    appendRange(out, rStart, rEnd).append(',');
                    rStart = rEnd = s.value;
                }
                continue;
            }
            if (inRanges) {
                appendRange(out, rStart, rEnd).append(']').append(gSuffix);
                inRanges = false;
            }
            if (!first) {
                out.append(',');
            }
            first = false;
            if (s == null) {
                out.append(n);
            } else {
                gPrefix = s.prefix;
                gSuffix = s.suffix;
                gDigits = s.digits;
                rStart = rEnd = s.value;
                inRanges = true;
                out.append(s.prefix).append('[').append(s.digits).append(':');
            }
        }
        if (inRanges) {
            appendRange(out, rStart, rEnd).append(']').append(gSuffix);
        }
        return out.append(']').toString();
    }

    /**
     * The regex for a process map ({@code PMIx_generate_ppn}): per node a comma-separated list of ranks
     * (or {@code a-b} ranges), nodes separated by semicolons, in the order of the node list.
     */
    public static String generatePpn(String semicolonSeparatedRankLists) {
        String in = semicolonSeparatedRankLists;
        if (in == null || in.isEmpty()) {
            throw bad(in, "the process map is empty", 0);
        }
        // validate and collect the ranges of every node
        StringBuilder out = new StringBuilder(Math.min(in.length() + 8, 1 << 16)).append(NATIVE_PREFIX);
        int pos = 0;
        int len = in.length();
        boolean firstNode = true;
        while (true) {
            int end = in.indexOf(';', pos);
            if (end < 0) {
                end = len;
            }
            if (end == pos) {
                throw bad(in, "a node without ranks", pos);
            }
            if (!firstNode) {
                out.append(';');
            }
            firstNode = false;
            long rStart = -1;
            long rEnd = -1;
            boolean firstRange = true;
            int p = pos;
            while (p <= end) {
                int e = indexOf(in, ',', p, end);
                long[] r = parseRange(in, p, e);
                if (rStart >= 0 && r[0] == rEnd + 1) {
                    rEnd = r[1];
                } else {
                    if (rStart >= 0) {
                        if (!firstRange) {
                            out.append(',');
                        }
                        appendRange(out, rStart, rEnd);
                        firstRange = false;
                    }
                    rStart = r[0];
                    rEnd = r[1];
                }
                p = e + 1;
            }
            if (!firstRange) {
                out.append(',');
            }
            appendRange(out, rStart, rEnd);
            if (end == len) {
                break;
            }
            pos = end + 1;
            if (pos == len) {
                throw bad(in, "a node without ranks", pos);
            }
        }
        out.append(']');
        return out.length() > in.length() ? RAW_PREFIX + in : out.toString();
    }

    // ---- parsing -------------------------------------------------------------------------------------

    /** The node names of a node regex, in order (see the class comment for the forms accepted). */
    public static List<String> parseNodes(String regex) {
        if (regex == null || regex.isEmpty()) {
            throw bad(regex, "the node regex is empty", 0);
        }
        List<String> names = new ArrayList<>();
        if (regex.startsWith(NATIVE_PREFIX)) {
            parseNativeNodes(regex, names);
        } else if (regex.startsWith(RAW_PREFIX)) {
            parsePlainNodes(regex, RAW_PREFIX.length(), names);
        } else {
            checkNotOtherSyntax(regex);
            parsePlainNodes(regex, 0, names);
        }
        return Collections.unmodifiableList(names);
    }

    /** The ranks on each node of a process-map regex, in node order (see the class comment). */
    public static List<List<Integer>> parseProcs(String regex) {
        int[][] nodes = parseProcsCompact(regex);
        List<List<Integer>> out = new ArrayList<>(nodes.length);
        for (int[] ranks : nodes) {
            Integer[] boxed = new Integer[ranks.length];
            for (int i = 0; i < ranks.length; i++) {
                boxed[i] = ranks[i];
            }
            out.add(List.of(boxed));
        }
        return Collections.unmodifiableList(out);
    }

    /** Like {@link #parseProcs} without boxing: one array of ranks per node. */
    public static int[][] parseProcsCompact(String regex) {
        if (regex == null || regex.isEmpty()) {
            throw bad(regex, "the process map is empty", 0);
        }
        int from;
        int to;
        if (regex.startsWith(NATIVE_PREFIX)) {
            if (!regex.endsWith("]")) {
                throw bad(regex, "a native regex must end with ']'", regex.length());
            }
            from = NATIVE_PREFIX.length();
            to = regex.length() - 1;
        } else if (regex.startsWith(RAW_PREFIX)) {
            from = RAW_PREFIX.length();
            to = regex.length();
        } else {
            checkNotOtherSyntax(regex);
            from = 0;
            to = regex.length();
        }
        if (from == to) {
            throw bad(regex, "no nodes in the process map", from);
        }
        List<int[]> nodes = new ArrayList<>();
        long total = 0;
        int pos = from;
        while (true) {
            int end = indexOf(regex, ';', pos, to);
            if (end == pos) {
                throw bad(regex, "a node without ranks", pos);
            }
            IntList ranks = new IntList();
            int p = pos;
            while (p <= end) {
                int e = indexOf(regex, ',', p, end);
                long[] r = parseRange(regex, p, e);
                total += r[1] - r[0] + 1;
                if (total > MAX_RANKS) {
                    throw bad(regex, "the map expands to more than " + MAX_RANKS + " ranks", p);
                }
                for (long v = r[0]; v <= r[1]; v++) {
                    ranks.add((int) v);
                }
                p = e + 1;
            }
            nodes.add(ranks.toArray());
            if (end == to) {
                break;
            }
            pos = end + 1;
            if (pos == to) {
                throw bad(regex, "a node without ranks", pos);
            }
        }
        return nodes.toArray(new int[0][]);
    }

    // ---- helpers -------------------------------------------------------------------------------------

    /** A name cut as libpmix's native generator cuts it, or null when it must stay whole. */
    private record Split(String prefix, int digits, long value, String suffix) {
    }

    private static Split split(String n) {
        int len = n.length();
        int i = 0;
        while (i < len && isLetter(n.charAt(i))) {
            i++;
        }
        if (i == len || !isDigit(n.charAt(i))) {
            return null; // no digits, or a character that is neither letter nor digit
        }
        int start = i;
        while (i < len && isDigit(n.charAt(i))) {
            i++;
        }
        int digits = i - start;
        for (int k = i; k < len; k++) {
            char c = n.charAt(k);
            if (!isLetter(c) && !isDigit(c)) {
                return null;
            }
        }
        if (digits > 10) {
            return null;
        }
        long value = Long.parseLong(n, start, i, 10);
        if (value > Integer.MAX_VALUE) {
            return null; // libpmix keeps the number in an int
        }
        return new Split(n.substring(0, start), digits, value, n.substring(i));
    }

    private static boolean isLetter(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    private static StringBuilder appendRange(StringBuilder out, long start, long end) {
        out.append(start);
        if (end != start) {
            out.append('-').append(end);
        }
        return out;
    }

    private static void parseNativeNodes(String regex, List<String> names) {
        int len = regex.length();
        if (!regex.endsWith("]")) {
            throw bad(regex, "a native regex must end with ']'", len);
        }
        int end = len - 1;
        int p = NATIVE_PREFIX.length();
        if (p == end) {
            throw bad(regex, "no nodes in the regex", p);
        }
        StringBuilder name = new StringBuilder();
        while (true) {
            int itemStart = p;
            while (p < end && regex.charAt(p) != '[' && regex.charAt(p) != ',') {
                if (regex.charAt(p) == ']') {
                    throw bad(regex, "unexpected ']'", p);
                }
                p++;
            }
            if (p < end && regex.charAt(p) == '[') {
                String prefix = regex.substring(itemStart, p);
                p++;
                int digitsStart = p;
                while (p < end && isDigit(regex.charAt(p))) {
                    p++;
                }
                if (p == digitsStart || p >= end || regex.charAt(p) != ':') {
                    throw bad(regex, "expected the number of digits and ':' after '['", p);
                }
                if (p - digitsStart > 3 || Integer.parseInt(regex, digitsStart, p, 10) > MAX_DIGITS) {
                    throw bad(regex, "padding wider than " + MAX_DIGITS + " digits", digitsStart);
                }
                int digits = Integer.parseInt(regex, digitsStart, p, 10);
                p++;
                int rangesStart = p;
                int close = regex.indexOf(']', p);
                if (close < 0 || close >= end) {
                    throw bad(regex, "the range list opened at position " + (itemStart + prefix.length())
                            + " is not closed", end);
                }
                int suffixEnd = indexOf(regex, ',', close + 1, end);
                for (int k = close + 1; k < suffixEnd; k++) {
                    char c = regex.charAt(k);
                    if (c == '[' || c == ']') {
                        throw bad(regex, "unexpected '" + c + "' in a suffix", k);
                    }
                }
                String suffix = regex.substring(close + 1, suffixEnd);
                if (rangesStart == close) {
                    throw bad(regex, "empty range list", rangesStart);
                }
                int q = rangesStart;
                while (q <= close) {
                    int e = indexOf(regex, ',', q, close);
                    long[] r = parseRange(regex, q, e);
                    if ((long) names.size() + (r[1] - r[0] + 1) > MAX_NODES) {
                        throw bad(regex, "the regex expands to more than " + MAX_NODES + " names", q);
                    }
                    for (long v = r[0]; v <= r[1]; v++) {
                        name.setLength(0);
                        name.append(prefix);
                        String num = Long.toString(v);
                        for (int z = num.length(); z < digits; z++) {
                            name.append('0');
                        }
                        names.add(name.append(num).append(suffix).toString());
                    }
                    q = e + 1;
                }
                p = suffixEnd;
            } else {
                if (p == itemStart) {
                    throw bad(regex, "empty node name", p);
                }
                if (names.size() >= MAX_NODES) {
                    throw bad(regex, "the regex expands to more than " + MAX_NODES + " names", itemStart);
                }
                names.add(regex.substring(itemStart, p));
            }
            if (p == end) {
                return;
            }
            p++; // the comma
            if (p == end) {
                throw bad(regex, "empty node name", p);
            }
        }
    }

    private static void parsePlainNodes(String regex, int from, List<String> names) {
        int len = regex.length();
        if (from == len) {
            throw bad(regex, "no nodes in the list", from);
        }
        int p = from;
        while (true) {
            int e = indexOf(regex, ',', p, len);
            if (e == p) {
                throw bad(regex, "empty node name", p);
            }
            if (names.size() >= MAX_NODES) {
                throw bad(regex, "the list has more than " + MAX_NODES + " names", p);
            }
            names.add(regex.substring(p, e));
            if (e == len) {
                return;
            }
            p = e + 1;
            if (p == len) {
                throw bad(regex, "empty node name", p);
            }
        }
    }

    /** A plain list must not look like some other tool's regex, which we would silently misread. */
    private static void checkNotOtherSyntax(String regex) {
        if (regex.startsWith("blob:")) {
            throw bad(regex, "compressed (blob:) regexes are not supported; libpmix 4.2.2 never produces them",
                    0);
        }
        for (int i = 0; i < regex.length(); i++) {
            char c = regex.charAt(i);
            if (c == '[' || c == ']') {
                throw bad(regex, "'" + c + "' in a plain list: not a regex form pmix4j understands (pmix[...],"
                        + " raw:... or a plain list)", i);
            }
        }
    }

    /** A rank or node number {@code a} or a range {@code a-b} in {@code s[from, to)}: {start, end}. */
    private static long[] parseRange(String s, int from, int to) {
        if (from == to) {
            throw bad(s, "empty element", from);
        }
        int dash = indexOf(s, '-', from, to);
        long a = parseNumber(s, from, dash);
        long b = a;
        if (dash < to) {
            b = parseNumber(s, dash + 1, to);
            if (b < a) {
                throw bad(s, "range " + a + "-" + b + " runs backwards", from);
            }
        }
        return new long[] {a, b};
    }

    private static long parseNumber(String s, int from, int to) {
        if (from == to) {
            throw bad(s, "expected a number", from);
        }
        for (int i = from; i < to; i++) {
            if (!isDigit(s.charAt(i))) {
                throw bad(s, "unexpected '" + s.charAt(i) + "' where a number was expected", i);
            }
        }
        int first = from;
        while (first < to - 1 && s.charAt(first) == '0') {
            first++;
        }
        if (to - first > 10 || Long.parseLong(s, first, to, 10) > Integer.MAX_VALUE) {
            throw bad(s, "number " + s.substring(from, to) + " is too large (limit " + Integer.MAX_VALUE + ")",
                    from);
        }
        return Long.parseLong(s, first, to, 10);
    }

    private static int indexOf(String s, char c, int from, int to) {
        for (int i = from; i < to; i++) {
            if (s.charAt(i) == c) {
                return i;
            }
        }
        return to;
    }

    private static String[] splitKeepEmpty(String s, char sep) {
        List<String> parts = new ArrayList<>();
        int p = 0;
        while (true) {
            int e = s.indexOf(sep, p);
            if (e < 0) {
                parts.add(s.substring(p));
                return parts.toArray(new String[0]);
            }
            parts.add(s.substring(p, e));
            p = e + 1;
        }
    }

    private static PmixException bad(String regex, String problem, int position) {
        String where;
        if (regex == null) {
            where = "null";
        } else if (regex.length() <= 80) {
            where = "'" + regex + "'";
        } else {
            int from = Math.max(0, position - 20);
            int to = Math.min(regex.length(), position + 20);
            where = "of " + regex.length() + " characters, near '" + (from > 0 ? "..." : "")
                    + regex.substring(from, to) + (to < regex.length() ? "..." : "") + "'";
        }
        return new PmixException(PmixStatus.PMIX_ERR_BAD_PARAM, "regex " + where + ": " + problem + " at position "
                + position);
    }

    /** A growable int array. */
    private static final class IntList {
        private int[] a = new int[8];
        private int n;

        void add(int v) {
            if (n == a.length) {
                a = Arrays.copyOf(a, n * 2);
            }
            a[n++] = v;
        }

        int[] toArray() {
            return Arrays.copyOf(a, n);
        }
    }
}
