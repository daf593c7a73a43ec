package org.pmix4j.cli.top;

import java.util.ArrayList;
import java.util.List;
import org.pmix4j.runtime.json.Json;

/** A frame as one JSON document (docs/json.md, "top"). */
final class FrameJson {
    private FrameJson() {
    }

    static String of(TopFrame frame, String target) {
        List<Object> jobs = new ArrayList<>();
        for (TopFrame.Job j : frame.jobs()) {
            List<Object> procs = new ArrayList<>();
            for (TopFrame.Process p : j.processes()) {
                procs.add(Json.object().put("rank", p.rank()).put("pid", p.pid()).put("node", p.node())
                        .put("state", p.state()).put("executable", p.executable()).put("cpuPercent", round(p.cpuPercent(), 10))
                        .put("rssMB", round(p.rssMb(), 1000)).put("outputBytes", p.outputBytes())
                        .put("outputBytesPerSecond", round(p.outputRate(), 10)));
            }
            jobs.add(Json.object().put("nspace", j.nspace()).put("processes", procs));
        }
        List<Object> events = new ArrayList<>();
        for (TopFrame.EventLine e : frame.events()) {
            events.add(Json.object().put("time", e.at().toString()).put("event", e.event()).put("nspace", e.nspace())
                    .put("rank", e.rank()).put("text", e.text()));
        }
        return Json.object().put("type", "top").put("time", frame.at().toString()).put("target", target)
                .put("jobs", jobs).put("events", events).toString();
    }

    /** {@code d} to 1/{@code per} (a float's noise is no information), or null. */
    private static Double round(Double d, int per) {
        return d == null ? null : Math.round(d * per) / (double) per;
    }
}
