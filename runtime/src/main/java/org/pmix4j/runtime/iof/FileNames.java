package org.pmix4j.runtime.iof;

import java.nio.file.Path;

/**
 * Where {@code --output dir=} and {@code --output file=} put a process's output, named as OpenPMIx names
 * the files PRRTE's runs produce (facts from {@code pmix_iof_setup} and observed runs):
 * <ul>
 * <li>{@code dir=D}: {@code D/<nspace>/rank.<N>/stdout} and {@code .../stderr}; with merge only
 * {@code stdout};</li>
 * <li>{@code file=F}: {@code F.<nspace>.<N>.out} and {@code .err}; with merge only {@code .out};</li>
 * <li>{@code file=P:pattern}: P with {@code %n} (nspace), {@code %r} (rank), {@code %R} (padded rank),
 * {@code %h} (host), {@code %%} expanded, then {@code .out}/{@code .err}.</li>
 * </ul>
 * N is the rank zero-padded to the number of digits of the job size ({@code 00} ... {@code 11} for 12
 * processes), in both layouts.
 */
final class FileNames {
    private FileNames() {
    }

    /** The file this stream of this process is written to, or {@code null} when output does not go to files. */
    static Path path(OutputOptions o, OutputChannel channel, String nspace, int rank, int jobSize, String host) {
        boolean out = channel == OutputChannel.STDOUT || o.merge();
        String padded = padded(rank, jobSize);
        if (o.directory() != null) {
            return o.directory().resolve(nspace).resolve("rank." + padded).resolve(out ? "stdout" : "stderr");
        }
        if (o.file() != null) {
            String suffix = out ? ".out" : ".err";
            String name = o.pattern() ? expand(o.file().toString(), nspace, rank, jobSize, host)
                    : o.file() + "." + nspace + "." + padded;
            return Path.of(name + suffix);
        }
        return null;
    }

    /** The rank zero-padded to as many digits as the job size has. */
    static String padded(int rank, int jobSize) {
        String r = Integer.toUnsignedString(rank);
        int width = Integer.toString(Math.max(jobSize, 1)).length();
        return r.length() >= width ? r : "0".repeat(width - r.length()) + r;
    }

    /** @throws IllegalArgumentException naming the first conversion that is not one of %n %r %R %h %% */
    static void checkPattern(String pattern) {
        expand(pattern, "", 0, 1, "");
    }

    static String expand(String pattern, String nspace, int rank, int jobSize, String host) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < pattern.length(); i++) {
            char c = pattern.charAt(i);
            if (c != '%') {
                sb.append(c);
                continue;
            }
            if (++i == pattern.length()) {
                throw badConversion(pattern, "%");
            }
            switch (pattern.charAt(i)) {
                case 'n' -> sb.append(nspace);
                case 'r' -> sb.append(Integer.toUnsignedString(rank));
                case 'R' -> sb.append(padded(rank, jobSize));
                case 'h' -> sb.append(host);
                case '%' -> sb.append('%');
                default -> throw badConversion(pattern, "%" + pattern.charAt(i));
            }
        }
        return sb.toString();
    }

    private static IllegalArgumentException badConversion(String pattern, String conv) {
        return new IllegalArgumentException(OutputOptions.OPTION + ": the output file pattern '" + pattern
                + "' contains the unknown conversion '" + conv + "'; supported are %n (namespace), %r (rank), "
                + "%R (rank zero-padded to the job size's width), %h (host name) and %% (a literal %)");
    }
}
