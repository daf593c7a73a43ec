package org.pmix4j.runtime.frontend;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.DataArray;
import org.pmix4j.api.Info;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.ProcStats;
import org.pmix4j.api.Query;
import org.pmix4j.api.Value;
import org.pmix4j.client.tool.PmixTool;

/**
 * pmix4j's query for the resource use of a job's processes, which {@code pmix4j top} makes of a DVM or a
 * {@code pmix4j run}. PMIx 4 has a data type for a process's statistics (PMIX_PROC_STATS,
 * pmix_proc_stats_t) but no standard query key that returns them per process (PMIX_QUERY_MEMORY_USAGE is
 * the daemons' and an average of the clients'), so the key is ours and the values are the standard type.
 *
 * <p>The answer to {@link #KEY} (qualifier PMIX_NSPACE) is a DATA_ARRAY with one row per process, each an
 * array of infos: PMIX_RANK, {@link #STATS} (a PMIX_PROC_STATS, for the processes on the runtime's own
 * node only: the others' are not sampled) and {@link #OUTPUT_BYTES} (UINT64: the bytes of stdout and
 * stderr the runtime forwarded from it so far).
 */
public final class ProcessStatsQuery {
    public static final String KEY = "pmix4j.qry.pstats";
    public static final String STATS = "pmix4j.pstats";
    public static final String OUTPUT_BYTES = "pmix4j.iof.bytes";

    /** What the runtime answered about one process: its statistics ({@code null}: not sampled) and output. */
    public record Row(int rank, ProcStats stats, long outputBytes) {
    }

    private ProcessStatsQuery() {
    }

    /** One row of the answer (the runtime's side). */
    public static Value row(int rank, ProcStats stats, long outputBytes) {
        List<Info> fields = new ArrayList<>();
        fields.add(Attributes.RANK.info(rank));
        if (stats != null) {
            fields.add(Info.of(STATS, stats));
        }
        fields.add(Info.of(OUTPUT_BYTES, new Value.UInt64(outputBytes)));
        return DataArray.ofInfos(fields);
    }

    /** Asks the runtime about job {@code nspace}; by rank. Empty when the runtime does not answer it. */
    public static Map<Integer, Row> ask(PmixTool tool, String nspace) {
        Map<Integer, Row> out = new LinkedHashMap<>();
        List<Info> answer;
        try {
            answer = tool.query(List.of(new Query(List.of(KEY), List.of(Attributes.NSPACE.info(nspace)))));
        } catch (PmixException e) {
            return out;
        }
        for (Info i : answer) {
            if (!i.key().equals(KEY) || !(i.value() instanceof DataArray rows)) {
                continue;
            }
            for (Value v : rows.elements()) {
                if (v instanceof DataArray fields) {
                    Row r = read(fields.infos());
                    if (r != null) {
                        out.put(r.rank(), r);
                    }
                }
            }
        }
        return out;
    }

    private static Row read(List<Info> fields) {
        Integer rank = Attributes.RANK.find(fields).orElse(null);
        if (rank == null) {
            return null;
        }
        ProcStats stats = null;
        long bytes = 0;
        for (Info f : fields) {
            if (f.key().equals(STATS) && f.value() instanceof ProcStats s) {
                stats = s;
            } else if (f.key().equals(OUTPUT_BYTES) && f.value() instanceof Value.UInt64 n) {
                bytes = n.value();
            }
        }
        return new Row(rank, stats, bytes);
    }
}
