/**
 * {@code bin/pmix4j}: the command line over the runtime. Not a library; a named module so that the runtime can
 * export its internals to it alone. picocli reads the commands' annotations reflectively.
 */
module org.pmix4j.cli {
    requires org.pmix4j.runtime;
    requires org.pmix4j.examples;
    requires info.picocli;
    requires org.jline.terminal;
    requires java.management;
    // only to ask whether a recording runs before prun leaves by Runtime.halt (Main.jfrRecording)
    requires static jdk.jfr;

    opens org.pmix4j.cli to info.picocli;
}
