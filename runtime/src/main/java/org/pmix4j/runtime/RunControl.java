package org.pmix4j.runtime;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * What the launcher does to all of its jobs at once: stops them in order when it is told to (a signal to
 * the launcher, the end of {@code --timeout}), after which no new job starts; kills them at once; passes a
 * signal on to every process.
 */
final class RunControl {
    private final JobTable jobs;
    private final RunOutcome outcome;
    private final RuntimeMessages messages;

    RunControl(JobTable jobs, RunOutcome outcome, RuntimeMessages messages) {
        this.jobs = jobs;
        this.outcome = outcome;
        this.messages = messages;
    }

    /** --timeout: when the time is up, say so (with each process's state if asked) and stop every job. */
    void limitTime(int seconds, boolean reportState) {
        Thread.ofVirtual().name("timeout").start(() -> {
            try {
                Thread.sleep(TimeUnit.SECONDS.toMillis(seconds));
            } catch (InterruptedException e) {
                return;
            }
            if (!outcome.running()) {
                return;
            }
            StringBuilder sb = new StringBuilder("the time limit for the job was reached (--timeout "
                    + seconds + " seconds); stopping it.");
            if (reportState) {
                sb.append(ProcessStates.describe(jobs.jobs()));
            }
            messages.say(sb.toString());
            stopAll(Launcher.TIMEOUT_STATUS, "the time limit was reached");
        });
    }

    /** Stops every job because the launcher was told to by signal {@code number}. */
    void interrupt(String signal, int number) {
        stopAll(128 + number, "caught SIG" + signal);
    }

    /** Stops every job, the launcher leaving with {@code status}; no job starts after this. */
    void stopAll(int status, String why) {
        outcome.stop(status);
        for (Job j : jobs.close()) {
            j.stop(status, why);
        }
    }

    /** SIGKILL to every process of every job. */
    void killAll() {
        jobs.jobs().forEach(Job::killAll);
    }

    /** Sends a signal (by name) to every process of every running job and what they started. */
    void signalAll(String signal) {
        List<LaunchedProcess> all = new ArrayList<>();
        for (Job j : jobs.jobs()) {
            all.addAll(j.processes());
        }
        LaunchedProcess.signalTrees(signal, all);
    }
}
