package org.pmix4j.runtime;

import java.util.ArrayList;
import java.util.List;
import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * SIGINT, SIGTERM and SIGHUP stop every job in order (SIGTERM, then SIGKILL after a grace period); a
 * second SIGINT kills them at once. Installed for the duration of a run; the JVM's handlers come back
 * afterwards. (A JVM started with SIGINT ignored, as background jobs of non-interactive shells are, keeps
 * ignoring it: that is the JVM's rule, and the same as for any program started with nohup.)
 */
final class Signals {
    private final Rte rte;
    private final List<Signal> signals = new ArrayList<>();
    private final List<SignalHandler> previous = new ArrayList<>();
    private int interrupts;

    private Signals(Rte rte) {
        this.rte = rte;
    }

    static Signals install(Rte rte) {
        Signals s = new Signals(rte);
        s.on("INT", 2);
        s.on("TERM", 15);
        s.on("HUP", 1);
        return s;
    }

    private void on(String name, int number) {
        Signal sig = new Signal(name);
        signals.add(sig);
        previous.add(Signal.handle(sig, x -> caught(name, number)));
    }

    private synchronized void caught(String name, int number) {
        if (name.equals("INT") && ++interrupts > 1) {
            rte.io().err().println("pmix4j run: second SIGINT, killing the job now");
            rte.killAll();
            return;
        }
        rte.io().err().println("pmix4j run: caught SIG" + name + ", stopping the job"
                + (name.equals("INT") ? " (press Ctrl-C again to kill it at once)" : ""));
        rte.interrupt(name, number);
    }

    void uninstall() {
        for (int i = 0; i < signals.size(); i++) {
            Signal.handle(signals.get(i), previous.get(i));
        }
    }
}
