package io.stagedoor.client;

import static io.stagedoor.client.TestClients.EVENT;
import static io.stagedoor.client.TestClients.SEATS;
import static io.stagedoor.client.TestClients.TOKEN;
import static io.stagedoor.client.TestClients.get;
import static org.assertj.core.api.Assertions.assertThat;

import io.stagedoor.client.ScriptedPeer.Reply;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class WaitingRoomAndLoginTest {

    private final ScriptedPeer peer = ScriptedPeer.start();
    private final FakeTime time = new FakeTime();

    @AfterEach
    void stop() {
        peer.close();
    }

    @Test
    void waitsInTheRoomAtItsPaceThenHoldsWithThePass() {
        peer.then(Reply.of(202, "{\"ticket\":\"t-1\",\"position\":40,\"estimatedWaitSeconds\":4}", "Retry-After", "3"),
                Reply.of(200, "{\"ticket\":\"t-1\",\"position\":10,\"estimatedWaitSeconds\":1}", "Retry-After", "1"),
                Reply.of(200, "{\"ticket\":\"t-1\",\"status\":\"admitted\",\"pass\":\"pass-abc\","
                        + "\"expiresAt\":\"2026-11-30T19:15:00Z\"}"),
                Reply.accepted("c-1"));
        StagedoorClient client = TestClients.onFakeTime(peer, time, RetryPolicy.defaults());

        QueueAnswer answer = get(client.awaitPass(TOKEN, EVENT, Duration.ofMinutes(5)));

        assertThat(answer).isInstanceOfSatisfying(PassIssued.class, issued -> {
            assertThat(issued.pass()).isEqualTo("pass-abc");
            assertThat(issued.expiresAt()).contains(Instant.parse("2026-11-30T19:15:00Z"));
            assertThat(issued.stats().retryAfterHonoured()).isTrue();
        });
        assertThat(time.sleeps()).containsExactly(Duration.ofSeconds(3), Duration.ofSeconds(1));
        assertThat(peer.arrivals()).extracting(arrival -> arrival.method() + " " + arrival.path()).containsExactly(
                "POST /v1/events/stagedoor-live/queue", "GET /v1/events/stagedoor-live/queue/t-1",
                "GET /v1/events/stagedoor-live/queue/t-1");

        get(client.hold(TOKEN, EVENT, SEATS,
                RequestOptions.none().withWaitingRoomPass(((PassIssued) answer).pass())));

        assertThat(peer.arrivals().getLast().header("X-Waiting-Room-Pass")).isEqualTo("pass-abc");
    }

    @Test
    void joiningGivesThePlaceInTheQueue() {
        peer.then(Reply.of(202, "{\"ticket\":\"t-2\",\"position\":1234,\"estimatedWait\":\"PT25S\"}",
                "Retry-After", "5"));
        StagedoorClient client = TestClients.onFakeTime(peer, time, RetryPolicy.defaults());

        QueueAnswer answer = get(client.joinQueue(TOKEN, EVENT));

        assertThat(answer).isEqualTo(new InQueue("t-2", 1234, java.util.Optional.of(Duration.ofSeconds(25)),
                java.util.Optional.of(Duration.ofSeconds(5)), answer.stats()));
    }

    @Test
    void aJoinCarriesThePresaleCodeAndPuzzleSolutionItIsGivenAndThePollsCarryNeither() {
        peer.then(Reply.of(202, "{\"ticket\":\"t-5\",\"position\":2}", "Retry-After", "1"),
                Reply.of(200, "{\"ticket\":\"t-5\",\"status\":\"admitted\",\"pass\":\"pass-5\","
                        + "\"expiresAt\":\"2026-11-30T19:15:00Z\"}"));
        StagedoorClient client = TestClients.onFakeTime(peer, time, RetryPolicy.defaults());

        QueueAnswer answer = get(client.awaitPass(TOKEN, EVENT, Duration.ofMinutes(5),
                java.util.Map.of("Presale-Code", "code-5", "Puzzle-Solution", "jp1.x.y:42")));

        assertThat(answer).isInstanceOf(PassIssued.class);
        assertThat(peer.arrivals().get(0).header("Presale-Code")).isEqualTo("code-5");
        assertThat(peer.arrivals().get(0).header("Puzzle-Solution")).isEqualTo("jp1.x.y:42");
        assertThat(peer.arrivals().get(1).header("Presale-Code")).isNull();
    }

    @Test
    void theRoomsPaceIsNotWaitedPastTheDeadline() {
        peer.then(Reply.of(202, "{\"ticket\":\"t-3\",\"position\":9000}", "Retry-After", "60"));
        StagedoorClient client = TestClients.onFakeTime(peer, time, RetryPolicy.defaults());

        QueueAnswer answer = get(client.awaitPass(TOKEN, EVENT, Duration.ofSeconds(30)));

        assertThat(answer).isInstanceOfSatisfying(InQueue.class,
                waiting -> assertThat(waiting.retryAfter()).contains(Duration.ofSeconds(60)));
        assertThat(time.sleeps()).isEmpty();
    }

    @Test
    void aSellOutEndsTheWaitWithTheRoomsMessageAndNoMoreAsking() {
        peer.then(Reply.of(202, "{\"ticket\":\"t-4\",\"status\":\"waiting\",\"position\":40}", "Retry-After", "2"),
                Reply.of(200, "{\"ticket\":\"t-4\",\"status\":\"sold-out\",\"position\":30,"
                        + "\"message\":\"Stagedoor Live is sold out.\"}"));
        StagedoorClient client = TestClients.onFakeTime(peer, time, RetryPolicy.defaults());

        QueueAnswer answer = get(client.awaitPass(TOKEN, EVENT, Duration.ofMinutes(5)));

        assertThat(answer).isInstanceOfSatisfying(WaitOver.class, over -> {
            assertThat(over.status()).isEqualTo("sold-out");
            assertThat(over.ticket()).isEqualTo("t-4");
            assertThat(over.message()).isEqualTo("Stagedoor Live is sold out.");
        });
        assertThat(peer.arrivals()).hasSize(2);
    }

    @Test
    void aJoinTurnedAwayBecauseTheEventSoldOutIsTheEndOfTheWaitToo() {
        peer.then(Reply.of(200, "{\"status\":\"sold-out\",\"position\":0,\"message\":\"sold out\"}"));
        StagedoorClient client = TestClients.onFakeTime(peer, time, RetryPolicy.defaults());

        assertThat(get(client.joinQueue(TOKEN, EVENT))).isInstanceOfSatisfying(WaitOver.class,
                over -> assertThat(over.ticket()).isNull());
    }

    @Test
    void leavingEndsTheWaitAndANoSessionAnswerIsARefusal() {
        peer.then(Reply.problem(503, "service-overloaded", 1L), Reply.of(204, ""),
                Reply.problem(404, "not-found", null));
        StagedoorClient client = TestClients.onFakeTime(peer, time, RetryPolicy.defaults());

        assertThat(get(client.leaveQueue(TOKEN, EVENT))).isInstanceOfSatisfying(WaitOver.class, over -> {
            assertThat(over.status()).isEqualTo("left");
            assertThat(over.stats().retryAfterHonoured()).isTrue();
        });
        assertThat(get(client.leaveQueue(TOKEN, EVENT))).isInstanceOfSatisfying(Refusal.class,
                refused -> assertThat(refused.status()).isEqualTo(404));
        assertThat(peer.arrivals()).extracting(arrival -> arrival.method() + " " + arrival.path()).containsExactly(
                "DELETE /v1/events/stagedoor-live/queue", "DELETE /v1/events/stagedoor-live/queue",
                "DELETE /v1/events/stagedoor-live/queue");
        assertThat(peer.arrivals().getLast().header("Authorization")).isEqualTo("Bearer " + TOKEN);
    }

    @Test
    void logsInForABearerToken() {
        peer.then(Reply.problem(429, "rate-limited", 6L), Reply.of(200, "{\"token\":\"jwt-1\",\"expiresIn\":3600}"));
        StagedoorClient client = TestClients.onFakeTime(peer, time, RetryPolicy.defaults());

        LoginAnswer answer = get(client.login("ada@example.com", "correct horse"));

        assertThat(answer).isInstanceOfSatisfying(LoggedIn.class,
                loggedIn -> assertThat(loggedIn.token()).isEqualTo("jwt-1"));
        assertThat(time.sleeps()).containsExactly(Duration.ofSeconds(6));
        assertThat(peer.arrivals().getFirst().body())
                .isEqualTo("{\"email\":\"ada@example.com\",\"password\":\"correct horse\"}");
        assertThat(peer.arrivals().getFirst().header("Authorization")).isNull();
    }

    @Test
    void aWrongPasswordIsAFinalRefusal() {
        peer.then(Reply.problem(401, "unauthenticated", null));
        StagedoorClient client = TestClients.onFakeTime(peer, time, RetryPolicy.defaults());

        LoginAnswer answer = get(client.login("ada@example.com", "wrong"));

        assertThat(answer).isInstanceOfSatisfying(Refusal.class,
                refusal -> assertThat(refusal.type()).isEqualTo(RefusalType.UNAUTHENTICATED));
        assertThat(peer.arrivals()).hasSize(1);
    }
}
