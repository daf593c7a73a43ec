package org.pmix4j.cli;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import picocli.CommandLine;

/** {@code --version}: the pmix4j version (from the build) and the PMIx wire it speaks. */
final class Version implements CommandLine.IVersionProvider {
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
            "PMIx wire protocol: OpenPMIx 4.2 (bfrops v41, flex128 integers); PMIx Standard v4/v5 attributes",
            "Java " + Runtime.version() + " (" + System.getProperty("java.vendor") + ")"};
    }
}
