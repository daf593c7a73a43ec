package org.pmix4j.server.regex;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;

/** NodeRegex on its own: libpmix's known outputs, round trips, and malformed input. */
class NodeRegexTest {

    /** Outputs of libpmix 4.2.2's PMIx_generate_regex, obtained by running it. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "node01,node02,node03 | pmix[node[2:1-3]]",
        "vm | pmix[vm]",
        "a1,a2,b7,c | pmix[a[1:1-2],b[1:7],c]",
        "n001,n002,n010,n011 | pmix[n[3:1-2,10-11]]",
        "node1,node2,node3,node5,node6 | pmix[node[1:1-3,5-6]]",
        "host-1.example.com,host-2.example.com | pmix[host-1.example.com,host-2.example.com]",
        "123,124,125 | pmix[[3:123-125]]",
        "n1a,n2a,n3b | pmix[n[1:1-2]a,n[1:3]b]",
        "n1,n01,n001,n2 | pmix[n[1:1],n[2:1],n[3:1],n[1:2]]",
        "n9,n10,n11 | pmix[n[1:9],n[2:10-11]]",
        "node1,node1 | pmix[node[1:1,1]]",
        "a1b2,a1b3 | pmix[a[1:1]b2,a[1:1]b3]",
    })
    void generatesWhatLibpmixGenerates(String nodes, String regex) {
        assertEquals(regex, NodeRegex.generateNodeRegex(nodes));
        assertEquals(List.of(nodes.split(",")), NodeRegex.parseNodes(regex));
    }

    /** Outputs of libpmix 4.2.2's PMIx_generate_ppn. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "0,1,2,3;4,5,6,7 | pmix[0-3;4-7]",
        "0,1;2,3 | raw:0,1;2,3",
        "3,2,1,0;4 | raw:3,2,1,0;4",
        "0-3;4-7 | raw:0-3;4-7",
        "0,1,2,3,4,5,6,7,8,9;10,11,12,13,14,15,16 | pmix[0-9;10-16]",
    })
    void generatesWhatLibpmixGeneratesForPpn(String ppn, String regex) {
        assertEquals(regex, NodeRegex.generatePpn(ppn));
        assertEquals(expand(ppn), NodeRegex.parseProcs(regex));
    }

    @Test
    void keepsTheOrderWhereLibpmixLosesIt() {
        // libpmix: pmix[a[1:1-2],x-y], pmix[[1:1-2],a[1:1]], pmix[a[1:1-2],b]
        for (String l : List.of("a1,x-y,a2", "1,a1,2", "a1,b,a2")) {
            String r = NodeRegex.generateNodeRegex(l);
            assertEquals(List.of(l.split(",")), NodeRegex.parseNodes(r), r);
        }
        assertEquals("pmix[a[1:1],x-y,a[1:2]]", NodeRegex.generateNodeRegex("a1,x-y,a2"));
        // libpmix merges input ranges wrongly: pmix[0-4,8-12]
        assertEquals("pmix[0-15]", NodeRegex.generatePpn("0-3,4-7,8-11,12-15"));
    }

    @Test
    void numbersTooLargeForLibpmixStayWhole() {
        String r = NodeRegex.generateNodeRegex("12345678901,12345678902,node2147483647,node2147483648");
        assertEquals("pmix[12345678901,12345678902,node[10:2147483647],node2147483648]", r);
        assertEquals(List.of("12345678901", "12345678902", "node2147483647", "node2147483648"),
                NodeRegex.parseNodes(r));
    }

    @Test
    void namesWithBracketsUseTheRawForm() {
        assertEquals("raw:a[1],b", NodeRegex.generateNodeRegex("a[1],b"));
        assertEquals(List.of("a[1]", "b"), NodeRegex.parseNodes("raw:a[1],b"));
    }

    @Test
    void acceptsRawAndPlainLists() {
        assertEquals(List.of("n1", "n2", "x"), NodeRegex.parseNodes("raw:n1,n2,x"));
        assertEquals(List.of("n1", "n2", "x"), NodeRegex.parseNodes("n1,n2,x"));
        assertEquals(List.of("vm"), NodeRegex.parseNodes("vm"));
        assertEquals(List.of(List.of(0, 1), List.of(2, 3)), NodeRegex.parseProcs("raw:0,1;2,3"));
        assertEquals(List.of(List.of(0, 1), List.of(2, 3)), NodeRegex.parseProcs("0,1;2,3"));
        assertEquals(List.of(List.of(1, 2, 3, 4), List.of(2, 3, 4, 5), List.of(8, 10, 11, 12), List.of(6, 7, 9)),
                NodeRegex.parseProcs("1-4;2-5;8,10,11,12;6,7,9"));
        assertArrayEquals(new int[][] {{0, 1, 2}, {5}}, NodeRegex.parseProcsCompact("pmix[0-2;5]"));
    }

    @Test
    void roundTripsRandomLists() {
        Random rnd = new Random(42);
        String[] prefixes = {"n", "node", "cn", "r1n", "", "gpu-", "x.y", "A"};
        String[] suffixes = {"", "", "", "a", "ib", "-ib0", ".local"};
        for (int t = 0; t < 500; t++) {
            int count = 1 + rnd.nextInt(t < 450 ? 20 : 800);
            List<String> names = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                String p = prefixes[rnd.nextInt(prefixes.length)];
                String s = suffixes[rnd.nextInt(suffixes.length)];
                int digits = 1 + rnd.nextInt(5);
                String num = String.format("%0" + digits + "d", rnd.nextInt(t % 2 == 0 ? 30 : 100000));
                names.add(p + num + s);
            }
            if (t % 3 == 0) {
                names.sort(null);
            }
            String in = String.join(",", names);
            String r = NodeRegex.generateNodeRegex(in);
            assertEquals(names, NodeRegex.parseNodes(r), in + " -> " + r);

            List<List<Integer>> procs = new ArrayList<>();
            int rank = 0;
            int nodes = 1 + rnd.nextInt(30);
            List<Integer> all = new ArrayList<>();
            for (int i = 0; i < nodes * (1 + rnd.nextInt(8)); i++) {
                all.add(rank++);
            }
            if (t % 2 == 1) {
                java.util.Collections.shuffle(all, rnd);
            }
            for (int n = 0; n < nodes; n++) {
                procs.add(new ArrayList<>());
            }
            for (int i = 0; i < all.size(); i++) {
                procs.get(t % 4 == 0 ? i % nodes : Math.min(nodes - 1, i * nodes / all.size())).add(all.get(i));
            }
            String ppn = procs.stream().map(l -> l.stream().map(String::valueOf).collect(Collectors.joining(",")))
                    .collect(Collectors.joining(";"));
            String pr = NodeRegex.generatePpn(ppn);
            assertEquals(procs, NodeRegex.parseProcs(pr), ppn + " -> " + pr);
            assertTrue(pr.length() <= ppn.length() + 4, pr);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "pmix[", "pmix[]", "pmix[a,b", "pmix[a,,b]", "pmix[,a]", "pmix[a,]", "pmix[n[2:1-3]",
        "pmix[n[:1-3]]", "pmix[n[2;1-3]]", "pmix[n[2:]]", "pmix[n[2:3-1]]", "pmix[n[2:1-x]]", "pmix[n[2:1,]]",
        "pmix[n[2:1]x[y]", "pmix[a]b]", "raw:", "raw:a,,b", "a,,b", ",", "node[01-04]", "blob:\u0000x",
        "pmix[n[999:1]]", "pmix[n[2:1-99999999999]]"})
    void rejectsMalformedNodeRegexes(String bad) {
        PmixException e = assertThrows(PmixException.class, () -> NodeRegex.parseNodes(bad));
        assertEquals(PmixStatus.PMIX_ERR_BAD_PARAM, e.status());
        assertTrue(e.getMessage().contains("at position"), e.getMessage());
    }

    @Test
    void namesTheProblemAndThePosition() {
        PmixException e = assertThrows(PmixException.class, () -> NodeRegex.parseNodes("pmix[n[2:1-x]]"));
        assertTrue(e.getMessage().contains("unexpected 'x' where a number was expected at position 11"),
                e.getMessage());
        e = assertThrows(PmixException.class, () -> NodeRegex.parseProcs("pmix[0-3;;4]"));
        assertTrue(e.getMessage().contains("a node without ranks at position 9"), e.getMessage());
        e = assertThrows(PmixException.class, () -> NodeRegex.parseNodes("node[01-04]"));
        assertTrue(e.getMessage().contains("at position 4"), e.getMessage());
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "pmix[]", "pmix[0-3;;4]", "pmix[0-3;4", "pmix[;]", "0,,1", "0;", ";0", "0;1;",
        "raw:", "raw:0;a", "0-", "-1", "3-1", "0,1;2,x", "99999999999", "2147483648", "0-2147483647;x"})
    void rejectsMalformedProcRegexes(String bad) {
        PmixException e = assertThrows(PmixException.class, () -> NodeRegex.parseProcs(bad));
        assertEquals(PmixStatus.PMIX_ERR_BAD_PARAM, e.status());
        assertTrue(e.getMessage().contains("at position"), e.getMessage());
    }

    @Test
    void refusesHugeExpansions() {
        PmixException e = assertThrows(PmixException.class, () -> NodeRegex.parseProcs("pmix[0-2147483646]"));
        assertTrue(e.getMessage().contains("more than"), e.getMessage());
        e = assertThrows(PmixException.class, () -> NodeRegex.parseNodes("pmix[n[1:0-2000000000]]"));
        assertTrue(e.getMessage().contains("more than"), e.getMessage());
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "a,,b", ",a", "a,"})
    void refusesEmptyNodeNamesWhenGenerating(String bad) {
        assertEquals(PmixStatus.PMIX_ERR_BAD_PARAM,
                assertThrows(PmixException.class, () -> NodeRegex.generateNodeRegex(bad)).status());
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "0;;1", "0,1;", "a", "0,-1", "3-1", "0,,1"})
    void refusesBadRankListsWhenGenerating(String bad) {
        assertEquals(PmixStatus.PMIX_ERR_BAD_PARAM,
                assertThrows(PmixException.class, () -> NodeRegex.generatePpn(bad)).status());
    }

    static List<List<Integer>> expand(String ppn) {
        List<List<Integer>> out = new ArrayList<>();
        for (String node : ppn.split(";")) {
            List<Integer> l = new ArrayList<>();
            for (String e : node.split(",")) {
                String[] ab = e.split("-");
                int a = Integer.parseInt(ab[0]);
                int b = ab.length > 1 ? Integer.parseInt(ab[1]) : a;
                for (int r = a; r <= b; r++) {
                    l.add(r);
                }
            }
            out.add(l);
        }
        return out;
    }

    static String join(int[] a) {
        return Arrays.stream(a).mapToObj(String::valueOf).collect(Collectors.joining(","));
    }
}
