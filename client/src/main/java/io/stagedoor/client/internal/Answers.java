package io.stagedoor.client.internal;

import com.fasterxml.jackson.databind.JsonNode;
import io.stagedoor.client.Accepted;
import io.stagedoor.client.CallStats;
import io.stagedoor.client.ClientMessages;
import io.stagedoor.client.Decided;
import io.stagedoor.client.GiveUp;
import io.stagedoor.client.InQueue;
import io.stagedoor.client.LoggedIn;
import io.stagedoor.client.LoginAnswer;
import io.stagedoor.client.MalformedAnswerException;
import io.stagedoor.client.PassIssued;
import io.stagedoor.client.QueueAnswer;
import io.stagedoor.client.RateLimit;
import io.stagedoor.client.Refusal;
import io.stagedoor.client.Result;
import io.stagedoor.client.ResultAnswer;
import io.stagedoor.client.RetryAfter;
import io.stagedoor.client.StillPending;
import io.stagedoor.client.SubmitAnswer;
import io.stagedoor.client.Unreachable;
import io.stagedoor.client.WaitOver;
import java.net.http.HttpHeaders;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Optional;

/** Turns how an exchange ended into the answer a caller gets. */
public final class Answers {

    private Answers() {
    }

    /** Whether the exchange ended in a 2xx (the answers below read its body). */
    public static boolean succeeded(CallOutcome exchange) {
        return exchange instanceof CallOutcome.Answered answered
                && answered.response().statusCode() / 100 == 2;
    }

    /** The answer to an exchange that did not succeed: a refusal, or unreachable. */
    public static <A> A notSucceeded(CallOutcome exchange, Trace trace, Class<A> kind) {
        CallStats stats = trace.total();
        Object answer = switch (exchange) {
            case CallOutcome.Failed failed -> new Unreachable(failed.cause(), failed.giveUp(), stats);
            case CallOutcome.Answered answered -> refusal(answered, trace.now(), stats);
        };
        return kind.cast(answer);
    }

    public static SubmitAnswer submitted(CallOutcome exchange, Routes routes, Trace trace) {
        if (!succeeded(exchange)) {
            return notSucceeded(exchange, trace, SubmitAnswer.class);
        }
        HttpResponse<String> response = ((CallOutcome.Answered) exchange).response();
        Optional<String> location = response.headers().firstValue("Location");
        String correlationId = ClientJson.object(response.body())
                .map(body -> text(body, "correlationId"))
                .or(() -> location.map(Answers::lastSegment))
                .orElseThrow(() -> malformed("an accepted request", response));
        return new Accepted(correlationId, routes.resolve(location.orElse("/v1/results/" + correlationId)),
                retryAfter(response, trace.now()), rateLimit(response.headers()), trace.total());
    }

    /** A 200 from the results route: the decided result. */
    public static Decided decided(HttpResponse<String> response, Trace trace) {
        Result result = ClientJson.read(response.body(), Result.class)
                .orElseThrow(() -> malformed("a result", response));
        return new Decided(result, trace.total());
    }

    public static LoginAnswer loggedIn(CallOutcome exchange, Trace trace) {
        if (!succeeded(exchange)) {
            return notSucceeded(exchange, trace, LoginAnswer.class);
        }
        HttpResponse<String> response = ((CallOutcome.Answered) exchange).response();
        String token = ClientJson.object(response.body()).map(body -> text(body, "token", "accessToken", "access_token"))
                .orElseThrow(() -> malformed("a login", response));
        return new LoggedIn(token, trace.total());
    }

    /** Ticket statuses after which asking again changes nothing. */
    private static final java.util.Set<String> WAIT_OVER = java.util.Set.of("sold-out", "closed", "expired", "ended");

    /**
     * A waiting-room answer: the end of the wait when the status says it is over, a pass when the body carries one,
     * else the buyer's place in the queue.
     */
    public static QueueAnswer queued(CallOutcome exchange, Trace trace) {
        if (!succeeded(exchange)) {
            return notSucceeded(exchange, trace, QueueAnswer.class);
        }
        HttpResponse<String> response = ((CallOutcome.Answered) exchange).response();
        JsonNode body = ClientJson.object(response.body()).orElseThrow(() -> malformed("the waiting room", response));
        String ticket = text(body, "ticket", "ticketId");
        String status = text(body, "status");
        if (status != null && WAIT_OVER.contains(status)) {
            return new WaitOver(ticket, status, text(body, "message"), trace.total());
        }
        String pass = text(body, "pass", "passToken");
        if (pass != null) {
            return new PassIssued(ticket, pass, instant(text(body, "expiresAt", "passExpiresAt")), trace.total());
        }
        if (ticket == null) {
            throw malformed("the waiting room", response);
        }
        return new InQueue(ticket, body.path("position").asLong(0), estimatedWait(body),
                retryAfter(response, trace.now()), trace.total());
    }

    /** The answer to leaving the waiting room: the wait is over ({@code left}), or a refusal (no session, 404). */
    public static QueueAnswer left(CallOutcome exchange, Trace trace) {
        return succeeded(exchange) ? new WaitOver(null, "left", null, trace.total())
                : notSucceeded(exchange, trace, QueueAnswer.class);
    }

    private static Refusal refusal(CallOutcome.Answered answered, Instant now, CallStats stats) {
        HttpResponse<String> response = answered.response();
        return new Refusal(response.statusCode(), ClientJson.problem(response.statusCode(), response.body()),
                retryAfter(response, now), rateLimit(response.headers()), answered.gaveUp().orElse(GiveUp.NOT_RETRYABLE),
                stats);
    }

    public static Optional<Duration> retryAfter(HttpResponse<?> response, Instant now) {
        return RetryAfter.parse(response.headers().firstValue(Requests.RETRY_AFTER).orElse(null), now);
    }

    public static Optional<RateLimit> rateLimit(HttpHeaders headers) {
        return RateLimit.from(headers.firstValue(RateLimit.FIELD).orElse(null),
                headers.firstValue(RateLimit.POLICY_FIELD).orElse(null),
                headers.firstValue(RateLimit.LEGACY_REMAINING_FIELD).orElse(null));
    }

    private static Optional<Duration> estimatedWait(JsonNode body) {
        JsonNode seconds = body.has("estimatedWaitSeconds") ? body.get("estimatedWaitSeconds") : body.get("estimatedWait");
        if (seconds == null || seconds.isNull()) {
            return Optional.empty();
        }
        if (seconds.isNumber()) {
            return Optional.of(Duration.ofMillis(Math.round(seconds.asDouble() * 1000)));
        }
        try {
            return Optional.of(Duration.parse(seconds.asText()));
        } catch (DateTimeParseException notIso) {
            return Optional.empty();
        }
    }

    private static Optional<Instant> instant(String text) {
        try {
            return Optional.ofNullable(text).map(Instant::parse);
        } catch (DateTimeParseException notIso) {
            return Optional.empty();
        }
    }

    private static String text(JsonNode body, String... names) {
        for (String name : names) {
            JsonNode value = body.get(name);
            if (value != null && value.isValueNode() && !value.isNull() && !value.asText().isBlank()) {
                return value.asText();
            }
        }
        return null;
    }

    private static String lastSegment(String location) {
        String path = location.contains("?") ? location.substring(0, location.indexOf('?')) : location;
        return path.substring(path.lastIndexOf('/') + 1);
    }

    private static MalformedAnswerException malformed(String what, HttpResponse<String> response) {
        return new MalformedAnswerException(ClientMessages.malformedAnswer(what, response.statusCode(),
                response.body()));
    }

    /** The same answer, costing {@code before} more: a hold's cost added to the wait for its result. */
    public static ResultAnswer after(CallStats before, ResultAnswer answer) {
        CallStats stats = before.plus(answer.stats());
        return switch (answer) {
            case Decided decided -> new Decided(decided.result(), stats);
            case StillPending pending -> new StillPending(pending.correlationId(), stats);
            case Refusal refusal -> new Refusal(refusal.status(), refusal.problem(), refusal.retryAfter(),
                    refusal.rateLimit(), refusal.giveUp(), stats);
            case Unreachable unreachable -> new Unreachable(unreachable.cause(), unreachable.giveUp(), stats);
        };
    }
}
