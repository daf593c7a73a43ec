package org.pmix4j.cli;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.junit.jupiter.api.Tag;

/**
 * A test class that must not share the machine with another test JVM. The cli module's tests run in two
 * JVMs side by side (most of their time is spent waiting on the processes they start); a class marked with
 * this runs afterwards, on its own, because it uses something there is one of per machine: the test hosts'
 * network namespaces and their fixed addresses, the Slurm daemons, or more processes than two such tests can
 * start at once. The surefire executions in cli/pom.xml select on the tag.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Tag(RunsAlone.TAG)
public @interface RunsAlone {
    /** The JUnit tag the build selects on. */
    String TAG = "runs-alone";
}
