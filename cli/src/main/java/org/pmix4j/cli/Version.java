package org.pmix4j.cli;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import org.pmix4j.runtime.json.Json;
import picocli.CommandLine;

/** {@code --version}: the pmix4j version (from the build) and the PMIx wire it speaks. */
final class Version implements CommandLine.IVersionProvider {
    /** The OpenPMIx release whose wire protocol we speak, and the buffer-operations version of it. */
    static final String WIRE = "4.2";
    static final String BFROPS = "v41";
    /** The PMIx Standard versions whose attributes we serve. */
    static final String STANDARD = "4.0";

    static String number() {
        Properties p = new Properties();
        try (InputStream in = Version.class.getResourceAsStream("version.properties")) {
            if (in != null) {
                p.load(in);
            }
        } catch (IOException e) {
            // fall through to "unknown": a version line is not worth failing for
        }
        return p.getProperty("version", "unknown");
    }

    @Override
    public String[] getVersion() {
        return new String[] {
            "pmix4j " + number(),
            "PMIx wire protocol: OpenPMIx " + WIRE + " (bfrops " + BFROPS + ", flex128 integers); PMIx Standard v4/v5 "
                    + "attributes",
            "Java " + Runtime.version() + " (" + System.getProperty("java.vendor") + ")"};
    }

    /** The same as one JSON document (docs/json.md, "version"). */
    static String json() {
        return Json.object().put("type", "version").put("pmix4j", number())
                .put("pmixStandard", STANDARD).put("openpmixWire", WIRE).put("bfrops", BFROPS)
                .put("java", Json.object().put("version", Runtime.version().toString())
                        .put("feature", Runtime.version().feature()).put("vendor", System.getProperty("java.vendor"))
                        .put("home", System.getProperty("java.home")))
                .toString();
    }
}
