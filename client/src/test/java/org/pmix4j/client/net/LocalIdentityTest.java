package org.pmix4j.client.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** LocalIdentity reads /proc/self by hand (for start-up time): it must agree with the JDK's own answers. */
class LocalIdentityTest {
    @Test
    void agreesWithTheJdkOnPidUidAndGid() {
        LocalIdentity me = LocalIdentity.current();
        com.sun.security.auth.module.UnixSystem unix = new com.sun.security.auth.module.UnixSystem();
        assertEquals(ProcessHandle.current().pid(), me.pid());
        assertEquals((int) unix.getUid(), me.uid());
        assertEquals((int) unix.getGid(), me.gid());
        String command = ProcessHandle.current().info().command().orElse("java");
        assertTrue(me.cmdLine().startsWith(command), me.cmdLine() + " does not start with " + command);
    }
}
