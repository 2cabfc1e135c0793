package io.stagedoor.topics.json;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import io.stagedoor.topics.TopicsMessages;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;

/** The one JSON mapper of the pipeline: ISO-8601 times, unknown fields ignored. Thread-safe. */
public final class Json {

    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .addModule(new JavaTimeModule())
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
            .disable(SerializationFeature.WRITE_DURATIONS_AS_TIMESTAMPS)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .build();

    private Json() {
    }

    /** The shared mapper; do not reconfigure it. */
    public static ObjectMapper mapper() {
        return MAPPER;
    }

    /** The JSON bytes of a value. */
    public static byte[] write(Object value) {
        try {
            return MAPPER.writeValueAsBytes(value);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(TopicsMessages.cannotWriteJson(value.getClass()), e);
        }
    }

    /**
     * The JSON object {@code bytes} with each field of {@code defaults} it lacks added, as bytes; anything else (not
     * an object, not JSON) as it came, for the reader that follows to refuse.
     */
    public static byte[] withDefaults(byte[] bytes, Map<String, ?> defaults) {
        try {
            if (MAPPER.readTree(bytes) instanceof ObjectNode object) {
                defaults.forEach((field, value) -> {
                    if (!object.has(field)) {
                        object.set(field, MAPPER.valueToTree(value));
                    }
                });
                return MAPPER.writeValueAsBytes(object);
            }
        } catch (IOException notJson) {
            // the reader that follows says what is wrong with it
        }
        return bytes;
    }

    /** A value read from JSON bytes. */
    public static <T> T read(byte[] bytes, Class<T> type) {
        try {
            return MAPPER.readValue(bytes, type);
        } catch (IOException e) {
            throw new UncheckedIOException(TopicsMessages.cannotReadJson(type), e);
        }
    }
}
