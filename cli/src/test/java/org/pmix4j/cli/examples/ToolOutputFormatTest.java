package org.pmix4j.cli.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pmix4j.cli.LauncherProcess;
import org.pmix4j.testkit.NativeBuild;
import org.pmix4j.testkit.Run;

/**
 * A libpmix 4.2.2 tool (iof_format.c) and a Java tool (FormattedOutputTool) each spawn the same job into a
 * running {@code pmix4j run} with PMIX_IOF_TAG_OUTPUT and let their library write its output: they write
 * the same bytes, stdout and stderr, every line tagged "[jobid,rank]&lt;channel&gt;: " however the output
 * was cut into pieces (lines written in halves, several lines in one write, an empty line). The Java tool
 * writes the same when it asks for the tag on a pull instead (which libpmix 4.2.2 ignores).
 *
 * <p>The job writes all of its stdout before its stderr: libpmix 4.2.2 joins an unfinished line of one
 * stream with the next output of the other (its leftover search matches the process or the stream), which
 * is its bug, not a format to copy.
 */
class ToolOutputFormatTest {
    @TempDir
    Path tmp;

    @Test
    void theJavaToolFormatsForwardedOutputByteForByteAsLibpmixDoes() throws Exception {
        Path ctool = NativeBuild.pmixProgram(Path.of("src/test/c/iof_format.c"));
        Path dir = Files.createDirectories(tmp.resolve("steps"));
        Files.writeString(dir.resolve("job.sh"), "while [ ! -e \"$1\" ]; do sleep 0.05; done\n"
                + "printf 'alpha\\n'; printf 'be'; sleep 0.3; printf 'ta\\n'; printf 'x <&> \\t y\\n'\n"
                + "printf 'two\\nlines\\n'; printf '\\n'; printf 'last\\n'\n"
                + "sleep 0.3\n"
                + "printf 'err one\\n' >&2; printf 'half' >&2; sleep 0.3; printf ' and half\\n' >&2\n"
                + "printf 'errlast\\n' >&2\n");
        try (LauncherProcess p = LauncherProcess.start(Files.createDirectories(tmp.resolve("launcher-tmp")),
                List.of("-n", "1", "/bin/sh", "-c", "echo ready; sleep 300"))) {
            assertTrue(p.awaitOutput("ready", 1, Duration.ofSeconds(60)), p.all());
            Run.Result c = p.tool(List.of(ctool.toString(), Long.toString(p.pid()), dir.toString(), "c"))
                    .timeout(Duration.ofSeconds(60)).go();
            assertEquals(0, c.exitCode(), c.all() + "\n" + p.all());
            String cOut = normalized(c.stdout(), dir.resolve("c.ns"));
            String cErr = normalized(c.stderr(), dir.resolve("c.ns"));
            assertTrue(cOut.startsWith("[JOB,0]<stdout>: alpha\n[JOB,0]<stdout>: beta\n"), c.all());
            assertTrue(cErr.contains("[JOB,0]<stderr>: half and half\n"), c.all());

            Run.Result j = java(p, dir, "java");
            assertEquals(0, j.exitCode(), j.all() + "\n" + p.all());
            assertEquals(cOut, normalized(j.stdout(), dir.resolve("java.ns")), "stdout: libpmix's, then ours");
            assertEquals(cErr, normalized(j.stderr(), dir.resolve("java.ns")), "stderr: libpmix's, then ours");

            Run.Result pulled = java(p, dir, "pulled", "pull");
            assertEquals(0, pulled.exitCode(), pulled.all() + "\n" + p.all());
            assertEquals(cOut, normalized(pulled.stdout(), dir.resolve("pulled.ns")), "stdout: libpmix's, then ours");
            assertEquals(cErr, normalized(pulled.stderr(), dir.resolve("pulled.ns")), "stderr: libpmix's, then ours");
        }
    }

    private static Run.Result java(LauncherProcess p, Path dir, String... args) {
        List<String> all = new java.util.ArrayList<>(List.of(Long.toString(p.pid()), dir.toString()));
        all.addAll(List.of(args));
        Run run = Run.command(JavaCommand.main(FormattedOutputTool.class, all.toArray(String[]::new)))
                .timeout(Duration.ofSeconds(60));
        for (String v : List.of("TMPDIR", "TMP", "TEMP")) {
            run.env(v, p.tmpdir().toString());
        }
        System.getenv().keySet().stream().filter(k -> k.startsWith("PMIX_")).forEach(run::unsetEnv);
        return run.go();
    }

    /** The output with the job's id (its nspace after the '@') as "JOB": each tool spawned a job of its own. */
    private static String normalized(String output, Path nsFile) throws java.io.IOException {
        String ns = Files.readString(nsFile).strip();
        return output.replace("[" + ns.substring(ns.lastIndexOf('@') + 1) + ",", "[JOB,");
    }
}
