package org.pmix4j.cli.examples;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Info;
import org.pmix4j.api.IofChannel;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.Proc;
import org.pmix4j.api.Query;
import org.pmix4j.client.tool.PmixTool;

/**
 * A Java tool for the tests against pmix4j run: connects by the attributes its arguments name
 * ({@code pid=N nspace=NS uri=URI tcpuri=URI file=PATH system systemfirst toolns=NS}), prints its identity
 * and server, the namespaces the server runs, and with {@code iof} the first forwarded output line of the
 * job. On a PMIx failure prints {@code TOOL ERROR <status> <message>} and exits 3.
 */
public final class ToolJob {
    public static void main(String[] args) throws Exception {
        List<Info> init = new ArrayList<>();
        boolean iof = false;
        for (String a : args) {
            int eq = a.indexOf('=');
            String k = eq < 0 ? a : a.substring(0, eq);
            String v = eq < 0 ? null : a.substring(eq + 1);
            switch (k) {
                case "pid" -> init.add(Attributes.SERVER_PIDINFO.info(Integer.parseInt(v)));
                case "nspace" -> init.add(Attributes.SERVER_NSPACE.info(v));
                case "uri" -> init.add(Attributes.SERVER_URI.info(v));
                case "tcpuri" -> init.add(Attributes.TCP_URI.info(v));
                case "file" -> init.add(Attributes.TOOL_ATTACHMENT_FILE.info(v));
                case "system" -> init.add(Attributes.CONNECT_TO_SYSTEM.info(true));
                case "systemfirst" -> init.add(Attributes.CONNECT_SYSTEM_FIRST.info(true));
                case "toolns" -> init.add(Attributes.TOOL_NSPACE.info(v));
                case "iof" -> iof = true;
                default -> throw new IllegalArgumentException("unknown argument " + a);
            }
        }
        try (PmixTool tool = PmixTool.init(init)) {
            System.out.println("TOOL self=" + tool.self() + " server=" + tool.server().orElse(null));
            String ns = "";
            for (Info i : tool.query(List.of(new Query(List.of(Attributes.QUERY_NAMESPACES.key()), List.of())))) {
                ns = Attributes.QUERY_NAMESPACES.get(i.value());
            }
            System.out.println("TOOL namespaces=" + ns);
            if (iof) {
                CountDownLatch got = new CountDownLatch(1);
                tool.iofPull(List.of(Proc.wildcard(ns.split(",")[0])), IofChannel.STDOUT, List.of(), out -> {
                    System.out.println("TOOL iof " + out.source() + " " + out.text().strip());
                    got.countDown();
                });
                System.out.println("TOOL iof " + (got.await(20, TimeUnit.SECONDS) ? "received" : "nothing"));
            }
        } catch (PmixException e) {
            System.out.println("TOOL ERROR " + e.statusName() + " " + e.detail());
            System.out.flush();
            System.exit(3);
        }
    }
}
