package org.pmix4j.wire;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Value;

/**
 * The payload of PMIX_COMPRESSED_STRING and PMIX_COMPRESSED_BYTE_OBJECT as libpmix's zlib component
 * makes it: the uncompressed length as 4 bytes in the sender's byte order (little-endian on every
 * platform PMIx runs on in practice), then a zlib stream (level 9). For a string the length does not
 * count a NUL and none is compressed.
 *
 * <p>libpmix 4.2.2 never sends these (its size check always declines to compress) and its string
 * decompressor is faulty, so pmix4j does not send compressed strings to 4.2 peers; it only reads them.
 */
public final class Compression {
    /** A sane ceiling for one uncompressed value, so a forged length cannot make us allocate gigabytes. */
    public static final int MAX_UNCOMPRESSED = 256 << 20;

    private Compression() {
    }

    /**
     * A PMIX_COMPRESSED_STRING of a string.
     *
     * @param s the string
     * @return the compressed value
     */
    public static Value.CompressedString compressString(String s) {
        return new Value.CompressedString(compress(CString.encode(s)));
    }

    /**
     * The string a PMIX_COMPRESSED_STRING holds.
     *
     * @param c the compressed value
     * @return the string
     * @throws WireFormatException when the payload is not what libpmix makes
     */
    public static String decompressString(Value.CompressedString c) {
        byte[] b = decompress(c.bytes());
        return CString.decode(b, 0, b.length);
    }

    /**
     * A PMIX_COMPRESSED_BYTE_OBJECT of bytes.
     *
     * @param b the bytes
     * @return the compressed value
     */
    public static Value.CompressedBytes compressBytes(byte[] b) {
        return new Value.CompressedBytes(compress(b));
    }

    /**
     * The bytes a PMIX_COMPRESSED_BYTE_OBJECT holds.
     *
     * @param c the compressed value
     * @return the bytes
     * @throws WireFormatException when the payload is not what libpmix makes
     */
    public static byte[] decompressBytes(Value.CompressedBytes c) {
        return decompress(c.bytes());
    }

    static byte[] compress(byte[] data) {
        Deflater d = new Deflater(Deflater.BEST_COMPRESSION);
        try {
            d.setInput(data);
            d.finish();
            ByteArrayOutputStream out = new ByteArrayOutputStream(data.length / 2 + 16);
            out.writeBytes(ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(data.length).array());
            byte[] chunk = new byte[8192];
            while (!d.finished()) {
                int n = d.deflate(chunk);
                out.write(chunk, 0, n);
            }
            return out.toByteArray();
        } finally {
            d.end();
        }
    }

    static byte[] decompress(byte[] payload) {
        if (payload.length < 4) {
            throw new PmixException(PmixStatus.PMIX_ERR_UNPACK_FAILURE,
                    "compressed payload of " + payload.length + " bytes has no 4-byte length");
        }
        int len = ByteBuffer.wrap(payload, 0, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
        // zlib cannot expand more than about 1032:1, so a larger claim is a lie we need not allocate for
        if (len < 0 || len > MAX_UNCOMPRESSED || (long) len > (payload.length - 4L) * 1100 + 64) {
            throw new PmixException(PmixStatus.PMIX_ERR_UNPACK_FAILURE,
                    "compressed payload claims " + Integer.toUnsignedString(len) + " bytes uncompressed");
        }
        Inflater inf = new Inflater();
        try {
            inf.setInput(payload, 4, payload.length - 4);
            byte[] out = new byte[len];
            int n = 0;
            while (n < len && !inf.finished()) {
                int k = inf.inflate(out, n, len - n);
                if (k == 0 && (inf.needsInput() || inf.needsDictionary())) {
                    break;
                }
                n += k;
            }
            if (n != len) {
                throw new PmixException(PmixStatus.PMIX_ERR_UNPACK_FAILURE,
                        "compressed payload inflates to " + n + " bytes, its header says " + len);
            }
            return out;
        } catch (DataFormatException e) {
            throw new PmixException(PmixStatus.PMIX_ERR_UNPACK_FAILURE, "bad zlib stream: " + e.getMessage());
        } finally {
            inf.end();
        }
    }
}
