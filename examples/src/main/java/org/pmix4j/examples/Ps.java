package org.pmix4j.examples;

import java.util.ArrayList;
import java.util.List;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.DataArray;
import org.pmix4j.api.Info;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.ProcInfo;
import org.pmix4j.api.Query;
import org.pmix4j.api.Value;
import org.pmix4j.client.tool.PmixTool;

/**
 * ps: a tool that lists the processes of a running job. It attaches to a launcher's PMIx server — by pid,
 * by namespace, by URI, or whatever server it finds — asks for the namespaces it runs and for each one's
 * process table:
 *
 * <pre>
 *   bin/pmix4j run -n 2 sleep 60 &amp;
 *   bin/pmix4j example ps --pid $!
 *   NSPACE                 RANK      PID  HOST  STATE    COMMAND
 *   pmix4j-vm-4242@1          0     4250  vm    RUNNING  /usr/bin/sleep
 * </pre>
 *
 * Options: {@code --pid N}, {@code --server-nspace NS}, {@code --uri URI} choose the server;
 * {@code --job NS} lists one job only.
 */
public final class Ps {
    public static void main(String[] args) {
        List<Info> init = new ArrayList<>();
        String job = null;
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            String v = i + 1 < args.length ? args[i + 1] : null;
            switch (a) {
                case "--pid" -> init.add(Attributes.SERVER_PIDINFO.info(Integer.parseInt(need(a, v))));
                case "--server-nspace" -> init.add(Attributes.SERVER_NSPACE.info(need(a, v)));
                case "--uri" -> init.add(Attributes.SERVER_URI.info(need(a, v)));
                case "--job" -> job = need(a, v);
                default -> {
                    System.err.println("ps: unknown option " + a + " (use --pid N, --server-nspace NS, --uri URI,"
                            + " --job NS)");
                    System.exit(2);
                }
            }
            i++;
        }
        try (PmixTool tool = PmixTool.init(init)) {
            List<String> jobs = job != null ? List.of(job) : namespaces(tool);
            System.out.printf("%-28s %5s %8s  %-10s %-12s %s%n", "NSPACE", "RANK", "PID", "HOST", "STATE", "COMMAND");
            for (String ns : jobs) {
                for (ProcInfo p : processTable(tool, ns)) {
                    System.out.printf("%-28s %5d %8d  %-10s %-12s %s%n", p.proc().nspace(), p.proc().rank(), p.pid(),
                            p.hostname(), p.state(), p.executable());
                }
            }
        } catch (PmixException e) {
            System.err.println("ps: " + e.getMessage());
            System.exit(1);
        }
    }

    private static String need(String option, String value) {
        if (value == null) {
            System.err.println("ps: " + option + " needs a value");
            System.exit(2);
        }
        return value;
    }

    /** The namespaces the server runs (PMIX_QUERY_NAMESPACES, a comma-separated list). */
    private static List<String> namespaces(PmixTool tool) {
        for (Info i : tool.query(List.of(new Query(List.of(Attributes.QUERY_NAMESPACES.key()), List.of())))) {
            if (i.key().equals(Attributes.QUERY_NAMESPACES.key())) {
                return List.of(Attributes.QUERY_NAMESPACES.get(i.value()).split(","));
            }
        }
        return List.of();
    }

    /** The process table of one namespace (PMIX_QUERY_PROC_TABLE, qualified by PMIX_NSPACE). */
    private static List<ProcInfo> processTable(PmixTool tool, String nspace) {
        Query q = new Query(List.of(Attributes.QUERY_PROC_TABLE.key()), List.of(Attributes.NSPACE.info(nspace)));
        List<ProcInfo> out = new ArrayList<>();
        for (Info i : tool.query(List.of(q))) {
            if (i.key().equals(Attributes.QUERY_PROC_TABLE.key()) && i.value() instanceof DataArray a) {
                for (Value v : a.elements()) {
                    if (v instanceof ProcInfo p) {
                        out.add(p);
                    }
                }
            }
        }
        return out;
    }
}
