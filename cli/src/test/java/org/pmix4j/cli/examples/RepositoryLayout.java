package org.pmix4j.cli.examples;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Stream;
import org.pmix4j.cli.Main;

/**
 * A copy of the repository as bin/pmix4j sees it (its scripts, and cli/target/pmix4j.jar made of this test
 * run's main classes), for tests that run bin/pmix4j itself: the test phase comes before the jar is packaged.
 */
public final class RepositoryLayout {
    private RepositoryLayout() {
    }

    /** The repository's layout under {@code top}: the scripts, and one jar holding this test's main classes. */
    public static Path of(Path top) throws IOException {
        Path repo = Path.of("..").toAbsolutePath().normalize();
        Files.createDirectories(top.resolve("bin/lib"));
        Files.copy(repo.resolve("bin/pmix4j"), top.resolve("bin/pmix4j"));
        top.resolve("bin/pmix4j").toFile().setExecutable(true);
        try (Stream<Path> lib = Files.list(repo.resolve("bin/lib"))) {
            for (Path f : lib.toList()) {
                Files.copy(f, top.resolve("bin/lib").resolve(f.getFileName()));
            }
        }
        Path jar = Files.createDirectories(top.resolve("cli/target")).resolve("pmix4j.jar");
        writeJar(jar);
        return top;
    }

    /**
     * One jar of every class path entry but the tests' own classes (class-data archives take classes from jars
     * only, not directories), the first copy of each file kept, as the shaded pmix4j.jar does.
     */
    private static void writeJar(Path jar) throws IOException {
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().put(Attributes.Name.MAIN_CLASS, Main.class.getName());
        Set<String> seen = new HashSet<>();
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar), manifest)) {
            seen.add("META-INF/MANIFEST.MF");
            seen.add("META-INF/");
            for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
                Path p = Path.of(entry);
                if (entry.contains("test-classes") || !Files.exists(p)) {
                    continue;
                }
                if (Files.isDirectory(p)) {
                    try (Stream<Path> files = Files.walk(p)) {
                        for (Path f : files.filter(Files::isRegularFile).toList()) {
                            String name = p.relativize(f).toString().replace(File.separatorChar, '/');
                            try (InputStream in = Files.newInputStream(f)) {
                                copy(out, seen, name, in);
                            }
                        }
                    }
                } else {
                    try (JarFile in = new JarFile(p.toFile())) {
                        for (JarEntry e : in.stream().filter(e -> !e.isDirectory()).toList()) {
                            try (InputStream data = in.getInputStream(e)) {
                                copy(out, seen, e.getName(), data);
                            }
                        }
                    }
                }
            }
        }
    }

    private static void copy(JarOutputStream out, Set<String> seen, String name, InputStream data) throws IOException {
        boolean signature = name.startsWith("META-INF/") && name.matches("META-INF/[^/]+\\.(SF|RSA|DSA|EC)");
        if (signature || name.endsWith("module-info.class") || !seen.add(name)) {
            return;
        }
        out.putNextEntry(new JarEntry(name));
        data.transferTo((OutputStream) out);
        out.closeEntry();
    }
}
