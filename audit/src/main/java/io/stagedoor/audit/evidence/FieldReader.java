package io.stagedoor.audit.evidence;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.stagedoor.audit.AuditMessages;
import io.stagedoor.topics.json.Json;
import java.io.IOException;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads the top-level scalar fields a check needs from a record's JSON with Jackson's streaming parser, skipping
 * everything else, so the bulk topics (holds, checkouts, results, admissions) are parsed at several times the speed
 * of binding whole records. Values come back as text (numbers too), null when absent or JSON null. Thread-safe.
 */
final class FieldReader {

    private static final JsonFactory FACTORY = Json.mapper().getFactory();

    private final Map<String, Integer> indexes = new HashMap<>();
    private final int size;

    FieldReader(List<String> names) {
        for (int i = 0; i < names.size(); i++) {
            indexes.put(names.get(i), i);
        }
        this.size = names.size();
    }

    /** The named fields' values, in the order of the names given to the constructor. */
    String[] read(byte[] json) throws IOException {
        String[] values = new String[size];
        try (JsonParser parser = FACTORY.createParser(json)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                throw new IOException(AuditMessages.notAJsonObject());
            }
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                Integer index = indexes.get(parser.currentName());
                JsonToken value = parser.nextToken();
                if (value == JsonToken.START_OBJECT || value == JsonToken.START_ARRAY) {
                    parser.skipChildren();
                } else if (index != null && value != JsonToken.VALUE_NULL) {
                    values[index] = parser.getText();
                }
            }
        }
        return values;
    }

    /** A required text field. */
    static String required(String[] values, int index, String name) throws IOException {
        if (values[index] == null) {
            throw new IOException(AuditMessages.missingField(name));
        }
        return values[index];
    }

    static long number(String text, long absent) throws IOException {
        if (text == null) {
            return absent;
        }
        try {
            return Long.parseLong(text);
        } catch (NumberFormatException e) {
            throw new IOException(AuditMessages.notAWholeNumber(text), e);
        }
    }

    /**
     * An ISO-8601 instant as the pipeline writes it ({@code 2026-11-30T19:00:00.123Z}), parsed by hand for speed;
     * any other form goes to {@link Instant#parse}.
     */
    static Instant instant(String text) throws IOException {
        if (text == null) {
            return null;
        }
        try {
            int length = text.length();
            if (length >= 20 && text.charAt(4) == '-' && text.charAt(7) == '-' && text.charAt(10) == 'T'
                    && text.charAt(13) == ':' && text.charAt(16) == ':' && text.charAt(length - 1) == 'Z') {
                long day = LocalDate.of(digits(text, 0, 4), digits(text, 5, 7), digits(text, 8, 10)).toEpochDay();
                int hour = digits(text, 11, 13);
                int minute = digits(text, 14, 16);
                int second = digits(text, 17, 19);
                if (hour > 23 || minute > 59 || second > 59) {
                    return Instant.parse(text);
                }
                long seconds = day * 86_400 + hour * 3_600L + minute * 60L + second;
                long nanos = 0;
                if (length > 20) {
                    if (text.charAt(19) != '.' || length - 21 > 9 || length - 21 < 1) {
                        return Instant.parse(text);
                    }
                    nanos = digits(text, 20, length - 1);
                    for (int i = length - 21; i < 9; i++) {
                        nanos *= 10;
                    }
                }
                return Instant.ofEpochSecond(seconds, nanos);
            }
            return Instant.parse(text);
        } catch (DateTimeException | NumberFormatException e) {
            throw new IOException(AuditMessages.notAnInstant(text), e);
        }
    }

    private static int digits(String text, int from, int to) {
        int value = 0;
        for (int i = from; i < to; i++) {
            char c = text.charAt(i);
            if (c < '0' || c > '9') {
                throw new NumberFormatException(text);
            }
            value = value * 10 + (c - '0');
        }
        return value;
    }
}
