package org.pmix4j.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HexFormat;
import org.junit.jupiter.api.Test;
import org.pmix4j.api.DataType;
import org.pmix4j.api.PmixStatus;

/** Malformed input gets one typed exception that says what was wrong and at which byte. */
class BadInputTest {
    private static WireFormatException decode(String hex, DataType type) {
        return decode(hex, type, BufferKind.NON_DESCRIBED);
    }

    private static WireFormatException decode(String hex, DataType type, BufferKind kind) {
        byte[] b = HexFormat.of().parseHex(hex.replace(" ", ""));
        return assertThrows(WireFormatException.class, () -> new Unpacker(b, kind).unpack(type));
    }

    private static void assertProblem(WireFormatException e, String words, int offset) {
        assertTrue(e.getMessage().contains(words), "message '" + e.getMessage() + "' should mention '" + words + "'");
        assertEquals(offset, e.offset(), "offset in '" + e.getMessage() + "'");
        assertEquals(PmixStatus.PMIX_ERR_UNPACK_FAILURE, e.status());
    }

    @Test
    void truncatedStringNamesTheShortfall() {
        // count 1, string of length 6 ("hello\0" needs 6) but only 3 bytes follow
        assertProblem(decode("02 0c 68 65 6c", DataType.STRING), "more than the 3 remaining bytes", 1);
    }

    @Test
    void stringWithoutItsNul() {
        assertProblem(decode("02 06 61 62 63", DataType.STRING), "does not end with a NUL", 1);
    }

    @Test
    void negativeLengthIsRefused() {
        assertProblem(decode("02 09", DataType.STRING), "negative", 1);
    }

    @Test
    void countLargerThanTheInputIsRefusedBeforeAllocating() {
        // count 2^31-1 infos with 4 bytes left
        assertProblem(decode("fe ff ff ff 0f 00 00 00 00", DataType.INFO), "more than the 4 remaining bytes", 0);
    }

    @Test
    void varintThatDoesNotEnd() {
        assertProblem(decode("02 ff ff ff", DataType.UINT64), "truncated varint", 1);
    }

    @Test
    void varintTooWideForItsType() {
        // 65536 does not fit a uint16 (libpmix refuses it the same way)
        assertProblem(decode("02 80 80 04", DataType.UINT16), "too large for 16 bits", 1);
    }

    @Test
    void unknownTypeTagInAValue() {
        assertProblem(decode("02 1d", DataType.VALUE), "unknown or unsupported data type code 29", 1);
        assertProblem(decode("02 c8 01", DataType.VALUE), "code 200", 1);
    }

    @Test
    void sixDotXTypesAreUnknownToTheFourDotTwoWire() {
        assertProblem(decode("02 46", DataType.VALUE), "PMIX_DEVICE", 1);
    }

    @Test
    void nullKeyOfAnInfo() {
        assertProblem(decode("02 00 00 00", DataType.INFO), "info key is NULL", 1);
    }

    @Test
    void deepNestingIsBounded() {
        // a value holding an array of values holding an array of values ... 1000 levels
        String level = "27 15 01"; // tag DATA_ARRAY, element type VALUE, size 1
        String hex = "02 " + (level + " ").repeat(1000) + "00";
        WireFormatException e = decode(hex, DataType.VALUE);
        assertTrue(e.getMessage().contains("nested more than"), e.getMessage());
    }

    @Test
    void fullyDescribedPackOfAnotherType() {
        // a fully-described pack of one INT32 read as STRING
        assertProblem(decode("09 02 09 02", DataType.STRING, BufferKind.FULLY_DESCRIBED), "expected PMIX_STRING", 2);
    }

    @Test
    void pidTaggedWithANonIntegerType() {
        assertProblem(decode("02 03 02", DataType.PID), "non-integer type PMIX_STRING", 1);
    }

    @Test
    void emptyInputIsTruncation() {
        assertProblem(decode("", DataType.INT32), "truncated varint", 0);
    }
}
