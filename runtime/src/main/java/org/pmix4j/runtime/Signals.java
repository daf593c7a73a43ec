package org.pmix4j.runtime;

import java.util.ArrayList;
import java.util.List;
import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * SIGINT, SIGTERM and SIGHUP stop the job in order; a second SIGINT kills it at once. Installed for the
 * duration of a run; the JVM's own handlers come back afterwards.
 */
final class Signals {
    private final Job job;
    private final List<Signal> signals = new ArrayList<>();
    private final List<SignalHandler> previous = new ArrayList<>();
    private volatile boolean interrupted;
    private int interrupts;

    private Signals(Job job) {
        this.job = job;
    }

    static Signals install(Job job) {
        Signals s = new Signals(job);
        s.on("INT", 2);
        s.on("TERM", 15);
        s.on("HUP", 1);
        return s;
    }

    private void on(String name, int number) {
        Signal sig = new Signal(name);
        SignalHandler old = Signal.handle(sig, x -> caught(name, number));
        signals.add(sig);
        previous.add(old);
    }

    private synchronized void caught(String name, int number) {
        interrupted = true;
        if (name.equals("INT") && ++interrupts > 1) {
            System.err.println("pmix4j run: second SIGINT, killing the job now");
            job.killAll();
            return;
        }
        job.interrupted(name, number);
        if (name.equals("INT")) {
            System.err.println("pmix4j run: press Ctrl-C again to kill the job at once");
        }
    }

    boolean interrupted() {
        return interrupted;
    }

    void uninstall() {
        for (int i = 0; i < signals.size(); i++) {
            Signal.handle(signals.get(i), previous.get(i));
        }
    }
}
