package org.pmix4j.cli.top;

import java.time.LocalTime;
import java.time.ZoneId;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;

/**
 * A frame as text lines for a terminal of a given size: a title, the process table (job by job) and, below,
 * the event pane with the latest events. What does not fit is cut: lines at the width, table rows so that
 * the event pane keeps at least a few lines.
 */
final class FrameText {
    static final String HEADER = String.format("%-28s %5s %8s %-12s %-14s %6s %8s %10s  %s", "NSPACE", "RANK", "PID",
            "NODE", "STATE", "%CPU", "RSS(MB)", "OUT(B/s)", "COMMAND");
    private static final int EVENT_LINES = 6;

    private FrameText() {
    }

    /** The frame's lines, at most {@code height} (0: no limit), each at most {@code width} (0: no limit). */
    static List<String> lines(TopFrame frame, String target, int width, int height) {
        List<String> table = new ArrayList<>();
        int procs = 0;
        for (TopFrame.Job j : frame.jobs()) {
            for (TopFrame.Process p : j.processes()) {
                procs++;
                table.add(String.format("%-28s %5d %8d %-12s %-14s %6s %8s %10s  %s", j.nspace(), p.rank(), p.pid(),
                        p.node(), p.state(), number(p.cpuPercent()), number(p.rssMb()), number(p.outputRate()),
                        p.executable()));
            }
        }
        List<String> out = new ArrayList<>();
        out.add("pmix4j top - " + target + " - " + LocalTime.ofInstant(frame.at(), ZoneId.systemDefault())
                .truncatedTo(ChronoUnit.SECONDS) + " - " + frame.jobs().size() + (frame.jobs().size() == 1 ? " job, "
                : " jobs, ") + procs + (procs == 1 ? " process" : " processes") + "   (q: quit)");
        out.add("");
        out.add(HEADER);
        List<String> events = new ArrayList<>();
        for (TopFrame.EventLine e : frame.events()) {
            events.add(LocalTime.ofInstant(e.at(), ZoneId.systemDefault()).truncatedTo(ChronoUnit.SECONDS) + "  "
                    + e.event() + "  " + e.text());
        }
        int room = height <= 0 ? Integer.MAX_VALUE : height - out.size() - 2 - Math.min(EVENT_LINES,
                Math.max(1, events.size()));
        if (table.size() > room) {
            int hidden = table.size() - Math.max(0, room - 1);
            table = new ArrayList<>(table.subList(0, Math.max(0, room - 1)));
            table.add("... " + hidden + " more");
        }
        out.addAll(table);
        out.add("");
        out.add("EVENTS");
        int eventRoom = height <= 0 ? events.size() : Math.max(1, height - out.size());
        if (events.isEmpty()) {
            out.add("(none yet)");
        } else {
            out.addAll(events.subList(Math.max(0, events.size() - eventRoom), events.size()));
        }
        if (width > 0) {
            out.replaceAll(l -> l.length() > width ? l.substring(0, width) : l);
        }
        return height > 0 && out.size() > height ? out.subList(0, height) : out;
    }

    private static String number(Double d) {
        return d == null ? "-" : String.format("%.1f", d);
    }
}
