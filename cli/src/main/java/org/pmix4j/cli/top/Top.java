package org.pmix4j.cli.top;

import java.io.IOException;
import java.io.PrintStream;
import org.pmix4j.client.tool.PmixTool;

/**
 * {@code pmix4j top} once connected: either the live view, or {@code frames} frames printed one after the
 * other (text, or one JSON document per frame) for scripts and tests.
 */
public final class Top {
    private Top() {
    }

    /**
     * @param frames how many frames to print without taking the terminal over; 0 for the live view
     * @return the exit status, 0
     */
    public static int run(PmixTool tool, String target, int frames, boolean json, long delayMillis, PrintStream out)
            throws IOException {
        EventPane events = new EventPane();
        events.register(tool);
        TopSampler sampler = new TopSampler(tool, events);
        if (frames == 0) {
            return new LiveView(sampler, target, delayMillis).run();
        }
        for (int i = 0; i < frames; i++) {
            if (i > 0) {
                try {
                    Thread.sleep(delayMillis);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return 1;
                }
            }
            TopFrame frame = sampler.sample();
            if (json) {
                out.println(FrameJson.of(frame, target));
            } else {
                FrameText.lines(frame, target, 0, 0).forEach(out::println);
                if (i + 1 < frames) {
                    out.println();
                }
            }
            out.flush();
        }
        return 0;
    }
}
