package org.pmix4j.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A strict reader of the JSON documents the commands print (RFC 8259; no extensions), for tests that check
 * their values: objects become LinkedHashMaps, arrays Lists, integers Longs, other numbers Doubles. Anything
 * else in the text, trailing content included, is an IllegalArgumentException naming the offset.
 */
public final class JsonDoc {
    private final String text;
    private int at;

    private JsonDoc(String text) {
        this.text = text;
    }

    /** The one document {@code text} holds. */
    public static Object parse(String text) {
        JsonDoc d = new JsonDoc(text);
        d.space();
        Object v = d.value();
        d.space();
        if (d.at != text.length()) {
            throw d.error("content after the document");
        }
        return v;
    }

    /** One object per non-empty line that starts with '{' (JSON lines among other output). */
    public static List<Map<String, Object>> lines(String text) {
        List<Map<String, Object>> out = new ArrayList<>();
        for (String line : text.split("\n")) {
            if (line.startsWith("{")) {
                out.add(object(parse(line)));
            }
        }
        return out;
    }

    @SuppressWarnings("unchecked")
    public static Map<String, Object> object(Object v) {
        return (Map<String, Object>) v;
    }

    @SuppressWarnings("unchecked")
    public static List<Object> array(Object v) {
        return (List<Object>) v;
    }

    private Object value() {
        if (at >= text.length()) {
            throw error("a value expected");
        }
        char c = text.charAt(at);
        switch (c) {
            case '{' -> {
                at++;
                Map<String, Object> m = new LinkedHashMap<>();
                space();
                if (peek('}')) {
                    return m;
                }
                do {
                    space();
                    String k = string();
                    space();
                    expect(':');
                    space();
                    m.put(k, value());
                    space();
                } while (peek(','));
                expect('}');
                return m;
            }
            case '[' -> {
                at++;
                List<Object> l = new ArrayList<>();
                space();
                if (peek(']')) {
                    return l;
                }
                do {
                    space();
                    l.add(value());
                    space();
                } while (peek(','));
                expect(']');
                return l;
            }
            case '"' -> {
                return string();
            }
            default -> {
                for (String lit : List.of("true", "false", "null")) {
                    if (text.startsWith(lit, at)) {
                        at += lit.length();
                        return lit.equals("null") ? null : Boolean.valueOf(lit);
                    }
                }
                return number();
            }
        }
    }

    private Object number() {
        int start = at;
        while (at < text.length() && "+-0123456789.eE".indexOf(text.charAt(at)) >= 0) {
            at++;
        }
        String n = text.substring(start, at);
        if (!n.matches("-?(0|[1-9][0-9]*)(\\.[0-9]+)?([eE][+-]?[0-9]+)?")) {
            throw error("not a value: '" + n + "'");
        }
        return n.matches("-?[0-9]+") ? (Object) Long.parseLong(n) : (Object) Double.parseDouble(n);
    }

    private String string() {
        expect('"');
        StringBuilder sb = new StringBuilder();
        while (true) {
            if (at >= text.length()) {
                throw error("unterminated string");
            }
            char c = text.charAt(at++);
            if (c == '"') {
                return sb.toString();
            }
            if (c < 0x20) {
                throw error("a raw control character in a string");
            }
            if (c != '\\') {
                sb.append(c);
                continue;
            }
            char e = text.charAt(at++);
            switch (e) {
                case '"', '\\', '/' -> sb.append(e);
                case 'b' -> sb.append('\b');
                case 'f' -> sb.append('\f');
                case 'n' -> sb.append('\n');
                case 'r' -> sb.append('\r');
                case 't' -> sb.append('\t');
                case 'u' -> {
                    sb.append((char) Integer.parseInt(text.substring(at, at + 4), 16));
                    at += 4;
                }
                default -> throw error("a bad escape \\" + e);
            }
        }
    }

    private void space() {
        while (at < text.length() && " \t\r\n".indexOf(text.charAt(at)) >= 0) {
            at++;
        }
    }

    private boolean peek(char c) {
        if (at < text.length() && text.charAt(at) == c) {
            at++;
            return true;
        }
        return false;
    }

    private void expect(char c) {
        if (!peek(c)) {
            throw error("'" + c + "' expected");
        }
    }

    private IllegalArgumentException error(String what) {
        return new IllegalArgumentException(what + " at offset " + at + " of: " + text);
    }
}
