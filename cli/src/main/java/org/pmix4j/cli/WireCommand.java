package org.pmix4j.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.pmix4j.api.DataType;
import org.pmix4j.wire.BufferKind;
import org.pmix4j.wire.Packer;
import org.pmix4j.wire.Unpacker;
import org.pmix4j.wire.text.ValueText;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code pmix4j wire decode|encode}: turn PMIx bytes into readable text and back. */
@Command(name = "wire", mixinStandardHelpOptions = true,
        description = "Decode and encode PMIx wire buffers (OpenPMIx 4.2, bfrops v41).",
        subcommands = {WireCommand.Decode.class, WireCommand.Encode.class})
final class WireCommand implements Runnable {
    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(System.out);
    }

    /** Options shared by both directions. */
    static class Common {
        @Option(names = "--kind", paramLabel = "non-desc|fully-desc", defaultValue = "non-desc",
                description = "Buffer kind: non-desc (the default of every release build) or fully-desc "
                        + "(PMIX_BFROP_BUFFER_TYPE=PMIX_BFROP_BUFFER_FULLY_DESC). Default: ${DEFAULT-VALUE}.")
        String kind;

        @Option(names = {"-i", "--input"}, paramLabel = "FILE", description = "Read FILE instead of stdin.")
        Path input;

        BufferKind bufferKind() {
            return switch (kind) {
                case "non-desc", "non-described", "1" -> BufferKind.NON_DESCRIBED;
                case "fully-desc", "fully-described", "2" -> BufferKind.FULLY_DESCRIBED;
                default -> throw new IllegalArgumentException("--kind: '" + kind + "' is neither non-desc nor fully-desc");
            };
        }

        byte[] readInput() throws IOException {
            if (input != null) {
                return Files.readAllBytes(input);
            }
            try (InputStream in = System.in) {
                return in.readAllBytes();
            }
        }
    }

    @Command(name = "decode", mixinStandardHelpOptions = true,
            description = {"Print the packs of a buffer as text, one pack per line: TYPE [item, ...].",
                "Input is hex (white space ignored) or raw bytes; by default the format is guessed."},
            footer = {"", "Examples:",
                "  echo 020c68656c6c6f00 | pmix4j wire decode --type STRING",
                "      STRING [\"hello\"]",
                "  pmix4j wire decode --type STRING,KVAL* -i jobinfo.bin   (an nspace, then KVALs to the end)",
                "  pmix4j wire decode --kind fully-desc -i fd.hex          (types read from the buffer)"})
    static final class Decode implements java.util.concurrent.Callable<Integer> {
        @picocli.CommandLine.Mixin
        Common common = new Common();

        @Option(names = {"-t", "--type"}, paramLabel = "TYPE[,TYPE...][*]", split = ",",
                description = "The type of each pack in order (INT32, PMIX_STRING, INFO ...). A '*' after the "
                        + "last type repeats it to the end. Optional for fully-desc buffers.")
        List<String> types = new ArrayList<>();

        @Option(names = "--format", paramLabel = "auto|hex|raw", defaultValue = "auto",
                description = "Input format. Default: ${DEFAULT-VALUE}.")
        String format;

        @Override
        public Integer call() throws IOException {
            byte[] bytes = toBytes(common.readInput(), format);
            BufferKind kind = common.bufferKind();
            Unpacker u = new Unpacker(bytes, kind);
            List<ValueText.Pack> packs = new ArrayList<>();
            int i = 0;
            while (u.hasRemaining()) {
                DataType t = typeFor(i++, kind, u);
                packs.add(new ValueText.Pack(t, u.unpack(t)));
                if (t == null) {
                    break;
                }
            }
            System.out.print(ValueText.formatPacks(packs));
            return 0;
        }

        private DataType typeFor(int index, BufferKind kind, Unpacker u) {
            if (types.isEmpty()) {
                if (kind == BufferKind.FULLY_DESCRIBED) {
                    return u.peekPackType();
                }
                throw new IllegalArgumentException("a non-described buffer does not say its types: give --type");
            }
            String last = types.get(types.size() - 1);
            boolean repeat = last.endsWith("*");
            String name;
            if (index < types.size()) {
                name = types.get(index);
            } else if (repeat) {
                name = last;
            } else {
                throw new IllegalArgumentException("--type names " + types.size() + " pack(s) but the buffer has "
                        + u.remaining() + " more bytes at offset " + u.position() + " (end the list with '*' to repeat)");
            }
            return parseType(name.endsWith("*") ? name.substring(0, name.length() - 1) : name);
        }
    }

    @Command(name = "encode", mixinStandardHelpOptions = true,
            description = "Turn the text that 'wire decode' prints back into bytes (hex by default).",
            footer = {"", "Example:",
                "  echo 'INFO [{key: \"pmix.job.size\", flags: NONE, value: UINT32 4}]' | pmix4j wire encode"})
    static final class Encode implements java.util.concurrent.Callable<Integer> {
        @picocli.CommandLine.Mixin
        Common common = new Common();

        @Option(names = {"-t", "--type"}, paramLabel = "TYPE[,TYPE...]", split = ",",
                description = "If given, the types the packs must have, in order (a check; the text names them).")
        List<String> types = new ArrayList<>();

        @Option(names = "--format", paramLabel = "hex|raw", defaultValue = "hex",
                description = "Output format. Default: ${DEFAULT-VALUE}.")
        String format;

        @Override
        public Integer call() throws IOException {
            String text = new String(common.readInput(), StandardCharsets.UTF_8);
            List<ValueText.Pack> packs = ValueText.parsePacks(text);
            Packer p = new Packer(common.bufferKind());
            for (int i = 0; i < packs.size(); i++) {
                ValueText.Pack pk = packs.get(i);
                if (i < types.size()) {
                    String name = types.get(i);
                    DataType want = parseType(name.endsWith("*") ? name.substring(0, name.length() - 1) : name);
                    if (want != pk.type()) {
                        throw new IllegalArgumentException("pack " + (i + 1) + " is " + pk.type() + ", --type says " + want);
                    }
                }
                p.pack(pk.type(), pk.items());
            }
            PrintStream out = System.out;
            switch (format) {
                case "hex" -> out.println(HexFormat.of().formatHex(p.toByteArray()));
                case "raw" -> {
                    out.write(p.toByteArray());
                    out.flush();
                }
                default -> throw new IllegalArgumentException("--format: '" + format + "' is neither hex nor raw");
            }
            return 0;
        }
    }

    static DataType parseType(String name) {
        DataType t = DataType.forName(name.trim().toUpperCase(java.util.Locale.ROOT));
        if (t == null) {
            throw new IllegalArgumentException("--type: '" + name + "' is not a PMIx data type (e.g. INT32, STRING, INFO)");
        }
        return t;
    }

    /** Hex text (white space allowed) or raw bytes. */
    static byte[] toBytes(byte[] input, String format) {
        boolean looksHex = input.length > 0;
        for (byte b : input) {
            if (!(Character.isWhitespace(b) || Character.digit(b, 16) >= 0)) {
                looksHex = false;
                break;
            }
        }
        boolean hex = switch (format) {
            case "hex" -> true;
            case "raw" -> false;
            case "auto" -> looksHex;
            default -> throw new IllegalArgumentException("--format: '" + format + "' is not auto, hex or raw");
        };
        if (!hex) {
            return input;
        }
        String digits = new String(input, StandardCharsets.US_ASCII).replaceAll("\\s+", "");
        try {
            return HexFormat.of().parseHex(digits);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("input is not hex (" + e.getMessage() + ")");
        }
    }
}
