package org.pmix4j.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.client.tool.PmixTool;
import org.pmix4j.server.HostModule;
import org.pmix4j.server.PmixServer;

/**
 * A Java tool asking for a name another tool has is refused with PMIX_ERR_EXISTS (a libpmix 4.2.2 tool
 * loses that status; see the server's ToolIdentityTest), and may have it once the other has left.
 */
class ToolIdentityJavaToolTest {
    @TempDir
    Path tmp;

    @Test
    void aSecondJavaToolWithTheSameNameGetsExistsUntilTheFirstHasFinalized() {
        try (PmixServer s = PmixServer.start(new HostModule() {
        }, List.of(Attributes.SERVER_TMPDIR.info(tmp.toString()), Attributes.SYSTEM_TMPDIR.info(tmp.toString()),
                Attributes.SERVER_TOOL_SUPPORT.info(true)))) {
            PmixTool first = PmixTool.init(Attributes.SERVER_URI.info(s.uri()), Attributes.TOOL_NSPACE.info("jfixed"),
                    Attributes.TOOL_RANK.info(1));
            PmixException e = assertThrows(PmixException.class, () -> PmixTool.init(Attributes.SERVER_URI.info(s.uri()),
                    Attributes.TOOL_NSPACE.info("jfixed"), Attributes.TOOL_RANK.info(1)).close());
            assertEquals(PmixStatus.PMIX_ERR_EXISTS, e.status(), e.getMessage());
            first.close();
            PmixTool.init(Attributes.SERVER_URI.info(s.uri()), Attributes.TOOL_NSPACE.info("jfixed"),
                    Attributes.TOOL_RANK.info(1)).close();
        }
    }
}
