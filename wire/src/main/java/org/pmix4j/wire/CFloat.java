package org.pmix4j.wire;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Locale;

/**
 * FLOAT and DOUBLE travel as the text of C's {@code printf("%f")}: six decimals, no exponent. To be
 * byte-identical with glibc we format the exact binary value rounded half-to-even to six places (Java's
 * own {@code %f} pads the shortest repr with zeros instead, which differs for large numbers), and we
 * parse leniently like {@code strtod}.
 */
public final class CFloat {
    private CFloat() {
    }

    /**
     * What glibc's {@code printf("%f", v)} prints.
     *
     * @param v the value
     * @return the text, e.g. {@code "3.140000"}
     */
    public static String format(double v) {
        if (Double.isNaN(v)) {
            return Double.doubleToRawLongBits(v) < 0 ? "-nan" : "nan";
        }
        if (Double.isInfinite(v)) {
            return v > 0 ? "inf" : "-inf";
        }
        String s = new BigDecimal(v).setScale(6, RoundingMode.HALF_EVEN).toPlainString();
        // BigDecimal has no negative zero; C keeps the sign of a negative value that rounds to zero
        if ((v < 0 || (v == 0 && 1 / v < 0)) && !s.startsWith("-")) {
            s = "-" + s;
        }
        return s;
    }

    /**
     * Parses like {@code strtod}: leading blanks, an optional sign, decimal or hexadecimal digits with an
     * optional exponent, {@code inf}/{@code infinity}/{@code nan}; text after the number is ignored and
     * text without one gives 0, as in C.
     *
     * @param text C text
     * @return the number
     */
    public static double parseDouble(String text) {
        String j = javaSyntax(text);
        if (j.equals("-NaN")) {
            return Double.longBitsToDouble(0xfff8_0000_0000_0000L);
        }
        try {
            return Double.parseDouble(j);
        } catch (NumberFormatException e) {
            return 0; // strtod's answer to text without a number; javaSyntax should not let this happen
        }
    }

    /**
     * As {@link #parseDouble}, rounding straight to float like {@code strtof} (no double rounding).
     *
     * @param text C text
     * @return the number
     */
    public static float parseFloat(String text) {
        String j = javaSyntax(text);
        if (j.equals("-NaN")) {
            return Float.intBitsToFloat(0xffc0_0000);
        }
        try {
            return Float.parseFloat(j);
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    /** The leading number of C text, rewritten in the syntax Java's parsers accept. */
    private static String javaSyntax(String text) {
        if (text == null) {
            return "0";
        }
        String s = text.stripLeading();
        int i = 0;
        String sign = "";
        if (i < s.length() && (s.charAt(i) == '+' || s.charAt(i) == '-')) {
            sign = s.charAt(i) == '-' ? "-" : "";
            i++;
        }
        String rest = s.substring(i).toLowerCase(Locale.ROOT);
        if (rest.startsWith("inf")) {
            return sign + "Infinity";
        }
        if (rest.startsWith("nan")) {
            return sign + "NaN"; // C prints a NaN with its sign bit set as "-nan"
        }
        boolean hex = rest.startsWith("0x");
        int end = hex ? scanHex(rest) : scanDecimal(rest);
        if (end == 0 || (hex && end == 1)) {
            return sign + "0";
        }
        String number = rest.substring(0, end);
        return sign + (hex && !number.contains("p") ? number + "p0" : number);
    }

    private static int scanDecimal(String s) {
        return scanNumber(s, 0, false, 'e');
    }

    /** Returns 1 (just the "0" of "0x") when no hex digit follows. */
    private static int scanHex(String s) {
        int end = scanNumber(s, 2, true, 'p');
        return end == 0 ? 1 : end;
    }

    /**
     * The end of the number starting at {@code from}: digits, an optional fraction, and an optional exponent
     * introduced by {@code exponentMarker} (decimal digits, optionally signed) that counts only when it has
     * digits, as strtod reads it. 0 when there are no mantissa digits.
     */
    private static int scanNumber(String s, int from, boolean hex, char exponentMarker) {
        int i = from;
        int digits = 0;
        boolean fraction = false;
        while (i < s.length()) {
            char c = s.charAt(i);
            if (hex ? isHexDigit(c) : isDigit(c)) {
                digits++;
            } else if (c == '.' && !fraction) {
                fraction = true;
            } else {
                break;
            }
            i++;
        }
        if (digits == 0) {
            return 0;
        }
        if (i < s.length() && s.charAt(i) == exponentMarker) {
            int j = i + 1;
            if (j < s.length() && (s.charAt(j) == '+' || s.charAt(j) == '-')) {
                j++;
            }
            int expStart = j;
            while (j < s.length() && isDigit(s.charAt(j))) {
                j++;
            }
            if (j > expStart) {
                i = j;
            }
        }
        return i;
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    private static boolean isHexDigit(char c) {
        return isDigit(c) || (c >= 'a' && c <= 'f');
    }
}
