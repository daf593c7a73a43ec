package org.pmix4j.server.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The fuzz campaign's log check sees what it must: errors and exceptions, only while recording. */
class ServerLogRecorderTest {
    private static final Logger LOG = LoggerFactory.getLogger(ServerLogRecorderTest.class);

    @Test
    void recordsErrorsAndExceptionsOnlyWhileRecording() {
        assertTrue(ServerLogRecorder.bound(), "the recorder is the slf4j binding of the server's tests");
        LOG.error("before recording");
        ServerLogRecorder.start();
        LOG.warn("a peer's bad input: {}", "no exception");
        LOG.warn("a handler failed: {}", "with one", new IllegalStateException("boom"));
        LOG.error("an error {}", 42);
        LOG.info("not kept");
        List<String> got = ServerLogRecorder.stop();
        LOG.error("after recording");
        assertEquals(2, got.size(), got.toString());
        assertTrue(got.get(0).contains("a handler failed: with one") && got.get(0).contains("boom"), got.get(0));
        assertTrue(got.get(1).contains("an error 42"), got.get(1));
    }
}
