package org.pmix4j.client;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.pmix4j.api.DataType;
import org.pmix4j.api.Info;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.Proc;
import org.pmix4j.api.Value;
import org.pmix4j.wire.BufferKind;

class DataBufferTest {
    @Test
    void packUnpackCopyLoadUnload() {
        DataBuffer b = new DataBuffer();
        b.pack(Value.of("text")).pack(DataType.UINT32, List.of(new Value.UInt32(7), new Value.UInt32(8)));
        // PMIx_Data_pack of one string: count 1, then length and bytes with the NUL (libpmix's layout)
        assertEquals("020a746578740004", HexFormat.of().formatHex(b.bytes()).substring(0, 16));
        DataBuffer c = new DataBuffer().pack(new Proc("ns", 3)).copyPayload(b);
        assertEquals(new Proc("ns", 3), c.unpackOne(DataType.PROC));
        assertEquals(Value.of("text"), c.unpackOne(DataType.STRING));
        assertEquals(List.of(new Value.UInt32(7), new Value.UInt32(8)), c.unpack(DataType.UINT32));
        assertFalse(c.hasRemaining());
        DataBuffer d = DataBuffer.load(b.unload(), BufferKind.NON_DESCRIBED);
        assertEquals(Value.of("text"), d.unpackOne(DataType.STRING));
        assertThrows(PmixException.class, () -> d.unpack(DataType.STRING), "a UINT32 pack read as strings");
        DataBuffer i = new DataBuffer(BufferKind.FULLY_DESCRIBED).pack(DataType.INFO, List.of(Info.of("k", "v")));
        assertEquals(List.of(Info.of("k", "v")), i.unpack(DataType.INFO));
    }

    @Test
    void compressRoundTrip() {
        byte[] data = "abcabcabcabcabcabcabcabcabcabc".repeat(200).getBytes();
        assertArrayEquals(data, DataBuffer.decompress(DataBuffer.compress(data)));
    }
}
