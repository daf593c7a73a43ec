package org.pmix4j.cli.examples;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.pmix4j.api.App;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.IofChannel;
import org.pmix4j.api.Proc;
import org.pmix4j.client.tool.PmixTool;

/**
 * The Java twin of iof_format.c (arguments SERVER_PID DIR NAME): spawns "/bin/sh DIR/job.sh DIR/NAME.go"
 * with PMIX_FWD_STDOUT, PMIX_FWD_STDERR and PMIX_IOF_TAG_OUTPUT, so that the tool library writes the job's
 * output to this JVM's stdout and stderr, formatted; writes the nspace into DIR/NAME.ns; watches with a
 * second pull for the lines "last" (stdout) and "errlast" (stderr); creates DIR/NAME.go; waits for both
 * lines. With a fourth argument "pull" it does not spawn with the tag but pulls the job a third time with
 * PMIX_IOF_TAG_OUTPUT and no handler instead (the Standard's way; libpmix 4.2.2 ignores a pull's
 * formatting). Prints nothing of its own on stdout; exit 4 when the last lines never came.
 */
public final class FormattedOutputTool {
    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[1]);
        String name = args[2];
        boolean byPull = args.length > 3 && args[3].equals("pull");
        int exit;
        try (PmixTool tool = PmixTool.init(List.of(Attributes.SERVER_PIDINFO.info(Integer.parseInt(args[0]))))) {
            if (byPull) {
                tool.onForwardedOutput(out -> { });
            }
            String marker = dir.resolve(name + ".go").toString();
            App app = new App("/bin/sh", List.of("/bin/sh", dir.resolve("job.sh").toString(), marker), List.of(),
                    null, 1, List.of());
            String ns = tool.spawn(List.of(Attributes.FWD_STDOUT.info(true), Attributes.FWD_STDERR.info(true),
                    Attributes.IOF_TAG_OUTPUT.info(!byPull)), List.of(app));
            Files.writeString(dir.resolve(name + ".ns"), ns);
            List<Proc> job = List.of(Proc.wildcard(ns));
            int channels = IofChannel.STDOUT | IofChannel.STDERR;
            if (byPull) {
                tool.iofPull(job, channels, List.of(Attributes.IOF_TAG_OUTPUT.info(true)), null);
            }
            CountDownLatch last = new CountDownLatch(2);
            tool.iofPull(job, channels, List.of(), out -> {
                if (out.channel() == IofChannel.STDOUT && out.text().contains("last\n")
                        || out.channel() == IofChannel.STDERR && out.text().contains("errlast\n")) {
                    last.countDown();
                }
            });
            Files.createFile(Path.of(marker));
            exit = last.await(30, TimeUnit.SECONDS) ? 0 : 4;
        }
        System.exit(exit);
    }
}
