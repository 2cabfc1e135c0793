package io.stagedoor.client.internal;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Just enough of RFC 8941 structured-field lists to read the RateLimit fields: items that are a string or token
 * with {@code ;key=value} parameters, separated by commas. An item the reader cannot make sense of is skipped, not
 * fatal: a client must not fail a request over an advisory header.
 */
public final class StructuredFields {

    /** One list member: its name (a string's content or a token) and its parameters, values unquoted. */
    public record Item(String name, Map<String, String> parameters) {

        /** A parameter that is an integer, else empty. */
        public OptionalLong integer(String key) {
            String value = parameters.get(key);
            if (value == null || !value.matches("-?\\d{1,15}")) {
                return OptionalLong.empty();
            }
            return OptionalLong.of(Long.parseLong(value));
        }
    }

    private final String field;
    private int at;

    private StructuredFields(String field) {
        this.field = field;
    }

    /** The items of a list field; empty for null, blank or unreadable input. */
    public static List<Item> list(String field) {
        if (field == null || field.isBlank()) {
            return List.of();
        }
        List<Item> items = new ArrayList<>();
        StructuredFields reader = new StructuredFields(field);
        while (reader.more()) {
            reader.item().ifPresent(items::add);
            reader.skipPast(',');
        }
        return List.copyOf(items);
    }

    private boolean more() {
        skipSpaces();
        return at < field.length();
    }

    private Optional<Item> item() {
        String name = bareValue();
        if (name == null || name.isEmpty()) {
            return Optional.empty();
        }
        Map<String, String> parameters = new LinkedHashMap<>();
        skipSpaces();
        while (at < field.length() && field.charAt(at) == ';') {
            at++;
            skipSpaces();
            String key = token();
            String value = "?1";
            if (at < field.length() && field.charAt(at) == '=') {
                at++;
                value = bareValue();
            }
            if (key.isEmpty() || value == null) {
                return Optional.empty();
            }
            parameters.put(key, value);
            skipSpaces();
        }
        return Optional.of(new Item(name, Map.copyOf(parameters)));
    }

    /** A quoted string's content, or a token/number as written; null when neither. */
    private String bareValue() {
        if (at < field.length() && field.charAt(at) == '"') {
            return quoted();
        }
        return token();
    }

    private String quoted() {
        StringBuilder content = new StringBuilder();
        at++;
        while (at < field.length()) {
            char c = field.charAt(at++);
            if (c == '"') {
                return content.toString();
            }
            if (c == '\\' && at < field.length()) {
                c = field.charAt(at++);
            }
            content.append(c);
        }
        return null;
    }

    private String token() {
        int start = at;
        while (at < field.length() && "=;,\" \t".indexOf(field.charAt(at)) < 0) {
            at++;
        }
        return field.substring(start, at);
    }

    private void skipPast(char separator) {
        boolean inString = false;
        while (at < field.length()) {
            char c = field.charAt(at++);
            if (c == '"') {
                inString = !inString;
            } else if (c == separator && !inString) {
                return;
            }
        }
    }

    private void skipSpaces() {
        while (at < field.length() && (field.charAt(at) == ' ' || field.charAt(at) == '\t')) {
            at++;
        }
    }
}
