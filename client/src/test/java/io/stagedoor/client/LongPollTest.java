package io.stagedoor.client;

import static io.stagedoor.client.TestClients.EVENT;
import static io.stagedoor.client.TestClients.SEATS;
import static io.stagedoor.client.TestClients.TOKEN;
import static io.stagedoor.client.TestClients.get;
import static org.assertj.core.api.Assertions.assertThat;

import io.stagedoor.client.ScriptedPeer.Reply;
import java.time.Duration;
import java.time.Instant;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class LongPollTest {

    private static final String HELD = """
            {"correlationId":"c-1","status":"held","eventId":"stagedoor-live","holdId":"hold_1",
             "seats":["A-1","A-2"],"expiresAt":"2026-11-30T19:10:00Z","acceptedAt":"2026-11-30T19:00:00Z",
             "decidedAt":"2026-11-30T19:00:00.040Z","aFieldFromANewerService":{"x":1}}""";

    private final ScriptedPeer peer = ScriptedPeer.start();
    private final FakeTime time = new FakeTime();

    @AfterEach
    void stop() {
        peer.close();
    }

    /** A poll the peer holds for the wait it was asked (on fake time), then answers 202. */
    private Function<ScriptedPeer.Arrival, Reply> heldPending() {
        return arrival -> {
            time.advance(Duration.ofSeconds(Long.parseLong(arrival.header("Prefer").substring("wait=".length()))));
            return Reply.of(202, "{\"correlationId\":\"c-1\",\"status\":\"pending\"}", "Retry-After", "1",
                    "Preference-Applied", "wait");
        };
    }

    @Test
    void longPollsUntilTheResultArrives() {
        peer.then(heldPending()).then(heldPending()).then(Reply.of(200, HELD, "Preference-Applied", "wait"));
        StagedoorClient client = TestClients.onFakeTime(peer, time, RetryPolicy.defaults());

        ResultAnswer answer = get(client.awaitResult(TOKEN, "c-1", Duration.ofSeconds(100)));

        assertThat(answer).isInstanceOfSatisfying(Decided.class, decided -> {
            Result result = decided.result();
            assertThat(result.status()).isEqualTo(ResultStatus.HELD);
            assertThat(result.succeeded()).isTrue();
            assertThat(result.holdId()).isEqualTo("hold_1");
            assertThat(result.seats()).containsExactly("A-1", "A-2");
            assertThat(result.expiresAt()).isEqualTo(Instant.parse("2026-11-30T19:10:00Z"));
            assertThat(result.tickets()).isEmpty();
        });
        assertThat(peer.arrivals()).extracting(ScriptedPeer.Arrival::path).containsOnly("/v1/results/c-1");
        assertThat(peer.arrivals()).extracting(arrival -> arrival.header("Prefer"))
                .containsExactly("wait=30", "wait=30", "wait=30");
        assertThat(peer.arrivals()).extracting(arrival -> arrival.header("Authorization"))
                .containsOnly("Bearer " + TOKEN);
        // a held 202's Retry-After is a short-poll hint: the next long poll goes at once
        assertThat(time.sleeps()).isEmpty();
        assertThat(answer.stats().attempts()).isEqualTo(3);
    }

    @Test
    void neverAsksToBeHeldPastTheDeadline() {
        for (int i = 0; i < 5; i++) {
            peer.then(heldPending());
        }
        StagedoorClient client = TestClients.onFakeTime(peer, time, RetryPolicy.defaults());
        Instant start = time.instant();

        ResultAnswer answer = get(client.awaitResult(TOKEN, "c-1", Duration.ofMillis(45_500)));

        assertThat(answer).isInstanceOfSatisfying(StillPending.class,
                pending -> assertThat(pending.correlationId()).isEqualTo("c-1"));
        // 30 s, then the 15 whole seconds left, then one look without a wait in the last half second
        assertThat(peer.arrivals()).extracting(arrival -> arrival.header("Prefer"))
                .containsExactly("wait=30", "wait=15", "wait=0");
        assertThat(Duration.between(start, time.instant())).isLessThanOrEqualTo(Duration.ofMillis(45_500));
    }

    @Test
    void anUnheld202IsFollowedByItsRetryAfter() {
        peer.then(Reply.of(202, "{\"correlationId\":\"c-1\",\"status\":\"pending\"}", "Retry-After", "2"))
                .then(Reply.of(200, HELD));
        StagedoorClient client = TestClients.onFakeTime(peer, time, RetryPolicy.defaults());

        ResultAnswer answer = get(client.awaitResult(TOKEN, "c-1", Duration.ofSeconds(10)));

        assertThat(answer).isInstanceOf(Decided.class);
        assertThat(time.sleeps()).containsExactly(Duration.ofSeconds(2));
        assertThat(answer.stats().retryAfterHonoured()).isTrue();
    }

    @Test
    void aBusyResultsRouteIsRetriedAfterItsRetryAfter() {
        peer.then(Reply.problem(503, "service-overloaded", 1L)).then(Reply.of(200, HELD));
        StagedoorClient client = TestClients.onFakeTime(peer, time, RetryPolicy.defaults());

        ResultAnswer answer = get(client.awaitResult(TOKEN, "c-1", Duration.ofSeconds(10)));

        assertThat(answer).isInstanceOf(Decided.class);
        assertThat(time.sleeps()).containsExactly(Duration.ofSeconds(1));
        assertThat(peer.arrivals().get(1).header("Prefer")).isEqualTo("wait=9");
    }

    @ParameterizedTest
    @CsvSource({"404, not-found, NOT_FOUND", "410, gone, GONE"})
    void anUnknownOrExpiredIdIsAFinalRefusal(int status, String slug, RefusalType type) {
        peer.then(Reply.problem(status, slug, null));
        StagedoorClient client = TestClients.onFakeTime(peer, time, RetryPolicy.defaults());

        ResultAnswer answer = get(client.awaitResult(TOKEN, "c-x", Duration.ofSeconds(10)));

        assertThat(answer).isInstanceOfSatisfying(Refusal.class, refusal -> {
            assertThat(refusal.type()).isEqualTo(type);
            assertThat(refusal.giveUp()).isEqualTo(GiveUp.NOT_RETRYABLE);
        });
        assertThat(peer.arrivals()).hasSize(1);
    }

    @Test
    void holdAndAwaitPollsTheLocationAndCountsBothParts() {
        peer.then(Reply.problem(429, "rate-limited", 2L), Reply.accepted("c-1"), Reply.of(200, HELD));
        StagedoorClient client = TestClients.onFakeTime(peer, time, RetryPolicy.defaults());

        ResultAnswer answer = get(client.holdAndAwait(TOKEN, EVENT, SEATS, RequestOptions.none(),
                Duration.ofSeconds(10)));

        assertThat(answer).isInstanceOf(Decided.class);
        assertThat(peer.arrivals()).extracting(ScriptedPeer.Arrival::path).containsExactly(
                "/v1/events/stagedoor-live/holds", "/v1/events/stagedoor-live/holds", "/v1/results/c-1");
        assertThat(answer.stats().attempts()).isEqualTo(3);
        assertThat(answer.stats().rateLimited()).isEqualTo(1);
        // the 202's Retry-After: 1 is not waited out before the long poll
        assertThat(time.sleeps()).containsExactly(Duration.ofSeconds(2));
    }

    @Test
    void holdAndAwaitHandsBackTheHoldsRefusal() {
        peer.then(Reply.problem(422, "unprocessable", null));
        StagedoorClient client = TestClients.onFakeTime(peer, time, RetryPolicy.defaults());

        ResultAnswer answer = get(client.holdAndAwait(TOKEN, EVENT, SEATS, RequestOptions.none(),
                Duration.ofSeconds(10)));

        assertThat(answer).isInstanceOfSatisfying(Refusal.class,
                refusal -> assertThat(refusal.status()).isEqualTo(422));
        assertThat(peer.arrivals()).hasSize(1);
    }
}
