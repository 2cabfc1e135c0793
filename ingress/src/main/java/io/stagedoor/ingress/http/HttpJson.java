package io.stagedoor.ingress.http;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.stagedoor.topics.json.Json;
import jakarta.ws.rs.ext.ContextResolver;

/** The JSON of HTTP bodies: the pipeline's mapper (ISO-8601 times), without null members. */
public final class HttpJson implements ContextResolver<ObjectMapper> {

    private static final ObjectMapper MAPPER = Json.mapper().copy().setSerializationInclusion(JsonInclude.Include.NON_NULL);

    /** The mapper of HTTP bodies, for reading requests too. */
    public static ObjectMapper mapper() {
        return MAPPER;
    }

    @Override
    public ObjectMapper getContext(Class<?> type) {
        return MAPPER;
    }
}
