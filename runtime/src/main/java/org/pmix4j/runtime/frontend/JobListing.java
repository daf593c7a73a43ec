package org.pmix4j.runtime.frontend;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.DataArray;
import org.pmix4j.api.Info;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.ProcInfo;
import org.pmix4j.api.Query;
import org.pmix4j.api.Value;
import org.pmix4j.client.tool.PmixTool;
import org.pmix4j.runtime.LaunchException;
import org.pmix4j.runtime.json.Json;

/**
 * {@code pmix4j ps}: every job a DVM (or a {@code pmix4j run}) holds, with its processes and their states,
 * from the same queries any PMIx tool makes: PMIX_QUERY_NAMESPACES, then PMIX_QUERY_PROC_TABLE per job.
 */
public final class JobListing {
    private final Map<String, String> env;
    private final PrintStream out;

    public JobListing(Map<String, String> env, PrintStream out) {
        this.env = env;
        this.out = out;
    }

    /** Prints the table; returns 0. */
    public int run(DvmLocator where) {
        return run(where, false);
    }

    /**
     * Prints the table, or with {@code json} one JSON document (docs/json.md, "ps"): every job with its
     * processes. Returns 0.
     */
    public int run(DvmLocator where, boolean json) {
        try (PmixTool tool = where.connectAnyServer(env, "the DVM")) {
            if (json) {
                List<Object> jobs = new ArrayList<>();
                for (String ns : namespaces(tool)) {
                    List<Object> procs = new ArrayList<>();
                    for (ProcInfo p : processTable(tool, ns)) {
                        procs.add(processJson(p));
                    }
                    jobs.add(Json.object().put("nspace", ns).put("processes", procs));
                }
                out.println(Json.object().put("type", "ps").put("jobs", jobs));
                out.flush();
                return 0;
            }
            out.printf("%-30s %5s %8s  %-12s %-14s %s%n", "NSPACE", "RANK", "PID", "HOST", "STATE", "COMMAND");
            for (String ns : namespaces(tool)) {
                for (ProcInfo p : processTable(tool, ns)) {
                    out.printf("%-30s %5d %8d  %-12s %-14s %s%n", p.proc().nspace(), p.proc().rank(), p.pid(),
                            p.hostname(), p.state(), p.executable());
                }
            }
            out.flush();
            return 0;
        } catch (PmixException e) {
            throw new LaunchException("the DVM did not answer: " + e.getMessage(), 1);
        }
    }

    /** One process of a proctable as JSON: rank, pid, node, state, executable. */
    public static Json.Obj processJson(ProcInfo p) {
        return Json.object().put("rank", p.proc().rank()).put("pid", p.pid()).put("node", p.hostname())
                .put("state", p.state().label()).put("executable", p.executable());
    }

    /** PMIX_QUERY_NAMESPACES: the jobs the runtime runs. */
    public static List<String> namespaces(PmixTool tool) {
        for (Info i : tool.query(List.of(new Query(List.of(Attributes.QUERY_NAMESPACES.key()), List.of())))) {
            if (i.key().equals(Attributes.QUERY_NAMESPACES.key())) {
                String all = Attributes.QUERY_NAMESPACES.get(i.value());
                return all.isEmpty() ? List.of() : List.of(all.split(","));
            }
        }
        return List.of();
    }

    /** PMIX_QUERY_PROC_TABLE of one job; empty when it is gone. */
    public static List<ProcInfo> processTable(PmixTool tool, String nspace) {
        Query q = new Query(List.of(Attributes.QUERY_PROC_TABLE.key()), List.of(Attributes.NSPACE.info(nspace)));
        List<ProcInfo> table = new ArrayList<>();
        try {
            for (Info i : tool.query(List.of(q))) {
                if (i.key().equals(Attributes.QUERY_PROC_TABLE.key()) && i.value() instanceof DataArray a) {
                    for (Value v : a.elements()) {
                        if (v instanceof ProcInfo p) {
                            table.add(p);
                        }
                    }
                }
            }
        } catch (PmixException e) {
            // a job that ended between the two queries has no table any more
        }
        return table;
    }
}
