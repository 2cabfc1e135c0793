package io.stagedoor.ingress.http;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonParser;
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

    /** The mapper of HTTP bodies, for reading requests too. */
    public static ObjectMapper mapper() {
        return MAPPER;
    }

    @Override
    public ObjectMapper getContext(Class<?> type) {
        return MAPPER;
    }
}
