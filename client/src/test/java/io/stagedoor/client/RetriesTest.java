package io.stagedoor.client;

import static io.stagedoor.client.TestClients.EVENT;
import static io.stagedoor.client.TestClients.SEATS;
import static io.stagedoor.client.TestClients.TOKEN;
import static io.stagedoor.client.TestClients.get;
import static org.assertj.core.api.Assertions.assertThat;

import io.stagedoor.client.ScriptedPeer.Reply;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RetriesTest {

    private final ScriptedPeer peer = ScriptedPeer.start();
    private final FakeTime time = new FakeTime();

    @AfterEach
    void stop() {
        peer.close();
    }

    @Test
    void theRetryAfterA429ArrivesNoEarlierThanItsRetryAfter() {
        // real time on both sides: the peer stamps arrivals on its own monotonic clock
        peer.then(Reply.problem(429, "rate-limited", 2L), Reply.accepted("c-1"));
        SubmitAnswer answer;
        try (StagedoorClient client = StagedoorClient.of(peer.uri())) {
            answer = get(client.hold(TOKEN, EVENT, SEATS));
        }

        assertThat(answer).isInstanceOf(Accepted.class);
        List<ScriptedPeer.Arrival> arrivals = peer.arrivals();
        assertThat(arrivals).hasSize(2);
        assertThat(TestClients.between(arrivals.get(0), arrivals.get(1))).isGreaterThanOrEqualTo(Duration.ofSeconds(2));
        CallStats stats = answer.stats();
        assertThat(stats.attempts()).isEqualTo(2);
        assertThat(stats.rateLimited()).isEqualTo(1);
        assertThat(stats.retryAfterWaits()).isEqualTo(1);
        assertThat(stats.retryAfterAsked()).isEqualTo(Duration.ofSeconds(2));
        assertThat(stats.waited()).isGreaterThanOrEqualTo(Duration.ofSeconds(2));
        assertThat(stats.retryAfterHonoured()).isTrue();
    }

    @Test
    void retries503sAfterExactlyTheirRetryAfter() {
        peer.then(Reply.problem(503, "service-overloaded", 1L), Reply.problem(503, "service-overloaded", 3L),
                Reply.accepted("c-2"));
        StagedoorClient client = TestClients.onFakeTime(peer, time, RetryPolicy.defaults());

        SubmitAnswer answer = get(client.hold(TOKEN, EVENT, SEATS));

        assertThat(answer).isInstanceOf(Accepted.class);
        assertThat(time.sleeps()).containsExactly(Duration.ofSeconds(1), Duration.ofSeconds(3));
        assertThat(answer.stats().overloaded()).isEqualTo(2);
        assertThat(answer.stats().retryAfterHonoured()).isTrue();
        assertThat(peer.arrivals()).hasSize(3);
    }

    @Test
    void givesUpAfterTheAttemptBudgetWithTheLastProblem() {
        peer.then(Reply.problem(429, "rate-limited", 6L), Reply.problem(429, "rate-limited", 6L),
                Reply.problem(429, "rate-limited", 6L));
        StagedoorClient client = TestClients.onFakeTime(peer, time, RetryPolicy.defaults().withMaxAttempts(3));

        SubmitAnswer answer = get(client.hold(TOKEN, EVENT, SEATS));

        assertThat(answer).isInstanceOfSatisfying(Refusal.class, refusal -> {
            assertThat(refusal.status()).isEqualTo(429);
            assertThat(refusal.type()).isEqualTo(RefusalType.RATE_LIMITED);
            assertThat(refusal.giveUp()).isEqualTo(GiveUp.ATTEMPTS_EXHAUSTED);
            assertThat(refusal.retryAfter()).contains(Duration.ofSeconds(6));
            assertThat(refusal.problem().slug()).isEqualTo("rate-limited");
            assertThat(refusal.problem().policy()).isEqualTo("buyer-seats");
            assertThat(refusal.problem().retryAfter()).isEqualTo(6L);
            assertThat(refusal.stats().rateLimited()).isEqualTo(3);
        });
        assertThat(peer.arrivals()).hasSize(3);
        assertThat(time.sleeps()).containsExactly(Duration.ofSeconds(6), Duration.ofSeconds(6));
    }

    @Test
    void doesNotBeginAWaitThatWouldEndPastTheDeadline() {
        peer.then(Reply.problem(429, "rate-limited", 120L));
        StagedoorClient client = TestClients.onFakeTime(peer, time,
                RetryPolicy.defaults().withMaxElapsed(Duration.ofSeconds(30)));

        SubmitAnswer answer = get(client.hold(TOKEN, EVENT, SEATS));

        assertThat(answer).isInstanceOfSatisfying(Refusal.class, refusal -> {
            assertThat(refusal.giveUp()).isEqualTo(GiveUp.DEADLINE_EXCEEDED);
            assertThat(refusal.retryAfter()).contains(Duration.ofSeconds(120));
        });
        assertThat(peer.arrivals()).hasSize(1);
        assertThat(time.sleeps()).isEmpty();
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({
        "400, bad-request, INVALID",
        "401, unauthenticated, UNAUTHENTICATED",
        "403, waiting-room, WAITING_ROOM",
        "403, forbidden, FORBIDDEN",
        "404, not-found, NOT_FOUND",
        "409, conflict, INVALID",
        "413, payload-too-large, INVALID",
        "422, unprocessable, INVALID",
        "500, internal-error, SERVER_ERROR"
    })
    void neverRetriesAStatusOtherThan429Or503(int status, String slug, RefusalType type) {
        peer.then(Reply.problem(status, slug, null));
        StagedoorClient client = TestClients.onFakeTime(peer, time, RetryPolicy.defaults());

        SubmitAnswer answer = get(client.hold(TOKEN, EVENT, SEATS));

        assertThat(answer).isInstanceOfSatisfying(Refusal.class, refusal -> {
            assertThat(refusal.status()).isEqualTo(status);
            assertThat(refusal.type()).isEqualTo(type);
            assertThat(refusal.giveUp()).isEqualTo(GiveUp.NOT_RETRYABLE);
            assertThat(refusal.problem().detail()).isEqualTo("scripted " + slug);
        });
        assertThat(peer.arrivals()).hasSize(1);
        assertThat(time.sleeps()).isEmpty();
    }

    @Test
    void a429WithoutRetryAfterIsRetriedAfterABackoffNotCountedAsAskedFor() {
        peer.then(Reply.problem(429, "rate-limited", null), Reply.accepted("c-3"));
        StagedoorClient client = TestClients.onFakeTime(peer, time, RetryPolicy.defaults());

        SubmitAnswer answer = get(client.hold(TOKEN, EVENT, SEATS));

        assertThat(answer).isInstanceOf(Accepted.class);
        // jitter 0 puts the backoff at the bottom of its upper half: half the 100 ms first step
        assertThat(time.sleeps()).containsExactly(Duration.ofMillis(50));
        assertThat(answer.stats().retryAfterWaits()).isZero();
    }

    @Test
    void aProblemlessRefusalGetsAProblemMadeFromItsStatus() {
        peer.then(Reply.of(404, "", "Content-Type", "text/plain"));
        StagedoorClient client = TestClients.onFakeTime(peer, time, RetryPolicy.defaults());

        SubmitAnswer answer = get(client.hold(TOKEN, EVENT, SEATS));

        assertThat(answer).isInstanceOfSatisfying(Refusal.class, refusal -> {
            assertThat(refusal.problem()).isEqualTo(Problem.ofStatus(404, ""));
            assertThat(refusal.problem().detail()).isEqualTo(ClientMessages.noProblemBody(404, ""));
        });
    }

    @Test
    void reportsASleeperThatWakesEarlyAsNotHonouringRetryAfter() {
        // the check is the client's own clock against the answer's arrival, not trust in the sleeper
        peer.then(Reply.problem(429, "rate-limited", 4L), Reply.accepted("c-4"));
        StagedoorClient client = TestClients.onFakeTime(peer, time).sleeper(time.scaledSleeper(0.5)).build();

        SubmitAnswer answer = get(client.hold(TOKEN, EVENT, SEATS));

        assertThat(answer.stats().retryAfterHonoured()).isFalse();
        assertThat(answer.stats().waited()).isEqualTo(Duration.ofSeconds(2));
    }

    @Test
    void theListenerHearsEachRetryAndTheFinishedCall() {
        List<String> heard = new CopyOnWriteArrayList<>();
        peer.then(Reply.problem(503, "service-overloaded", 2L), Reply.accepted("c-5"));
        StagedoorClient client = TestClients.onFakeTime(peer, time).listener(new CallListener() {
            @Override
            public void onRetry(Operation operation, RetryStep step) {
                heard.add(operation + " retry " + step.status() + " " + step.pause() + " " + step.fromRetryAfter());
            }

            @Override
            public void onFinished(Operation operation, Answer answer) {
                heard.add(operation + " " + answer.getClass().getSimpleName() + " " + answer.stats().attempts());
            }
        }).build();

        get(client.hold(TOKEN, EVENT, SEATS));

        assertThat(heard).containsExactly("HOLD retry 503 PT2S true", "HOLD Accepted 2");
    }
}
