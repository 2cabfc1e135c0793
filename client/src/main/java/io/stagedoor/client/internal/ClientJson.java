package io.stagedoor.client.internal;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import io.stagedoor.client.Problem;
import java.io.UncheckedIOException;
import java.util.Optional;

/** The client's one JSON mapper: java.time as ISO-8601 text, unknown fields ignored (a newer service may add some). */
public final class ClientJson {

    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .addModule(new JavaTimeModule())
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
            .build();

    private ClientJson() {
    }

    public static String write(Object value) {
        try {
            return MAPPER.writeValueAsString(value);
        } catch (JsonProcessingException impossible) {
            throw new UncheckedIOException(impossible);
        }
    }

    /** The body as {@code type}, empty when it is not that JSON. */
    public static <T> Optional<T> read(String body, Class<T> type) {
        if (body == null || body.isBlank()) {
            return Optional.empty();
        }
        try {
            return Optional.ofNullable(MAPPER.readValue(body, type));
        } catch (JsonProcessingException | IllegalArgumentException unreadable) {
            return Optional.empty();
        }
    }

    /** The body as a JSON object, empty when it is not one. */
    public static Optional<JsonNode> object(String body) {
        return read(body, JsonNode.class).filter(JsonNode::isObject);
    }

    /** The problem the body carries, or one made up from the status when it carries none. */
    public static Problem problem(int status, String body) {
        return read(body, Problem.class)
                .filter(problem -> problem.type() != null || problem.title() != null || problem.detail() != null)
                .orElseGet(() -> Problem.ofStatus(status, body));
    }
}
