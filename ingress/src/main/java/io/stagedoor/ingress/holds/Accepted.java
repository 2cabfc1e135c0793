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
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import io.opentelemetry.api.trace.Span;
import io.stagedoor.topics.trace.RequestLogs;

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
        return outcome(acknowledged, correlationId, route, metrics, onRefused).thenApply(Outcome::response);
    }

    /** What {@link #whenRecorded} answers, before it is a Jersey response (the front stage writes it itself). */
    public static CompletableFuture<Outcome> outcome(CompletableFuture<?> acknowledged, String correlationId,
                                                     String route, IngressMetrics metrics, Runnable onRefused) {
        return acknowledged.handle((ack, error) -> {
            if (error != null) {
                onRefused.run();
                metrics.shed("broker", route);
                return new Outcome(correlationId, notRecordedProblem(correlationId, error));
            }
            metrics.accepted(route);
            return new Outcome(correlationId, null);
        });
    }

    /**
     * What became of a POST that passed every ring: the id its result is read at, and the problem when the broker did
     * not take it (null when it did, or when the id was decided already and nothing was published).
     */
    public record Outcome(String correlationId, Problem notRecorded) {

        /** The request's id, published or decided before. */
        public static Outcome pending(String correlationId) {
            return new Outcome(correlationId, null);
        }

        /** 202 with the result's location, or 503. */
        public Response response() {
            return notRecorded == null ? Accepted.pending(correlationId) : Problems.response(notRecorded);
        }
    }

    /** 202 with the result's location and a poll hint. */
    public static Response pending(String correlationId) {
        return Response.accepted(pendingBody(correlationId)).type(MediaType.APPLICATION_JSON_TYPE)
                .location(URI.create(location(correlationId)))
                .header(HttpHeaders.RETRY_AFTER, POLL_HINT_SECONDS)
                .build();
    }

    /**
     * The body of a 202: the pending result. An id of plain characters (every id this service issues) is written
     * into the body's two fields directly, as the JSON writer would write it; any other goes through the writer.
     */
    public static byte[] pendingBody(String correlationId) {
        if (!PLAIN_ID.matcher(correlationId).matches()) {
            return HttpJson.bytes(ResultBody.pending(correlationId));
        }
        return ("{\"correlationId\":\"" + correlationId + "\",\"status\":\"pending\"}")
                .getBytes(StandardCharsets.US_ASCII);
    }

    /** Characters a JSON string holds as they are. */
    private static final Pattern PLAIN_ID = Pattern.compile("[A-Za-z0-9._~:-]{1,200}");

    /** Where the result of {@code correlationId} is read. */
    public static String location(String correlationId) {
        return "/v1/results/" + correlationId;
    }

    /** 503: the broker did not acknowledge within the bound, so nothing was accepted. */
    private static Problem notRecordedProblem(String correlationId, Throwable error) {
        try (RequestLogs ignored = RequestLogs.about(correlationId, Span.current())) {
            LOG.warn("request {} not recorded: {}", correlationId, error.toString());
        }
        return Problem.of(ProblemType.SERVICE_UNAVAILABLE, IngressMessages.PUBLISH_FAILED)
                .withRetryAfter(BROKER_RETRY_SECONDS);
    }
}
