package org.pmix4j.cli.security;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.pmix4j.testkit.Run;

/**
 * A user of this machine created for a test (useradd, a system user without home or login) and removed
 * after it (userdel); its programs run with {@code setpriv --reuid --regid --clear-groups}, so that the
 * kernel knows them as that user and nothing else. Only root can do this.
 */
public final class SecondUser implements AutoCloseable {
    public final String name;
    public final int uid;
    public final int gid;

    private SecondUser(String name, int uid, int gid) {
        this.name = name;
        this.uid = uid;
        this.gid = gid;
    }

    /**
     * A second user for a test, or the test skipped with a message when the tests do not run as root (only
     * root can create the user and run programs as it).
     */
    public static SecondUser createOrSkip() {
        org.junit.jupiter.api.Assumptions.assumeTrue(new com.sun.security.auth.module.UnixSystem().getUid() == 0,
                "skipped: the second user of this test can only be created (useradd) and used (setpriv) by root");
        for (String tool : List.of("useradd", "userdel", "setpriv")) {
            org.pmix4j.testkit.NativeBuild.requireTool(tool, "passwd util-linux");
        }
        return create();
    }

    public static SecondUser create() {
        String name = "pmix4jauthz" + (ProcessHandle.current().pid() % 100_000);
        Run.Result add = Run.command("useradd", "--system", "--no-create-home", "--user-group", "--shell",
                "/usr/sbin/nologin", name).go();
        if (add.exitCode() != 0) {
            throw new IllegalStateException("useradd " + name + " failed\n" + add.all());
        }
        Run.Result uid = Run.command("id", "-u", name).go();
        Run.Result gid = Run.command("id", "-g", name).go();
        return new SecondUser(name, Integer.parseInt(uid.stdout().trim()), Integer.parseInt(gid.stdout().trim()));
    }

    /** {@code command} run as this user, with {@code env} added to the environment, 60 s at most. */
    public Run.Result run(Map<String, String> env, String... command) {
        List<String> cmd = new ArrayList<>(List.of("setpriv", "--reuid=" + uid, "--regid=" + gid, "--clear-groups"));
        cmd.addAll(List.of(command));
        Run r = Run.command(cmd).timeout(java.time.Duration.ofSeconds(60));
        System.getenv().keySet().stream().filter(k -> k.startsWith("PMIX_") || k.startsWith("OMPI_"))
                .forEach(r::unsetEnv);
        return r.env(env).go();
    }

    /** {@code command} started as this user (its stdin a pipe, its output to {@code output}), not waited for. */
    public Process start(java.nio.file.Path output, String... command) throws java.io.IOException {
        List<String> cmd = new ArrayList<>(List.of("setpriv", "--reuid=" + uid, "--regid=" + gid, "--clear-groups"));
        cmd.addAll(List.of(command));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(output.toFile());
        pb.environment().keySet().removeIf(k -> k.startsWith("PMIX_") || k.startsWith("OMPI_"));
        return pb.start();
    }

    @Override
    public void close() {
        Run.Result del = Run.command("userdel", name).go();
        if (del.exitCode() != 0) {
            throw new IllegalStateException("userdel " + name + " failed\n" + del.all());
        }
    }
}
