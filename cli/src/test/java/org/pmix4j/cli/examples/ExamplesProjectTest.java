package org.pmix4j.cli.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.pmix4j.cli.LauncherProcess;
import org.pmix4j.testkit.NativeBuild;
import org.pmix4j.testkit.Run;

/**
 * What a user of the published artifacts does: {@code bin/install-libs} installs the libraries and the BOM into
 * a local repository of the test's own (it holds the Maven plugins of this machine's repository, but no
 * org.pmix4j artifact other than those just installed), {@code examples/} is built there as a project of its
 * own, outside the reactor (a copy of its pom and sources, no parent), and its programs run from the jars of
 * that repository: Hello under {@code pmix4j run} and under Open MPI's {@code mpirun}, the embedding example
 * {@code host.MiniHost} with libpmix's C clients, on the class path and on the module path. And a module of a
 * user's, compiled against the installed jars, reaches the public API but none of the internals.
 */
class ExamplesProjectTest {
    private static final Path TOP = Path.of("..").toAbsolutePath().normalize();
    private static final Path WORK = Path.of("target", "examples-project").toAbsolutePath();
    private static final String JAVA = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    /** The examples' jar and every jar it needs, from the test's repository. */
    private static String classPath;

    @BeforeAll
    static void installAndBuild() throws IOException {
        deleteTree(WORK);
        Path repo = pluginsOnlyRepository(WORK.resolve("repository"));
        Run.Result install = maven(List.of(TOP.resolve("bin/install-libs").toString(), "--repo", repo.toString(),
                // only what the examples need: the BOM and the libraries it lists that they use
                "-pl", "bom,examples", "-am"));
        assertEquals(0, install.exitCode(), install.all());
        for (String artifact : List.of("pmix4j-bom", "pmix4j-api", "pmix4j-wire", "pmix4j-server", "pmix4j-client")) {
            assertTrue(Files.isDirectory(repo.resolve("org/pmix4j/" + artifact + "/0.1.0")), artifact + " installed: "
                    + install.all());
        }
        Path server = repo.resolve("org/pmix4j/pmix4j-server/0.1.0/pmix4j-server-0.1.0");
        assertTrue(Files.isRegularFile(Path.of(server + "-sources.jar")), "a sources jar");
        assertTrue(Files.isRegularFile(Path.of(server + "-javadoc.jar")), "a Javadoc jar");

        Path project = WORK.resolve("examples");
        Files.createDirectories(project);
        Files.copy(TOP.resolve("examples/pom.xml"), project.resolve("pom.xml"));
        copyTree(TOP.resolve("examples/src"), project.resolve("src"));
        Path cpFile = WORK.resolve("classpath.txt");
        Run.Result build = maven(List.of(TOP.resolve("bin/build").toString(), "-B", "-q", "-f",
                project.resolve("pom.xml").toString(), "-Dmaven.repo.local=" + repo, "package",
                "dependency:build-classpath", "-Dmdep.outputFile=" + cpFile, "-Dmdep.includeScope=runtime"));
        assertEquals(0, build.exitCode(), build.all());
        Path jar = project.resolve("target/pmix4j-examples-0.1.0.jar");
        assertTrue(Files.isRegularFile(jar), build.all());
        classPath = jar + ":" + Files.readString(cpFile).trim();
        for (String entry : classPath.split(":")) {
            assertFalse(entry.startsWith(TOP.toString()) && !entry.startsWith(WORK.toString()),
                    "nothing from the reactor's own build: " + entry);
        }
    }

    @Test
    void helloRunsUnderPmix4jRun() throws Exception {
        Path tmp = Files.createDirectories(WORK.resolve("run"));
        try (LauncherProcess p = LauncherProcess.start(tmp, List.of("-n", "2", "--oversubscribe", JAVA, "-cp",
                classPath, "org.pmix4j.examples.Hello"))) {
            assertEquals(0, p.waitFor(Duration.ofMinutes(2)), p.all());
            assertTrue(p.stdout().contains("hello from rank 0 of 2\n"), p.all());
            assertTrue(p.stdout().contains("hello from rank 1 of 2\n"), p.all());
        }
    }

    @Test
    void helloRunsUnderMpirun() {
        NativeBuild.requireTool("mpirun", "openmpi-bin");
        Run.Result r = Run.command("mpirun", "-np", "2", "--allow-run-as-root", "--oversubscribe", JAVA, "-cp",
                classPath, "org.pmix4j.examples.Hello").timeout(Duration.ofMinutes(2)).go();
        assertEquals(0, r.exitCode(), r.all());
        assertTrue(r.stdout().contains("hello from rank 0 of 2\n"), r.all());
        assertTrue(r.stdout().contains("hello from rank 1 of 2\n"), r.all());
    }

    @Test
    void miniHostRunsAJobOfLibpmixClientsOnTheModulePath() {
        Path client = NativeBuild.pmixProgram(TOP.resolve("examples/src/main/c/hello_pmix.c"));
        Run.Result r = Run.command(JAVA, "--enable-native-access=org.pmix4j.server", "--module-path", classPath,
                "-m", "org.pmix4j.examples/org.pmix4j.examples.host.MiniHost", "-n", "3", client.toString())
                .timeout(Duration.ofMinutes(2)).go();
        assertEquals(0, r.exitCode(), r.all());
        for (int rank = 0; rank < 3; rank++) {
            int next = (rank + 1) % 3;
            assertTrue(r.stdout().contains("rank " + rank + " of 3: rank " + next + " says \"greetings from rank "
                    + next + "\"\n"), r.all());
            assertTrue(r.stderr().contains("minihost: rank " + rank + " finalized\n"), r.all());
        }
        assertFalse(r.stderr().contains("WARNING"), "native access granted to the server's module: " + r.all());
        // the libraries bring no logging dependency: without SLF4J they log through the JDK, silently here
        assertFalse(classPath.contains("slf4j"), "a consumer got SLF4J transitively: " + classPath);
        assertFalse(r.stderr().contains("SLF4J"), r.all());
    }

    @Test
    void miniHostEndsTheJobWithTheStatusOfAnAbort() {
        Path client = NativeBuild.pmixProgram(TOP.resolve("examples/src/main/c/hello_pmix.c"));
        Run.Result r = Run.command(JAVA, "--enable-native-access=ALL-UNNAMED", "-cp", classPath,
                "org.pmix4j.examples.host.MiniHost", "-n", "2", client.toString(), "--abort-at", "1")
                .timeout(Duration.ofMinutes(2)).go();
        assertEquals(7, r.exitCode(), r.all());
        assertTrue(r.stderr().contains("minihost: rank 1 aborted the job: hello_pmix was asked to abort"), r.all());
    }

    @Test
    void theCompilerKeepsAUserToThePublicApi() throws IOException {
        String module = "module probe { requires org.pmix4j.server; requires org.pmix4j.client; }\n";
        assertEquals("", compile("public", module, "org.pmix4j.server.PmixServer s; org.pmix4j.server.HostModule h;"
                + " org.pmix4j.client.PmixClient c; org.pmix4j.client.tool.PmixTool t; org.pmix4j.api.Value v;"),
                "the public API compiles");
        for (String internal : List.of("org.pmix4j.server.net.EventLoop", "org.pmix4j.server.handler.Handlers",
                "org.pmix4j.server.core.ServerCore", "org.pmix4j.client.net.ServerConnection",
                "org.pmix4j.client.internal.Futures", "org.pmix4j.wire.message.AbortRequest")) {
            String errors = compile("internal", module, internal + " x;");
            String pkg = internal.substring(0, internal.lastIndexOf('.'));
            assertTrue(errors.contains("package " + pkg + " is not visible"), internal + " must not be reachable: "
                    + errors);
        }
    }

    /**
     * Compiles a module {@code probe} (its declaration {@code module}, one class with {@code members}) against
     * the installed jars on the module path, in a directory named {@code name}; answers the errors, or "".
     */
    private static String compile(String name, String module, String members) throws IOException {
        Path dir = WORK.resolve("probe-" + name);
        Path pkg = Files.createDirectories(dir.resolve("src/probe"));
        Files.writeString(dir.resolve("src/module-info.java"), module);
        Files.writeString(pkg.resolve("Probe.java"), "package probe;\nclass Probe { " + members + " }\n");
        java.io.ByteArrayOutputStream errors = new java.io.ByteArrayOutputStream();
        int status = javax.tools.ToolProvider.getSystemJavaCompiler().run(null, errors, errors, "-d",
                dir.resolve("classes").toString(), "--module-path", classPath,
                dir.resolve("src/module-info.java").toString(), pkg.resolve("Probe.java").toString());
        return status == 0 ? "" : "exit " + status + ": " + errors;
    }

    /**
     * A local repository for the nested builds: every entry of the test's own local repository (the Maven
     * plugins, offline) but org/pmix4j, linked; what they install lands in it, not in ~/.m2.
     */
    private static Path pluginsOnlyRepository(Path repo) throws IOException {
        Path local = Path.of(System.getProperty("pmix4j.maven.repo",
                System.getProperty("user.home") + "/.m2/repository"));
        Files.createDirectories(repo.resolve("org"));
        try (Stream<Path> top = Files.list(local)) {
            for (Path e : top.toList()) {
                if (!e.getFileName().toString().equals("org")) {
                    Files.createSymbolicLink(repo.resolve(e.getFileName().toString()), e);
                }
            }
        }
        try (Stream<Path> org = Files.list(local.resolve("org"))) {
            for (Path e : org.toList()) {
                if (!e.getFileName().toString().equals("pmix4j")) {
                    Files.createSymbolicLink(repo.resolve("org").resolve(e.getFileName().toString()), e);
                }
            }
        }
        return repo;
    }

    /** A Maven run, offline when the build running this test is. */
    private static Run.Result maven(List<String> command) {
        List<String> cmd = new ArrayList<>(command);
        if (System.getProperty("pmix4j.maven.offline", "").equals("offline=true")) {
            cmd.add("-o");
        }
        return Run.command(cmd).unsetEnv("MAVEN_OPTS").timeout(Duration.ofMinutes(8)).go();
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> all = Files.walk(from)) {
            for (Path p : all.toList()) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(p, target);
                }
            }
        }
    }

    private static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> all = Files.walk(dir)) {
            // links are removed, never followed: the repository links into the machine's own
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
