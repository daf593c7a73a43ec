package org.pmix4j.server.regex;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.pmix4j.testkit.NativeBuild;
import org.pmix4j.testkit.Run;

/**
 * NodeRegex against the installed libpmix 4.2.2: {@code src/test/c/regex_gen.c} generates regexes with
 * PMIx_generate_regex / PMIx_generate_ppn and parses them with libpmix's own (exported, internal) parser.
 * Our parser must read libpmix's regexes as libpmix does and recover the original lists whenever
 * libpmix's output keeps them; our generator must produce libpmix's output in those cases, and libpmix
 * must read ours back to the original list always.
 */
class NodeRegexLibpmixTest {
    private static Path exe;

    @BeforeAll
    static void build() {
        exe = NativeBuild.pmixProgram(Path.of("src", "test", "c", "regex_gen.c"));
    }

    /** Runs the helper on the requests; one answer ("OK ..." / "ERR ...") per request. */
    private static List<String> ask(List<String> requests) {
        String in = String.join("\n", requests) + "\n";
        Run.Result r = Run.command(exe.toString()).env("PMIX_MCA_pmix_show_help", "0")
                .stdin(in.getBytes(StandardCharsets.UTF_8)).timeout(Duration.ofMinutes(2)).go();
        assertEquals(0, r.exitCode(), r.all());
        List<String> lines = r.stdout().lines().collect(Collectors.toList());
        assertEquals(requests.size(), lines.size(), r.all());
        return lines;
    }

    private static String ok(String answer) {
        assertTrue(answer.startsWith("OK "), answer);
        return answer.substring(3);
    }

    static List<String> nodeLists() {
        List<String> l = new ArrayList<>(List.of(
                "node01,node02,node03", "vm", "a1,a2,b7,c", "n001,n002,n010,n011", "node1,node2,node3,node5,node6",
                "host-1.example.com,host-2.example.com", "n1,n01,n001,n2", "n1a,n2a,n3b", "n1a,n2a,n3a,n5a",
                "123,124,125", "007,008,010", "0,1,2", "node7", "x1y2,x1y3,x1y4", "a1b2,a1b3", "n9,n10,n11,n12",
                "n10,n9,n8", "node1,node1,node1", "c1-ib,c2-ib,c3-ib", "r01n01,r01n02,r02n01", "A1,a1,A2",
                "node00,node0,node000", "x,y,z", "n2147483647", "n0", "ab12cd34", "gpu1,gpu2,cpu1,cpu2,gpu3",
                "a1,x-y,a2", "1,a1,2", "a1,b,a2"));
        // hundreds of nodes, with holes and several prefixes
        l.add(IntStream.range(1, 501).filter(i -> i % 7 != 0).mapToObj(i -> String.format("node%04d", i))
                .collect(Collectors.joining(",")));
        l.add(IntStream.range(0, 300).mapToObj(i -> (i % 3 == 0 ? "cn" : i % 3 == 1 ? "gn" : "io") + (i / 3))
                .collect(Collectors.joining(",")));
        Random rnd = new Random(7);
        for (int t = 0; t < 40; t++) {
            String[] pre = {"n", "node", "", "r1n", "q"};
            String[] suf = {"", "", "a", "b1"};
            l.add(IntStream.range(0, 1 + rnd.nextInt(60)).mapToObj(i -> pre[rnd.nextInt(pre.length)]
                    + String.format("%0" + (1 + rnd.nextInt(3)) + "d", rnd.nextInt(40)) + suf[rnd.nextInt(suf.length)])
                    .collect(Collectors.joining(",")));
        }
        return l;
    }

    static List<String> ppnLists() {
        List<String> l = new ArrayList<>(List.of("0,1,2,3;4,5,6,7", "0,1;2,3", "0", "0,2,4;1,3,5", "3,1,2;0",
                "5;4;3;2;1;0", "0,1,2,3,4,5,6,7,8,9;10,11,12,13,14,15,16", "0,1,2,5,6,7;3,4", "10,11,12;0,1,2,3,4,5"));
        // 100 nodes x 100 ranks, blocked and cyclic
        l.add(IntStream.range(0, 100).mapToObj(n -> IntStream.range(n * 100, n * 100 + 100).mapToObj(String::valueOf)
                .collect(Collectors.joining(","))).collect(Collectors.joining(";")));
        l.add(IntStream.range(0, 50).mapToObj(n -> IntStream.range(0, 20).mapToObj(k -> String.valueOf(n + 50 * k))
                .collect(Collectors.joining(","))).collect(Collectors.joining(";")));
        return l;
    }

    @Test
    void readsLibpmixNodeRegexesAsLibpmixDoes() {
        List<String> lists = nodeLists();
        List<String> gen = ask(lists.stream().map(s -> "N " + s).toList());
        List<String> libRegex = gen.stream().map(NodeRegexLibpmixTest::ok).toList();
        List<String> ours = lists.stream().map(NodeRegex::generateNodeRegex).toList();
        List<String> requests = new ArrayList<>();
        libRegex.forEach(r -> requests.add("n " + r));
        ours.forEach(r -> requests.add("n " + r));
        List<String> parsed = ask(requests);
        List<String> lossy = new ArrayList<>();
        for (int i = 0; i < lists.size(); i++) {
            List<String> original = List.of(lists.get(i).split(","));
            String lib = libRegex.get(i);
            List<String> libView = names(ok(parsed.get(i)));
            // 1. our parser agrees with libpmix's parser on libpmix's output
            assertEquals(libView, NodeRegex.parseNodes(lib), "parsing " + lib);
            if (libView.equals(original)) {
                // 2. where libpmix keeps the list, we generate exactly what it does
                assertEquals(lib, ours.get(i), "generating " + lists.get(i));
            } else {
                lossy.add(lists.get(i));
            }
            // 3. our regexes read back to the original, in our parser and in libpmix's
            assertEquals(original, NodeRegex.parseNodes(ours.get(i)), ours.get(i));
            assertEquals(original, names(ok(parsed.get(lists.size() + i))), "libpmix parsing " + ours.get(i));
        }
        // libpmix loses the order when a name without digits, with other characters, or without a prefix
        // lets a later name merge into an earlier item; every list it mangled is of that kind
        System.out.println("libpmix loses the order of " + lossy.size() + " of " + lists.size() + " lists, e.g. "
                + lossy.subList(0, Math.min(3, lossy.size())));
        assertTrue(lossy.containsAll(List.of("a1,x-y,a2", "1,a1,2", "a1,b,a2")), lossy.toString());
        for (String l : lossy) {
            assertTrue(Arrays.stream(l.split(",")).anyMatch(n -> !n.matches("[A-Za-z]+[0-9]+[A-Za-z0-9]*")), l);
        }
    }

    @Test
    void readsLibpmixProcMapsAsLibpmixDoes() {
        List<String> lists = ppnLists();
        List<String> libRegex = ask(lists.stream().map(s -> "P " + s).toList()).stream()
                .map(NodeRegexLibpmixTest::ok).toList();
        List<String> requests = new ArrayList<>();
        libRegex.forEach(r -> requests.add("p " + r));
        lists.forEach(s -> requests.add("p " + NodeRegex.generatePpn(s)));
        List<String> parsed = ask(requests);
        for (int i = 0; i < lists.size(); i++) {
            List<List<Integer>> original = NodeRegexTest.expand(lists.get(i));
            String lib = libRegex.get(i);
            assertEquals(lib, NodeRegex.generatePpn(lists.get(i)), "generating " + lists.get(i));
            assertEquals(original, NodeRegex.parseProcs(lib), "parsing " + lib);
            assertEquals(original, procs(ok(parsed.get(i))), "libpmix parsing " + lib);
            assertEquals(original, procs(ok(parsed.get(lists.size() + i))), "libpmix parsing ours");
        }
    }

    @Test
    void libpmixFactsFromTheBrief() {
        List<String> a = ask(List.of("N node01,node02,node03", "N vm", "N a1,a2,b7,c", "N n001,n002,n010,n011",
                "N node1,node2,node3,node5,node6", "N host-1.example.com,host-2.example.com", "P 0,1,2,3;4,5,6,7",
                "P 0,1;2,3"));
        assertEquals(List.of("OK pmix[node[2:1-3]]", "OK pmix[vm]", "OK pmix[a[1:1-2],b[1:7],c]",
                "OK pmix[n[3:1-2,10-11]]", "OK pmix[node[1:1-3,5-6]]",
                "OK pmix[host-1.example.com,host-2.example.com]", "OK pmix[0-3;4-7]", "OK raw:0,1;2,3"), a);
    }

    /** "count names": the helper's answer to an n request. */
    private static List<String> names(String answer) {
        int sp = answer.indexOf(' ');
        int count = Integer.parseInt(answer.substring(0, sp));
        List<String> l = count == 0 ? List.of() : List.of(answer.substring(sp + 1).split(",", -1));
        assertEquals(count, l.size(), answer);
        return l;
    }

    /** "count list;list": the helper's answer to a p request; libpmix keeps raw elements unexpanded. */
    private static List<List<Integer>> procs(String answer) {
        int sp = answer.indexOf(' ');
        int count = Integer.parseInt(answer.substring(0, sp));
        List<List<Integer>> l = NodeRegexTest.expand(answer.substring(sp + 1));
        assertEquals(count, l.size(), answer);
        return l;
    }

    @SuppressWarnings("unused")
    private static String show(List<?> l) {
        return Arrays.toString(l.toArray());
    }
}
