package org.pmix4j.cli.top;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.jline.terminal.Attributes;
import org.jline.terminal.Size;
import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;
import org.jline.utils.AttributedString;
import org.jline.utils.Display;
import org.jline.utils.InfoCmp.Capability;
import org.jline.utils.NonBlockingReader;

/**
 * {@code pmix4j top} in a terminal: takes the terminal over (the alternate screen, raw input, no cursor),
 * redraws the frame in place every {@code delay} (JLine's Display writes only what changed, with the
 * terminal's own capabilities from terminfo), and gives the terminal back as it was on q, Q or Ctrl-C.
 */
final class LiveView {
    private static final int READ_EXPIRED = -2;

    private final TopSampler sampler;
    private final String target;
    private final long delayMillis;

    LiveView(TopSampler sampler, String target, long delayMillis) {
        this.sampler = sampler;
        this.target = target;
        this.delayMillis = delayMillis;
    }

    /** Runs until the user quits; returns 0. */
    int run() throws IOException {
        try (Terminal terminal = TerminalBuilder.builder().system(true).build()) {
            if (Terminal.TYPE_DUMB.equals(terminal.getType()) || Terminal.TYPE_DUMB_COLOR.equals(terminal.getType())) {
                throw new IllegalArgumentException("the terminal (" + terminal.getType() + ") cannot show a live view;"
                        + " use --once or -n N");
            }
            Attributes saved = terminal.enterRawMode();
            terminal.puts(Capability.enter_ca_mode);
            terminal.puts(Capability.cursor_invisible);
            terminal.flush();
            Display display = new Display(terminal, true);
            NonBlockingReader keys = terminal.reader();
            try {
                while (true) {
                    Size size = terminal.getSize();
                    int rows = size.getRows() > 0 ? size.getRows() : 24;
                    int cols = size.getColumns() > 0 ? size.getColumns() : 80;
                    display.resize(rows, cols);
                    List<AttributedString> lines = new ArrayList<>();
                    // one column short of the width: a character in the last column would wrap on some terminals
                    for (String l : FrameText.lines(sampler.sample(), target, cols - 1, rows)) {
                        lines.add(new AttributedString(l));
                    }
                    display.update(lines, 0);
                    terminal.flush();
                    if (quit(keys)) {
                        return 0;
                    }
                }
            } finally {
                terminal.puts(Capability.cursor_visible);
                terminal.puts(Capability.exit_ca_mode);
                terminal.setAttributes(saved);
                terminal.flush();
            }
        }
    }

    /** Waits up to the delay for a key; whether it was one that quits. */
    private boolean quit(NonBlockingReader keys) throws IOException {
        long until = System.currentTimeMillis() + delayMillis;
        while (true) {
            long left = until - System.currentTimeMillis();
            if (left <= 0) {
                return false;
            }
            int c = keys.read(left);
            if (c == 'q' || c == 'Q' || c == 3 || c == -1) {
                return true;
            }
            if (c == READ_EXPIRED) {
                return false;
            }
        }
    }
}
