package org.pmix4j.runtime.frontend;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Info;
import org.pmix4j.api.Proc;
import org.pmix4j.client.tool.PmixTool;
import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * Signals to the front end go to its job, through the DVM (PMIx_Job_control), as users of {@code pmix4j run}
 * expect: SIGINT, SIGTERM and SIGHUP terminate the job (a second SIGINT kills it at once), and the front end
 * then exits with 128+N; SIGUSR1 and SIGUSR2 are passed on to every process.
 */
final class FrontEndSignals {
    private final PmixTool tool;
    private final Proc job;
    private final Consumer<String> messages;
    private final List<Signal> signals = new ArrayList<>();
    private final List<SignalHandler> previous = new ArrayList<>();
    private volatile int caught;
    private int interrupts;

    private FrontEndSignals(PmixTool tool, String nspace, Consumer<String> messages) {
        this.tool = tool;
        this.job = Proc.wildcard(nspace);
        this.messages = messages;
    }

    static FrontEndSignals install(PmixTool tool, String nspace, Consumer<String> messages,
            org.pmix4j.runtime.ForwardedSignals forwarded) {
        FrontEndSignals s = new FrontEndSignals(tool, nspace, messages);
        s.on("INT", () -> s.stop("INT", 2));
        s.on("TERM", () -> s.stop("TERM", 15));
        s.on("HUP", () -> s.stop("HUP", 1));
        for (String name : forwarded.names()) {
            int number = org.pmix4j.runtime.ForwardedSignals.number(name);
            try {
                s.on(name, () -> s.control(Attributes.JOB_CTRL_SIGNAL.info(number)));
            } catch (IllegalArgumentException e) {
                s.uninstall();
                throw new IllegalArgumentException("--forward-signals: SIG" + name + " cannot be forwarded: the JVM"
                        + " keeps it for itself (" + e.getMessage() + ")");
            }
        }
        return s;
    }

    /** The number of the first stopping signal caught, or 0. */
    int caught() {
        return caught;
    }

    private void on(String name, Runnable action) {
        Signal sig = new Signal(name);
        signals.add(sig);
        previous.add(Signal.handle(sig, x -> Thread.ofVirtual().start(action)));
    }

    private synchronized void stop(String name, int number) {
        if (caught == 0) {
            caught = number;
        }
        if (name.equals("INT") && ++interrupts > 1) {
            messages.accept("pmix4j prun: second SIGINT, killing the job now");
            control(Attributes.JOB_CTRL_KILL.info(true));
            return;
        }
        messages.accept("pmix4j prun: caught SIG" + name + ", stopping the job"
                + (name.equals("INT") ? " (press Ctrl-C again to kill it at once)" : ""));
        control(Attributes.JOB_CTRL_TERMINATE.info(true));
    }

    private void control(Info action) {
        tool.jobControlAsync(List.of(job), List.of(action));
    }

    void uninstall() {
        for (int i = 0; i < signals.size(); i++) {
            Signal.handle(signals.get(i), previous.get(i));
        }
    }
}
