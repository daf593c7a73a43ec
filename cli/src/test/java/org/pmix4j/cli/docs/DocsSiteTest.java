package org.pmix4j.cli.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import com.sun.net.httpserver.SimpleFileServer;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The documentation site builds (bin/docs: the CLI reference from the picocli model, the Javadoc, the plots,
 * {@code mkdocs build --strict}), its pages look like pages in a real browser (Debian's Chromium, headless:
 * screenshots of the front page and of the plots page, read back and checked to be images with content), no
 * local link or image of any page is broken, and the Javadoc tool had nothing to warn about.
 */
@Timeout(value = 4, unit = TimeUnit.MINUTES)
class DocsSiteTest {
    private static final Path TOP = Path.of("..").toAbsolutePath().normalize();
    private static final Path SITE = TOP.resolve("target/site");
    private static String buildOutput;

    @BeforeAll
    static void buildSite() throws Exception {
        ProcessBuilder pb = new ProcessBuilder(TOP.resolve("bin/docs").toString()).redirectErrorStream(true);
        pb.environment().put("PMIX4J_DOCS_CLASSPATH", System.getProperty("java.class.path"));
        pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
        Process p = pb.start();
        p.getOutputStream().close();
        buildOutput = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(3, TimeUnit.MINUTES), "bin/docs did not end:\n" + buildOutput);
        assertEquals(0, p.exitValue(), "bin/docs failed:\n" + buildOutput);
    }

    @Test
    void everyCommandHasAReferencePageWithItsOptions() throws IOException {
        String run = Files.readString(SITE.resolve("generated/cli/run.html"));
        assertTrue(run.contains("--oversubscribe") && run.contains("--map-by"), "run's page lacks its options");
        for (String page : List.of("dvm", "prun", "ps", "term", "sched", "alloc", "queue", "cancel", "wire-decode")) {
            assertTrue(Files.exists(SITE.resolve("generated/cli/" + page + ".html")), "no reference page for " + page);
        }
    }

    @Test
    void javadocHasNoWarnings() throws IOException {
        List<String> warnings = new ArrayList<>();
        for (String line : Files.readAllLines(TOP.resolve("target/docs-javadoc.log"))) {
            if (line.contains(": warning:") || line.contains(": error:")) {
                warnings.add(line);
            }
        }
        assertTrue(warnings.isEmpty(), warnings.size() + " javadoc warnings:\n" + String.join("\n",
                warnings.subList(0, Math.min(40, warnings.size()))));
        assertTrue(Files.exists(SITE.resolve("generated/javadoc/org/pmix4j/server/PmixServer.html")));
        assertTrue(Files.exists(SITE.resolve("generated/javadoc/org/pmix4j/client/PmixClient.html")));
    }

    @Test
    void noPageHasABrokenLocalLinkOrImage() throws IOException {
        Pattern ref = Pattern.compile("(?:href|src)\\s*=\\s*\"([^\"]*)\"");
        Map<String, List<String>> broken = new TreeMap<>();
        Map<Path, Set<String>> anchors = new HashMap<>();
        int pages = 0;
        int links = 0;
        List<Path> html;
        try (Stream<Path> files = Files.walk(SITE)) {
            html = files.filter(f -> f.toString().endsWith(".html")).toList();
        }
        for (Path page : html) {
            pages++;
            Matcher m = ref.matcher(Files.readString(page));
            while (m.find()) {
                String target = unescape(m.group(1));
                Path resolved = localTarget(page, target);
                if (resolved == null) {
                    continue;
                }
                links++;
                String problem = null;
                if (!resolved.normalize().startsWith(SITE) || !Files.isRegularFile(resolved)) {
                    problem = "no such file";
                } else if (target.contains("#") && resolved.toString().endsWith(".html")) {
                    // an anchor into a page (a heading of a guide, a method of the Javadoc) must exist there
                    String anchor = URLDecoder.decode(target.substring(target.indexOf('#') + 1), StandardCharsets.UTF_8);
                    if (!anchor.isEmpty() && !anchors.computeIfAbsent(resolved, DocsSiteTest::anchorsOf).contains(anchor)) {
                        problem = "no anchor '" + anchor + "' there";
                    }
                }
                if (problem != null) {
                    broken.computeIfAbsent(SITE.relativize(page).toString(), k -> new ArrayList<>())
                            .add(target + " (" + problem + ")");
                }
            }
        }
        System.out.println("DocsSiteTest: " + links + " local links and images in " + pages + " pages");
        assertTrue(pages > 50, "only " + pages + " pages in the site");
        assertTrue(broken.isEmpty(), "broken links and images (page: targets): " + broken);
    }

    /** The ids and names an HTML page defines, as a link's fragment names them. */
    private static Set<String> anchorsOf(Path page) {
        Set<String> ids = new HashSet<>();
        try {
            Matcher m = Pattern.compile("\\s(?:id|name)\\s*=\\s*\"([^\"]*)\"").matcher(Files.readString(page));
            while (m.find()) {
                ids.add(unescape(m.group(1)));
            }
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return ids;
    }

    /** The entities javadoc and mkdocs write in attribute values (e.g. {@code <init>} in a constructor's id). */
    private static String unescape(String attribute) {
        return attribute.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"").replace("&#39;", "'")
                .replace("&amp;", "&");
    }

    /** The file a local link or image names, or null for an external one, an in-page anchor or a script URL. */
    private static Path localTarget(Path page, String target) {
        if (target.isEmpty() || target.startsWith("//") || target.matches("^[a-zA-Z][a-zA-Z0-9+.-]*:.*")) {
            return null;
        }
        String path = target.replaceAll("[?#].*$", "");
        if (path.isEmpty()) {
            // an anchor in the page itself
            return target.startsWith("#") ? page : null;
        }
        path = URLDecoder.decode(path, StandardCharsets.UTF_8);
        Path resolved = path.startsWith("/") ? SITE.resolve(path.substring(1)) : page.getParent().resolve(path);
        return Files.isDirectory(resolved) ? resolved.resolve("index.html") : resolved.normalize();
    }

    @Test
    void frontPageAndPlotPageRenderInAHeadlessBrowser(@TempDir Path tmp) throws Exception {
        HttpServer server = SimpleFileServer.createFileServer(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
                SITE, SimpleFileServer.OutputLevel.NONE);
        server.start();
        try {
            String base = "http://127.0.0.1:" + server.getAddress().getPort() + "/";
            // both pages show a plot near their top: matplotlib's first two colours must be on the screen
            checkScreenshot(screenshot(base + "index.html", tmp.resolve("front.png"), tmp), "front page");
            checkScreenshot(screenshot(base + "guide/plots.html", tmp.resolve("plots.png"), tmp), "plots page");
        } finally {
            server.stop(0);
        }
    }

    private static final int WIDTH = 1280;
    private static final int HEIGHT = 1600;
    /** The colours of matplotlib's first two lines (its default cycle: tab:blue, tab:orange). */
    private static final int PLOT_BLUE = 0x1f77b4;
    private static final int PLOT_ORANGE = 0xff7f0e;

    private static Path screenshot(String url, Path png, Path tmp) throws Exception {
        Path profile = Files.createTempDirectory(tmp, "chromium-profile");
        List<String> command = List.of("/usr/bin/chromium", "--headless", "--no-sandbox", "--disable-gpu",
                "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--hide-scrollbars", "--user-data-dir=" + profile,
                "--window-size=" + WIDTH + "," + HEIGHT, "--screenshot=" + png, url);
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "chromium did not end for " + url);
        assertEquals(0, p.exitValue(), "chromium failed for " + url + ":\n" + out);
        assertTrue(Files.size(png) > 0, "no screenshot of " + url + ":\n" + out);
        return png;
    }

    /** A real image of the window's size with a page's worth of colours on it, not a blank or an error page. */
    private static void checkScreenshot(Path png, String what) throws IOException {
        BufferedImage image = ImageIO.read(png.toFile());
        assertTrue(image != null, what + ": the screenshot is not a PNG image");
        assertEquals(WIDTH, image.getWidth(), what + ": width");
        assertEquals(HEIGHT, image.getHeight(), what + ": height");
        Set<Integer> colours = new HashSet<>();
        int nonWhite = 0;
        for (int y = 0; y < image.getHeight(); y += 2) {
            for (int x = 0; x < image.getWidth(); x += 2) {
                int rgb = image.getRGB(x, y) & 0xFFFFFF;
                colours.add(rgb);
                if (rgb != 0xFFFFFF) {
                    nonWhite++;
                }
            }
        }
        int samples = (WIDTH / 2) * (HEIGHT / 2);
        System.out.println("DocsSiteTest: " + what + ": " + colours.size() + " colours, " + (100 * nonWhite / samples)
                + "% not white");
        // text, the navigation bar and a plot give hundreds of colours (anti-aliasing); a blank page has one
        assertTrue(colours.size() > 100, what + ": only " + colours.size() + " colours: a blank page?");
        assertTrue(nonWhite > samples / 20, what + ": almost all white");
        assertTrue(colours.contains(PLOT_BLUE) && colours.contains(PLOT_ORANGE), what
                + ": no plot on the screen (neither matplotlib's blue nor its orange line)");
    }
}
