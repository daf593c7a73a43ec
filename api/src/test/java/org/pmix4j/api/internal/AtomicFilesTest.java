package org.pmix4j.api.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AtomicFilesTest {
    @TempDir
    Path dir;

    private List<String> names() throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void aFileIsMadeThenReplacedWholeAndNothingIsLeftBeside() throws IOException {
        Path f = dir.resolve("ready");
        AtomicFiles.replace(f, "first\n".getBytes(StandardCharsets.UTF_8));
        assertEquals("first\n", Files.readString(f));
        AtomicFiles.replace(f, new byte[] {1, 2, 3});
        assertArrayEquals(new byte[] {1, 2, 3}, Files.readAllBytes(f));
        assertEquals(List.of("ready"), names(), "the temporary file is gone");
    }

    @Test
    void aFileThatCannotBeWrittenFailsAndLeavesNothing() throws IOException {
        Path f = dir.resolve("missing-dir").resolve("ready");
        assertThrows(IOException.class, () -> AtomicFiles.replace(f, new byte[] {1}));
        assertEquals(List.of(), names());
    }
}
