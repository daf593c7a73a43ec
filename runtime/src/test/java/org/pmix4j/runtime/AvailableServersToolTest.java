package org.pmix4j.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.DataArray;
import org.pmix4j.api.Info;
import org.pmix4j.api.Proc;
import org.pmix4j.api.Query;
import org.pmix4j.api.Value;
import org.pmix4j.client.tool.PmixTool;
import org.pmix4j.server.HostModule;
import org.pmix4j.server.PmixServer;

/**
 * The Java tool library asks the server it is connected to for PMIX_QUERY_AVAIL_SERVERS (libpmix answers
 * it in the tool itself; the Java library sends it): with two pmix4j servers up, one the system server, it
 * learns of both, each with its namespace, URI and pid, and which is the system server.
 */
class AvailableServersToolTest {
    @TempDir
    Path tmp;

    /** Names each connecting tool. */
    private static final HostModule NAMES_TOOLS = new HostModule() {
        @Override
        public CompletionStage<Proc> toolConnected(List<Info> info) {
            return CompletableFuture.completedFuture(new Proc("availtool", 0));
        }
    };

    private PmixServer start(String nspace, String dir, boolean system) {
        return PmixServer.start(NAMES_TOOLS, List.of(Attributes.SERVER_NSPACE.info(nspace),
                Attributes.SERVER_TMPDIR.info(tmp.resolve(dir).toString()), Attributes.SYSTEM_TMPDIR.info(tmp.toString()),
                Attributes.SERVER_TOOL_SUPPORT.info(true), Attributes.SERVER_SYSTEM_SUPPORT.info(system)));
    }

    @Test
    void theJavaToolLearnsOfBothServers() {
        try (PmixServer a = start("javail-a", "a", true); PmixServer b = start("javail-b", "b", false);
                PmixTool tool = PmixTool.init(Attributes.SERVER_URI.info(b.uri()))) {
            List<Info> results = tool.query(List.of(new Query(List.of(Attributes.QUERY_AVAIL_SERVERS.key()),
                    List.of())));
            DataArray servers = Attributes.QUERY_AVAIL_SERVERS.find(results).orElseThrow();
            List<List<Info>> found = new ArrayList<>();
            for (Value v : servers.elements()) {
                Info server = (Info) v;
                assertEquals(Attributes.SERVER_INFO_ARRAY.key(), server.key());
                List<Info> fields = new ArrayList<>();
                ((DataArray) server.value()).elements().forEach(f -> fields.add((Info) f));
                found.add(fields);
            }
            assertEquals(2, found.size(), results.toString());
            for (PmixServer s : List.of(a, b)) {
                List<Info> fields = found.stream()
                        .filter(f -> Attributes.SERVER_NSPACE.find(f).orElse("").equals(s.self().nspace()))
                        .findFirst().orElseThrow(() -> new AssertionError(s.self() + " not in " + results));
                assertEquals(s.uri(), Attributes.SERVER_URI.find(fields).orElseThrow());
                assertEquals((int) ProcessHandle.current().pid(), Attributes.SERVER_PIDINFO.find(fields).orElseThrow());
                assertEquals(s == a, Attributes.SERVER_SYSTEM_SUPPORT.find(fields).orElse(false), fields.toString());
            }
        }
    }
}
