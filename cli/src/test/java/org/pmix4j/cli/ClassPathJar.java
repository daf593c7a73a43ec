package org.pmix4j.cli;

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

/** This test JVM's class path as one jar with pmix4j's Main as its entry. */
public final class ClassPathJar {
    private ClassPathJar() {
    }

    /**
     * Writes one jar of every entry of this JVM's class path (but the tests' own classes unless
     * {@code withTests}): class-data archives and AOT caches take classes from jars only, not directories.
     * The first copy of each file is kept, as in the shaded pmix4j.jar.
     */
    public static void write(Path jar, boolean withTests) throws IOException {
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().put(Attributes.Name.MAIN_CLASS, Main.class.getName());
        Set<String> seen = new HashSet<>();
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar), manifest)) {
            seen.add("META-INF/MANIFEST.MF");
            seen.add("META-INF/");
            for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
                Path p = Path.of(entry);
                if ((!withTests && entry.contains("test-classes")) || !Files.exists(p)) {
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
