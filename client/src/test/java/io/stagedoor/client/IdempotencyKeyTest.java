package io.stagedoor.client;

import static io.stagedoor.client.TestClients.EVENT;
import static io.stagedoor.client.TestClients.SEATS;
import static io.stagedoor.client.TestClients.TOKEN;
import static io.stagedoor.client.TestClients.get;
import static org.assertj.core.api.Assertions.assertThat;

import io.stagedoor.client.ScriptedPeer.Reply;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class IdempotencyKeyTest {

    private final ScriptedPeer peer = ScriptedPeer.start();
    private final FakeTime time = new FakeTime();

    @AfterEach
    void stop() {
        peer.close();
    }

    @Test
    void everyAttemptOfOneLogicalPostCarriesTheSameKey() {
        peer.then(Reply.problem(503, "service-overloaded", 1L), Reply.problem(429, "rate-limited", 1L),
                Reply.accepted("c-1"));
        StagedoorClient client = TestClients.onFakeTime(peer, time, RetryPolicy.defaults());

        get(client.hold(TOKEN, EVENT, SEATS));

        assertThat(peer.arrivals()).hasSize(3)
                .extracting(arrival -> arrival.header("Idempotency-Key"))
                .doesNotContainNull()
                .containsOnly(peer.arrivals().getFirst().header("Idempotency-Key"));
        assertThat(peer.arrivals()).extracting(ScriptedPeer.Arrival::body).containsOnly("{\"seats\":[\"A-1\",\"A-2\"]}");
    }

    @Test
    void theCallersKeyIsSentAsItIs() {
        peer.then(Reply.problem(503, "service-overloaded", 1L), Reply.accepted("c-2"));
        StagedoorClient client = TestClients.onFakeTime(peer, time, RetryPolicy.defaults());

        get(client.checkout(TOKEN, "hold_7", "tok_ok", RequestOptions.none().withIdempotencyKey("my-key-1")));

        assertThat(peer.arrivals()).extracting(arrival -> arrival.header("Idempotency-Key"))
                .containsExactly("my-key-1", "my-key-1");
        assertThat(peer.arrivals().getFirst().path()).isEqualTo("/v1/holds/hold_7/checkout");
        assertThat(peer.arrivals().getFirst().body()).isEqualTo("{\"paymentToken\":\"tok_ok\"}");
    }

    @Test
    void eachLogicalPostGetsItsOwnKey() {
        peer.then(Reply.accepted("c-3"), Reply.accepted("c-4"));
        StagedoorClient client = TestClients.onFakeTime(peer, time, RetryPolicy.defaults());

        get(client.hold(TOKEN, EVENT, SEATS));
        get(client.hold(TOKEN, EVENT, SEATS));

        assertThat(peer.arrivals()).extracting(arrival -> arrival.header("Idempotency-Key"))
                .doesNotHaveDuplicates().hasSize(2);
    }

    @Test
    void aPostWhoseAnswerWasLostIsRetriedWithTheSameKey() {
        // the case the key exists for: the service may have taken the first attempt; the retry must not double it
        peer.then(Reply.drop(), Reply.accepted("c-5"));
        StagedoorClient client = TestClients.onFakeTime(peer, time, RetryPolicy.defaults());

        SubmitAnswer answer = get(client.hold(TOKEN, EVENT, SEATS));

        assertThat(answer).isInstanceOfSatisfying(Accepted.class,
                accepted -> assertThat(accepted.correlationId()).isEqualTo("c-5"));
        assertThat(answer.stats().connectionFailures()).isEqualTo(1);
        assertThat(peer.arrivals()).hasSize(2).extracting(arrival -> arrival.header("Idempotency-Key"))
                .containsOnly(peer.arrivals().getFirst().header("Idempotency-Key"));
        assertThat(time.sleeps()).containsExactly(Duration.ofMillis(50));
    }

    @Test
    void aServiceThatNeverAnswersIsUnreachableAfterBackingOffForEachAttempt() throws IOException {
        URI closed;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closed = URI.create("http://127.0.0.1:" + socket.getLocalPort());
        }
        StagedoorClient client = TestClients.onFakeTime(peer, time).baseUri(closed)
                .retryPolicy(RetryPolicy.defaults().withMaxAttempts(4)).build();

        SubmitAnswer answer = get(client.hold(TOKEN, EVENT, SEATS));

        assertThat(answer).isInstanceOfSatisfying(Unreachable.class, unreachable -> {
            assertThat(unreachable.giveUp()).isEqualTo(GiveUp.ATTEMPTS_EXHAUSTED);
            assertThat(unreachable.cause()).isInstanceOf(IOException.class);
            assertThat(unreachable.stats().connectionFailures()).isEqualTo(4);
        });
        assertThat(time.sleeps()).containsExactly(Duration.ofMillis(50), Duration.ofMillis(100),
                Duration.ofMillis(200));
    }
}
