package org.pmix4j.api.internal;

import java.util.Arrays;

/** SLF4J's message convention, for the backends that do not have it: each {@code {}} takes the next argument. */
final class Placeholders {
    private Placeholders() {
    }

    /**
     * The message with its first {@code count} arguments in place of its {@code {}} pairs, in order; a
     * {@code {}} left without an argument stays as it is, an argument left without a {@code {}} is dropped
     * (as SLF4J does). Arrays print their elements.
     */
    static String fill(String message, Object[] args, int count) {
        if (message == null || count == 0) {
            return message;
        }
        StringBuilder sb = new StringBuilder(message.length() + 16 * count);
        int from = 0;
        int used = 0;
        while (used < count) {
            int at = message.indexOf("{}", from);
            if (at < 0) {
                break;
            }
            sb.append(message, from, at).append(text(args[used++]));
            from = at + 2;
        }
        return sb.append(message, from, message.length()).toString();
    }

    private static String text(Object arg) {
        if (arg instanceof Object[] array) {
            return Arrays.deepToString(array);
        }
        if (arg != null && arg.getClass().isArray()) {
            return switch (arg) {
                case byte[] a -> Arrays.toString(a);
                case int[] a -> Arrays.toString(a);
                case long[] a -> Arrays.toString(a);
                default -> String.valueOf(arg);
            };
        }
        return String.valueOf(arg);
    }
}
