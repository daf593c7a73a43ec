package org.pmix4j.testkit;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * Builds the C peers of the interop tests: programs of ours compiled against the installed libpmix
 * (Debian's libpmix-dev) or with Open MPI's mpicc. A binary is rebuilt only when its source changes.
 *
 * <p>When the toolchain or the library is missing the build fails with a message that says what to
 * install, rather than skipping: the README's test command installs them, and a test that silently does
 * nothing would prove nothing.
 */
public final class NativeBuild {
    private static final Path OUT = Path.of("target", "native");

    private NativeBuild() {
    }

    /** Compiles {@code source} (a .c file) against libpmix; returns the executable. */
    public static Path pmixProgram(Path source, String... extraArgs) {
        List<String> cmd = new ArrayList<>(List.of("gcc", "-O2", "-g", "-Wall"));
        cmd.addAll(pkgConfig("--cflags", "pmix"));
        return compile(source, cmd, List.of(extraArgs), pkgConfig("--libs", "pmix"));
    }

    /** Compiles {@code source} with Open MPI's mpicc; returns the executable. */
    public static Path mpiProgram(Path source, String... extraArgs) {
        requireTool("mpicc", "openmpi-bin libopenmpi-dev");
        return compile(source, new ArrayList<>(List.of("mpicc", "-O2", "-g")), List.of(extraArgs), List.of());
    }

    private static synchronized Path compile(Path source, List<String> compiler, List<String> extra,
            List<String> libs) {
        try {
            if (!Files.isRegularFile(source)) {
                throw new IllegalStateException("C source " + source.toAbsolutePath() + " does not exist");
            }
            Files.createDirectories(OUT);
            String name = source.getFileName().toString().replaceFirst("\\.c$", "");
            byte[] text = Files.readAllBytes(source);
            String stamp = digest(text, String.join(" ", compiler), String.join(" ", extra), String.join(" ", libs));
            Path exe = OUT.resolve(name);
            Path stampFile = OUT.resolve(name + ".stamp");
            if (Files.isExecutable(exe) && Files.exists(stampFile)
                    && Files.readString(stampFile).equals(stamp)) {
                return exe.toAbsolutePath();
            }
            List<String> cmd = new ArrayList<>(compiler);
            cmd.addAll(extra);
            cmd.add("-o");
            cmd.add(exe.toString());
            cmd.add(source.toString());
            cmd.addAll(libs);
            Run.Result r = Run.command(cmd).timeout(Duration.ofMinutes(2)).go();
            if (r.exitCode() != 0) {
                throw new IllegalStateException("compiling " + source + " failed (" + String.join(" ", cmd) + "):\n"
                        + r.stdout() + r.stderr());
            }
            Files.writeString(stampFile, stamp);
            return exe.toAbsolutePath();
        } catch (IOException e) {
            throw new IllegalStateException("cannot build " + source + ": " + e.getMessage(), e);
        }
    }

    private static List<String> pkgConfig(String what, String pkg) {
        requireTool("gcc", "gcc");
        requireTool("pkg-config", "pkg-config");
        Run.Result r = Run.command("pkg-config", what, pkg).go();
        if (r.exitCode() != 0) {
            throw new IllegalStateException("pkg-config knows no '" + pkg + "' library: install Debian's libpmix-dev"
                    + " (the README's test command does it): " + r.stderr().trim());
        }
        return List.of(r.stdout().trim().split("\\s+"));
    }

    /** Fails with an install hint when {@code tool} is not on the PATH. */
    public static void requireTool(String tool, String debianPackages) {
        for (String dir : System.getenv().getOrDefault("PATH", "/usr/bin:/bin").split(":")) {
            if (Files.isExecutable(Path.of(dir, tool))) {
                return;
            }
        }
        throw new IllegalStateException("'" + tool + "' is not installed: the interop tests need the Debian package(s) "
                + debianPackages + " (the README's test command installs them)");
    }

    private static String digest(byte[] text, String... parts) {
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            md.update(text);
            for (String p : parts) {
                md.update(p.getBytes(StandardCharsets.UTF_8));
            }
            return HexFormat.of().formatHex(md.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new AssertionError(e);
        }
    }
}
