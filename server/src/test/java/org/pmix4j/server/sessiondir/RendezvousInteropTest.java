package org.pmix4j.server.sessiondir;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Info;
import org.pmix4j.testkit.NativeBuild;
import org.pmix4j.testkit.Run;

/**
 * Our rendezvous files against libpmix 4.2.2 (Debian's libpmix-dev): the same names and the same bytes as
 * the files a libpmix server writes, and a libpmix tool finds and parses ours. The C side is
 * src/test/c/sessiondir_rndz.c.
 */
class RendezvousInteropTest {
    private static final Pattern CTIME = Pattern.compile(
            "(Mon|Tue|Wed|Thu|Fri|Sat|Sun) (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) [ 123]\\d "
                    + "\\d\\d:\\d\\d:\\d\\d \\d{4}");
    private static final Pattern URI = Pattern.compile("[^;\\n]+\\.\\d+;tcp4://\\d+\\.\\d+\\.\\d+\\.\\d+:\\d+");

    private static Path exe;

    @TempDir
    Path tmp;

    @BeforeAll
    static void build() {
        exe = NativeBuild.pmixProgram(Path.of("src", "test", "c", "sessiondir_rndz.c"));
    }

    private static String host() {
        return HostName.resolve(List.of(), System.getenv());
    }

    /** A file's text with the fields that legitimately differ (URI, pid, time) replaced by markers. */
    private static String shape(String text, long pid) {
        String[] l = text.split("\n", -1);
        assertEquals(7, l.length, "5 lines, a newline after each, and one more:\n" + text);
        assertTrue(URI.matcher(l[0]).matches(), l[0]);
        assertEquals(Long.toString(pid), l[2]);
        assertTrue(CTIME.matcher(l[4]).matches(), "ctime line: '" + l[4] + "'");
        l[0] = "<uri>";
        l[2] = "<pid>";
        l[4] = "<time>";
        return String.join("\n", l);
    }

    @Test
    void ourFilesHaveTheNamesAndFormatOfLibpmixFiles() throws Exception {
        // libpmix's files
        Path lib = tmp.resolve("lib");
        Path copies = Files.createDirectories(tmp.resolve("copies"));
        Run.Result r = Run.command(exe.toString(), "server", lib.resolve("sys").toString(),
                lib.resolve("sys/srv").toString(), copies.toString())
                .env("PMIX_MCA_gds", "hash").timeout(Duration.ofSeconds(60)).go();
        assertEquals(0, r.exitCode(), r.all());
        assertTrue(r.stdout().contains("INIT 0 "), r.all());
        Matcher pm = Pattern.compile("PID (\\d+)").matcher(r.stdout());
        assertTrue(pm.find(), r.all());
        long libPid = Long.parseLong(pm.group(1));
        Map<String, String> libShapes = new TreeMap<>();
        Map<String, String> libModes = new TreeMap<>();
        Matcher fm = Pattern.compile("FILE (sys|srv) (\\S+) (\\d+) (\\d+)").matcher(r.stdout());
        while (fm.find()) {
            String key = fm.group(1) + "/" + fm.group(2).replace(Long.toString(libPid), "<pid>");
            libShapes.put(key, shape(Files.readString(copies.resolve(fm.group(1) + "." + fm.group(2))), libPid));
            libModes.put(key, fm.group(3));
        }
        assertTrue(r.stdout().contains("FINALIZE 0"), r.all());
        assertEquals(4, libShapes.size(), r.all());

        // ours, for the same attributes
        String version = Files.readString(copies.resolve("sys.pmix.sys." + host())).split("\n")[1];
        Path our = tmp.resolve("our");
        List<Info> attrs = List.of(
                Attributes.SYSTEM_TMPDIR.info(our.resolve("sys").toString()),
                Attributes.SERVER_TMPDIR.info(our.resolve("sys/srv").toString()),
                Attributes.SERVER_TOOL_SUPPORT.info(true),
                Attributes.SERVER_SYSTEM_SUPPORT.info(true),
                Attributes.SERVER_SESSION_SUPPORT.info(true));
        ServerIdentity me = ServerIdentity.ofThisProcess("rndzsrv", 0, attrs, System.getenv());
        Map<String, String> ourShapes = new TreeMap<>();
        try (SessionDirectories sd = SessionDirectories.create(me, attrs, Map.of())) {
            for (RendezvousLocation f : sd.writeRendezvousFiles("rndzsrv.0;tcp4://127.0.0.1:45678", version)) {
                String label = f.path().getParent().equals(sd.systemTmpdir()) ? "sys" : "srv";
                String key = label + "/" + f.path().getFileName().toString().replace(Long.toString(me.pid()), "<pid>");
                ourShapes.put(key, shape(Files.readString(f.path()), me.pid()));
                assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(f.path())));
            }
        }
        assertEquals(libShapes.keySet(), ourShapes.keySet(), "file names (host '" + host() + "')\n" + r.all());
        assertEquals(libShapes, ourShapes, "contents, with URI, pid and time masked");
        // libpmix 4.2.2 makes them 0640 (fopen + chmod); ours are 0600 on purpose
        assertEquals(List.of("640"), libModes.values().stream().distinct().toList());
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"system", "pid", "nspace", "search", "file"})
    void libpmixToolFindsAndParsesOurFile(String how) throws Exception {
        // a write in progress (an empty temporary file of ours) lies next to the files: it must not matter
        assertTrue(connects(how, RendezvousWriter.TEMP_PREFIX + "partial.tmp", Duration.ofSeconds(30)),
                "the libpmix tool (" + how + ") never connected to the URI in our files");
    }

    @Test
    void halfWrittenFileUnderARendezvousNameWouldBreakTheToolSearch() throws Exception {
        // the contrast that makes the temporary naming matter: an empty file matching pmix.<host>.tool*
        // wrecks a 4.2.2 tool's search even when good files are present: its retry path in
        // pmix_ptl_base_parse_uri_file waits on a lock it never set up, so the tool hangs or, when that
        // file comes first, crashes (SIGSEGV). A visible half-written file would do the same.
        assertFalse(connects("search", "pmix." + host() + ".tool.partial", Duration.ofSeconds(3)));
    }

    /**
     * Writes our rendezvous files (system, session, tool pid/nspace, launcher) for a URI on which this test
     * listens, drops an empty file called {@code strayName} into both tmpdirs, and runs the libpmix tool
     * with the given discovery mode. True when the tool connected and sent its connect request.
     */
    private boolean connects(String how, String strayName, Duration wait) throws Exception {
        Path sys = tmp.resolve("sys");
        Path launcher = tmp.resolve("launch/dir/contact");
        try (ServerSocket listener = new ServerSocket(0, 8, InetAddress.getLoopbackAddress())) {
            String uri = "javasrv.0;tcp4://127.0.0.1:" + listener.getLocalPort();
            List<Info> attrs = List.of(
                    Attributes.SYSTEM_TMPDIR.info(sys.toString()),
                    Attributes.SERVER_TMPDIR.info(sys.resolve("session").toString()),
                    Attributes.SERVER_TOOL_SUPPORT.info(true),
                    Attributes.SERVER_SYSTEM_SUPPORT.info(true),
                    Attributes.SERVER_SESSION_SUPPORT.info(true),
                    Attributes.LAUNCHER_RENDEZVOUS_FILE.info(launcher.toString()));
            ServerIdentity me = ServerIdentity.ofThisProcess("javasrv", 0, attrs, System.getenv());
            try (SessionDirectories sd = SessionDirectories.create(me, attrs, Map.of())) {
                sd.writeRendezvousFiles(uri, "4.2.2");
                Files.createFile(sd.systemTmpdir().resolve(strayName));
                Files.createFile(sd.serverTmpdir().resolve(strayName));
                List<String> cmd = new ArrayList<>(List.of(exe.toString(), "tool", sys.toString(), how));
                switch (how) {
                    case "pid" -> cmd.add(Long.toString(me.pid()));
                    case "nspace" -> cmd.add("javasrv");
                    case "file" -> cmd.add(launcher.toString());
                    default -> {
                    }
                }
                ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
                pb.environment().keySet().removeIf(k -> k.startsWith("PMIX_SERVER_URI"));
                pb.environment().put("PMIX_SYSTEM_TMPDIR", sys.toString());
                pb.environment().put("PMIX_MCA_gds", "hash");
                Process tool = pb.start();
                boolean connected = false;
                try {
                    // wait for a connection while the tool runs; stop once it has exited without one
                    listener.setSoTimeout(200);
                    long deadline = System.nanoTime() + wait.toNanos();
                    while (!connected && System.nanoTime() < deadline) {
                        try (Socket s = listener.accept(); InputStream in = s.getInputStream()) {
                            s.setSoTimeout(10_000);
                            byte[] head = in.readNBytes(23);
                            // the connect request: 16-byte header, then the security mode "native\0"
                            assertEquals(23, head.length);
                            assertArrayEquals("native\0".getBytes(StandardCharsets.US_ASCII),
                                    Arrays.copyOfRange(head, 16, 23));
                            connected = true;
                        } catch (SocketTimeoutException e) {
                            if (!tool.isAlive()) {
                                break;
                            }
                        }
                    }
                } finally {
                    if (!tool.waitFor(connected ? 30 : 1, TimeUnit.SECONDS)) {
                        tool.destroyForcibly();
                        tool.waitFor(10, TimeUnit.SECONDS);
                        return connected; // hung: its output is of no interest
                    }
                }
                String out = new String(tool.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                if (connected) {
                    assertTrue(out.contains("RC "), out); // PMIx_tool_init returned (an error: we hung up)
                }
                return connected;
            }
        }
    }
}
