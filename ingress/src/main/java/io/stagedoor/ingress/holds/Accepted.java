package io.stagedoor.ingress.holds;

import io.stagedoor.ingress.http.HttpJson;
import io.stagedoor.ingress.http.IngressMessages;
import io.stagedoor.ingress.http.Problem;
import io.stagedoor.ingress.http.ProblemType;
import io.stagedoor.ingress.http.Problems;
import io.stagedoor.ingress.metrics.IngressMetrics;
import io.stagedoor.ingress.results.ResultBody;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.net.URI;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;

/** The answers to a POST whose record was (or was not) acknowledged by the broker. */
public final class Accepted {

    private static final Logger LOG = LoggerFactory.getLogger(Accepted.class);
    /** Seconds a client should wait before its first poll. */
    public static final int POLL_HINT_SECONDS = 1;
    /** Seconds a client should wait after the broker did not take its request. */
    public static final int BROKER_RETRY_SECONDS = 2;

    private Accepted() {
    }

    /**
     * The answer once {@code acknowledged} completes: 202 when the broker took the record, 503 when it did not
     * within the producer's bound (then {@code onRefused} runs, e.g. to give back a permit). Counted by route.
     */
    public static CompletionStage<Response> whenRecorded(CompletableFuture<?> acknowledged, String correlationId,
                                                         String route, IngressMetrics metrics, Runnable onRefused) {
        return acknowledged.handle((ack, error) -> {
            if (error != null) {
                onRefused.run();
                metrics.shed("broker", route);
                return notRecorded(correlationId, error);
            }
            metrics.accepted(route);
            return pending(correlationId);
        });
    }

    /** 202 with the result's location and a poll hint. */
    public static Response pending(String correlationId) {
        return Response.accepted(HttpJson.bytes(ResultBody.pending(correlationId))).type(MediaType.APPLICATION_JSON_TYPE)
                .location(URI.create("/v1/results/" + correlationId))
                .header(HttpHeaders.RETRY_AFTER, POLL_HINT_SECONDS)
                .build();
    }

    /** 503: the broker did not acknowledge within the bound, so nothing was accepted. */
    public static Response notRecorded(String correlationId, Throwable error) {
        try (MDC.MDCCloseable ignored = MDC.putCloseable("correlationId", correlationId)) {
            LOG.warn("request {} not recorded: {}", correlationId, error.toString());
        }
        return Problems.response(Problem.of(ProblemType.SERVICE_UNAVAILABLE, IngressMessages.PUBLISH_FAILED)
                .withRetryAfter(BROKER_RETRY_SECONDS));
    }
}
