package org.pmix4j.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * An appfile ({@code --app FILE}, mpirun's and prterun's): one application per line, written as it would
 * be after {@code mpirun} ({@code -np 2 -x A=1 ./prog arg}); blank lines and '#' comments are skipped.
 * Words are separated by blanks; single or double quotes keep blanks inside a word.
 */
final class Appfile {
    private Appfile() {
    }

    /** Each application's words, in the file's order. */
    static List<List<String>> read(String file) {
        List<String> lines;
        try {
            lines = Files.readAllLines(Path.of(file));
        } catch (IOException e) {
            throw new IllegalArgumentException("--app " + file + ": cannot read it (" + e.getMessage() + ")");
        }
        List<List<String>> apps = new ArrayList<>();
        int n = 0;
        for (String line : lines) {
            n++;
            String trimmed = line.strip();
            if (trimmed.isEmpty() || trimmed.startsWith("#")) {
                continue;
            }
            apps.add(words(file, n, trimmed));
        }
        if (apps.isEmpty()) {
            throw new IllegalArgumentException("--app " + file + ": the file names no application");
        }
        return apps;
    }

    private static List<String> words(String file, int lineNo, String line) {
        List<String> words = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        boolean inWord = false;
        char quote = 0;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                } else {
                    cur.append(c);
                }
            } else if (c == '\'' || c == '"') {
                quote = c;
                inWord = true;
            } else if (Character.isWhitespace(c)) {
                if (inWord) {
                    words.add(cur.toString());
                    cur.setLength(0);
                    inWord = false;
                }
            } else if (c == '#' && !inWord) {
                break;
            } else {
                cur.append(c);
                inWord = true;
            }
        }
        if (quote != 0) {
            throw new IllegalArgumentException("--app " + file + " line " + lineNo + ": a quote is not closed");
        }
        if (inWord) {
            words.add(cur.toString());
        }
        return words;
    }
}
