import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Info;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.Proc;
import org.pmix4j.client.tool.PmixTool;

/**
 * The Java-tool peer of JobControlTest (cli/src/test/java/org/pmix4j/cli/cleanup): a PMIx tool written with
 * pmix4j's own tool library (org.pmix4j.client.tool), run as a single source file by the test
 * ({@code java -cp <test class path> JobControlTool.java ...}) so that the cli module's tests compile
 * whether or not the library is on their class path.
 *
 * <p>Usage: JobControlTool LAUNCHER_PID LAUNCHER_TMPDIR NSPACE PID0 PID1 ranks|killjob
 * <ul>
 * <li>ranks: signal rank 1 (SIGUSR1), pause it, resume it, pause the whole job, resume it, signal it, ask
 * for a checkpoint, kill rank 1;</li>
 * <li>killjob: kill the whole job.</li>
 * </ul>
 * Prints "JT <step> rc=<status> [state=<rank 0's><rank 1's>]" per step; states from /proc/&lt;pid&gt;/stat.
 */
public final class JobControlTool {
    private static PmixTool tool;
    private static long pid0;
    private static long pid1;

    public static void main(String[] args) throws Exception {
        long launcher = Long.parseLong(args[0]);
        Path tmpdir = Path.of(args[1]);
        String ns = args[2];
        pid0 = Long.parseLong(args[3]);
        pid1 = Long.parseLong(args[4]);
        Proc r1 = new Proc(ns, 1);
        Proc job = Proc.wildcard(ns);
        try (PmixTool t = PmixTool.init(Attributes.SERVER_PIDINFO.info((int) launcher),
                Attributes.SERVER_TMPDIR.info(tmpdir.toString()))) {
            tool = t;
            if (args[5].equals("killjob")) {
                step("kill-job", job, Attributes.JOB_CTRL_KILL.info(true), 0);
                return;
            }
            step("signal-rank", r1, Attributes.JOB_CTRL_SIGNAL.info(10), 0);
            handled(pid1);
            step("pause-rank", r1, Attributes.JOB_CTRL_PAUSE.info(true), 2);
            step("resume-rank", r1, Attributes.JOB_CTRL_RESUME.info(true), 0);
            step("pause-job", job, Attributes.JOB_CTRL_PAUSE.info(true), 3);
            step("resume-job", job, Attributes.JOB_CTRL_RESUME.info(true), 0);
            step("signal-job", job, Attributes.JOB_CTRL_SIGNAL.info(10), 0);
            handled(pid0);
            handled(pid1);
            step("checkpoint", job, Attributes.JOB_CTRL_CHECKPOINT.info("java-ckpt"), 0);
            step("kill-rank", r1, Attributes.JOB_CTRL_KILL.info(true), 0);
        }
    }

    /**
     * One PMIx_Job_control; then waits (at most 5 s) for the states it should cause: {@code stopped} is a
     * mask of the ranks that must be stopped (1 = rank 0, 2 = rank 1), the others running.
     */
    private static void step(String name, Proc target, Info directive, int stopped) throws InterruptedException {
        int rc = 0;
        try {
            tool.jobControl(List.of(target), List.of(directive));
        } catch (PmixException e) {
            rc = e.status();
        }
        String want = ((stopped & 1) != 0 ? "T" : "r") + ((stopped & 2) != 0 ? "T" : "r");
        String s = states();
        for (int i = 0; i < 250 && !s.equals(want); i++) {
            Thread.sleep(20);
            s = states();
        }
        System.out.println("JT " + name + " rc=" + rc + " state=" + s);
    }

    /**
     * Waits (at most 5 s) until the SIGUSR1 sent to {@code pid} was handled: no longer pending and the
     * process back asleep in its wait, its handler's line written. A kill that came before would lose it.
     */
    private static void handled(long pid) throws InterruptedException {
        for (int i = 0; i < 250; i++) {
            try {
                String status = Files.readString(Path.of("/proc", Long.toString(pid), "status"));
                boolean pending = false;
                for (String line : status.split("\n")) {
                    if (line.startsWith("SigPnd:") || line.startsWith("ShdPnd:")) {
                        pending |= (Long.parseLong(line.substring(7).strip(), 16) & (1L << 9)) != 0;
                    }
                }
                if (!pending && state(pid) == 'S') {
                    return;
                }
            } catch (Exception e) {
                return;
            }
            Thread.sleep(20);
        }
    }

    /** 'T' or 'r' (not stopped) for rank 0 then rank 1. */
    private static String states() {
        return (state(pid0) == 'T' ? "T" : "r") + (state(pid1) == 'T' ? "T" : "r");
    }

    private static char state(long pid) {
        try {
            String s = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            return s.charAt(s.lastIndexOf(')') + 2);
        } catch (Exception e) {
            return '-';
        }
    }
}
