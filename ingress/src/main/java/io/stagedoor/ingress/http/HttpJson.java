package io.stagedoor.ingress.http;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.stagedoor.topics.json.Json;
import jakarta.ws.rs.ext.ContextResolver;

/** The JSON of HTTP bodies: the pipeline's mapper (ISO-8601 times), without null members. */
public final class HttpJson implements ContextResolver<ObjectMapper> {

    /**
     * Strict on input: trailing content after the JSON value ({@code {...}garbage}) and duplicate fields are bad input,
     * never silently half-read.
     */
    private static final ObjectMapper MAPPER = Json.mapper().copy()
            .setSerializationInclusion(JsonInclude.Include.NON_NULL)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);

    /**
     * {@code value} rendered as a response body. The hot answers (429, 202) are rendered here, not by Jersey's JSON
     * provider, which resolves the entity's generic type and builds a writer anew for every response.
     */
    public static byte[] bytes(Object value) {
        try {
            return MAPPER.writeValueAsBytes(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(IngressMessages.cannotRenderJson(value.getClass()), e);
        }
    }

    /** The mapper of HTTP bodies, for reading requests too. */
    public static ObjectMapper mapper() {
        return MAPPER;
    }

    @Override
    public ObjectMapper getContext(Class<?> type) {
        return MAPPER;
    }
}
