package org.pmix4j.runtime.cluster;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.Test;

/** The frame on the stream: its length is checked before anything is read or made for the body. */
class FrameTest {
    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    private static DataInputStream stream(int length, int... ints) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(b);
        out.writeInt(length);
        for (int i : ints) {
            out.writeInt(i);
        }
        return new DataInputStream(new ByteArrayInputStream(b.toByteArray()));
    }

    @Test
    void lengthsBelowTheHeaderAreRefusedNamingTheLength() throws IOException {
        for (int length : new int[] {11, 0, -1, Integer.MIN_VALUE}) {
            DataInputStream in = stream(length, 1, 2, 3, 4);
            IOException e = assertThrows(IOException.class, () -> Frame.readFrom(in));
            assertTrue(e.getMessage().contains(length + " bytes"), e.getMessage());
        }
    }

    @Test
    void lengthsAboveTheLimitAreRefusedNamingTheLength() throws IOException {
        for (int length : new int[] {Frame.MAX_LENGTH + 1, Integer.MAX_VALUE}) {
            DataInputStream in = stream(length, 1, 2, 3);
            IOException e = assertThrows(IOException.class, () -> Frame.readFrom(in));
            assertTrue(e.getMessage().contains(length + " bytes"), e.getMessage());
            assertTrue(e.getMessage().contains(Integer.toString(Frame.MAX_LENGTH)), e.getMessage());
        }
    }

    @Test
    void aHeaderAloneIsAFrameWithAnEmptyBody() throws IOException {
        Frame f = Frame.readFrom(stream(12, 5, 6, 18));
        assertEquals(5, f.destination());
        assertEquals(6, f.origin());
        assertEquals(18, f.kind());
        assertArrayEquals(new byte[0], f.body());
    }

    @Test
    void aFrameCutShortIsAnEofException() throws IOException {
        assertThrows(EOFException.class, () -> Frame.readFrom(stream(20, 1, 2, 3, 4)));
        assertThrows(EOFException.class, () -> Frame.readFrom(stream(12, 1)));
        assertThrows(EOFException.class, () -> Frame.readFrom(new DataInputStream(new ByteArrayInputStream(
                new byte[] {0, 0}))));
    }

    /**
     * A header claiming the largest frame, followed by nothing: the frame fails at the end of the stream
     * without a buffer of the claimed size having been made. Before any peer has proven the secret, its
     * first frame is read like this, so a stranger must not make a daemon allocate 256 MB per connection
     * with twelve bytes.
     */
    @Test
    void aHeaderClaimingTheLargestFrameCostsOnlyWhatArrives() throws IOException {
        DataInputStream in = stream(Frame.MAX_LENGTH, 1, 2, 3, 0x01020304, 0x05060708);
        long before = THREADS.getCurrentThreadAllocatedBytes();
        assertThrows(EOFException.class, () -> Frame.readFrom(in));
        long allocated = THREADS.getCurrentThreadAllocatedBytes() - before;
        assertTrue(allocated < 1 << 20, "reading 20 bytes of a frame claiming " + Frame.MAX_LENGTH
                + " allocated " + allocated + " bytes");
    }
}
