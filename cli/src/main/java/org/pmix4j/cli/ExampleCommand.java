package org.pmix4j.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Stack;
import java.util.concurrent.Callable;
import org.pmix4j.examples.Examples;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code pmix4j example NAME [ARGS...]}: runs one of the example programs in this JVM. They are PMIx clients
 * and tools, so they run under whatever launcher started this process ({@code mpirun -np 4 pmix4j example
 * hello} as well as {@code pmix4j run -n 4 pmix4j example hello}).
 */
@Command(name = "example", mixinStandardHelpOptions = true,
        description = {"Run an example program of the pmix4j client and tool libraries, under whatever PMIx launcher"
                + " started this process."},
        footer = {"", "The examples:",
            "  hello  each process prints 'hello from rank R of N' (--peers: and its",
            "         local peers)",
            "  ring   a key-value ring: put, commit, fence collecting data, get the",
            "         left neighbour's key",
            "  ps     a tool listing the processes of a running job (--pid N,",
            "         --server-nspace NS, --uri URI, --job NS)",
            "", "Run them like any PMIx program:",
            "  pmix4j run -n 4 pmix4j example hello",
            "  mpirun -np 4 pmix4j example ring",
            "  pmix4j example ps --pid <pid of a pmix4j run>",
            "", "Their sources are in examples/src/main/java/org/pmix4j/examples."})
final class ExampleCommand implements Callable<Integer> {
    @Parameters(paramLabel = "NAME [ARGS...]", arity = "1..*", parameterConsumer = Everything.class,
            description = "The example and its arguments.")
    List<String> argv = new ArrayList<>();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /** Everything after the name belongs to the example, even words that look like options. */
    static final class Everything implements CommandLine.IParameterConsumer {
        @Override
        public void consumeParameters(Stack<String> args, CommandLine.Model.ArgSpec argSpec,
                CommandLine.Model.CommandSpec commandSpec) {
            List<String> list = argSpec.getValue();
            while (!args.isEmpty()) {
                list.add(args.pop());
            }
        }
    }

    @Override
    public Integer call() {
        Examples.Example e = Examples.get(argv.get(0));
        if (e == null) {
            spec.commandLine().getErr().println("pmix4j example: no example called '" + argv.get(0) + "'; there are:");
            Examples.all().values().forEach(x -> spec.commandLine().getErr().printf("  %-6s %s%n", x.name(),
                    x.description()));
            return 2;
        }
        e.main().accept(argv.subList(1, argv.size()).toArray(String[]::new));
        System.out.flush();
        return 0;
    }
}
