package io.stagedoor.topics;

import java.nio.charset.StandardCharsets;
import org.apache.kafka.common.header.Header;

/** Record headers every producer of the pipeline writes and every consumer may read. */
public final class Headers {

    /** The correlation id of the request a record belongs to, also present in the JSON body. */
    public static final String CORRELATION_ID = "correlation-id";

    private Headers() {
    }

    /** The correlation id header of a record, or null when it has none. */
    public static String correlationId(org.apache.kafka.common.header.Headers headers) {
        Header header = headers.lastHeader(CORRELATION_ID);
        return header == null ? null : new String(header.value(), StandardCharsets.UTF_8);
    }

    /** Adds the correlation id header to a record's headers. */
    public static void putCorrelationId(org.apache.kafka.common.header.Headers headers, String correlationId) {
        headers.remove(CORRELATION_ID);
        headers.add(CORRELATION_ID, correlationId.getBytes(StandardCharsets.UTF_8));
    }
}
