package org.pmix4j.runtime;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * What signals to the launcher do, as users of mpirun expect:
 * <ul>
 * <li>SIGINT, SIGTERM and SIGHUP stop every job in order (SIGTERM, then SIGKILL after a grace period); a
 * second SIGINT kills them at once;</li>
 * <li>SIGUSR1 and SIGUSR2 are forwarded to every process, and those --forward-signals adds;</li>
 * <li>SIGTSTP suspends the whole job (SIGSTOP to every process, which they cannot ignore) and then the
 * launcher itself, so that the shell regains control; SIGCONT resumes the processes.</li>
 * </ul>
 * Installed for the duration of a run; the JVM's handlers come back afterwards. (A JVM started with SIGINT
 * ignored, as background jobs of non-interactive shells are, keeps ignoring it: that is the JVM's rule,
 * and the same as for any program started with nohup.)
 */
public final class Signals {
    private final RunControl control;
    private final RuntimeMessages messages;
    private final List<Signal> signals = new ArrayList<>();
    private final List<SignalHandler> previous = new ArrayList<>();
    private int interrupts;

    private Signals(RunControl control, RuntimeMessages messages) {
        this.control = control;
        this.messages = messages;
    }

    static Signals install(RunControl control, RuntimeMessages messages) {
        return install(control, messages, ForwardedSignals.DEFAULT);
    }

    /** As {@link #install(RunControl, RuntimeMessages)}, forwarding {@code forwarded} (--forward-signals). */
    static Signals install(RunControl control, RuntimeMessages messages, ForwardedSignals forwarded) {
        Signals s = new Signals(control, messages);
        s.on("INT", () -> s.stop("INT", 2));
        s.on("TERM", () -> s.stop("TERM", 15));
        s.on("HUP", () -> s.stop("HUP", 1));
        for (String name : forwarded.names()) {
            try {
                s.on(name, () -> control.signalAll(name));
            } catch (IllegalArgumentException e) {
                s.uninstall();
                throw new IllegalArgumentException("--forward-signals: SIG" + name + " cannot be forwarded: the JVM"
                        + " keeps it for itself (" + e.getMessage() + ")");
            }
        }
        s.on("TSTP", () -> {
            control.signalAll("STOP");
            Kill.send("STOP", List.of(ProcessHandle.current().pid()));
        });
        s.on("CONT", () -> control.signalAll("CONT"));
        return s;
    }

    /**
     * For a daemon (the DVM, the scheduler): SIGINT, SIGTERM and SIGHUP end it, completing {@code stopped} with
     * 128+N after {@code caught} was told the signal's name ("SIGTERM"); it then stops in its own order. No
     * signal is forwarded to jobs (a DVM's belong to the tools that launched them).
     */
    public static Signals installPersistent(java.util.concurrent.CompletableFuture<Integer> stopped,
            Consumer<String> caught) {
        Signals s = new Signals(null, null);
        for (var sig : List.of(java.util.Map.entry("INT", 2), java.util.Map.entry("TERM", 15), java.util.Map.entry("HUP", 1))) {
            s.on(sig.getKey(), () -> {
                caught.accept("SIG" + sig.getKey());
                stopped.complete(128 + sig.getValue());
            });
        }
        return s;
    }

    private void on(String name, Runnable action) {
        Signal sig = new Signal(name);
        signals.add(sig);
        // handlers run on a JVM thread of their own; kill(1) and job stopping may take a moment
        previous.add(Signal.handle(sig, x -> Thread.ofVirtual().start(action)));
    }

    private synchronized void stop(String name, int number) {
        if (name.equals("INT") && ++interrupts > 1) {
            messages.say("second SIGINT, killing the job now");
            control.killAll();
            return;
        }
        messages.say("caught SIG" + name + ", stopping the job"
                + (name.equals("INT") ? " (press Ctrl-C again to kill it at once)" : ""));
        control.interrupt(name, number);
    }

    public void uninstall() {
        for (int i = 0; i < signals.size(); i++) {
            Signal.handle(signals.get(i), previous.get(i));
        }
    }
}
